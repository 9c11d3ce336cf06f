#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The loop that keeps a ring between two clocks at its target fill: a PI controller on the ring's fill
/// (smoothed), whose output is the relative correction to apply to the resampling ratio.
///
/// With the input clock running at `(1 + d)` times the output's (relative to their nominal rates), the
/// fill grows at `inputRate × (d − correction)` frames per second; the integral term settles at `d`, so
/// `drift` is the measured drift and the fill returns to the target. The loop is critically damped with
/// natural frequency `bandwidth` (rad/s): the default 0.2 settles a step of drift in about 20 s and
/// follows slow thermal wander, while the fill smoothing (half a second) keeps block-sized jitter out of
/// the ratio (one frame of error moves the ratio by 8 ppm). `alsa_in` and `zita-ajbridge` use the same kind of loop.
public struct DriftController: Sendable {
    /// The fill (input frames) the loop holds the ring at.
    public private(set) var targetFill: Double
    /// The largest correction the loop applies either way (0.002 is ±2000 ppm).
    public let maximumCorrection: Double
    /// The largest fill error (frames) the loop acts on: a step beyond it — a device that missed a cycle —
    /// moves the fill back at the loop's fastest pace without winding the drift estimate up for seconds.
    public let errorLimit: Double
    /// The loop's drift term: the input clock's drift against the output's as the loop tracks it, as a
    /// fraction (1e-6 is 1 ppm). It moves with every disturbance the loop answers.
    public private(set) var drift = 0.0
    /// `drift` averaged over the last ten seconds or so: the measured drift to report.
    public private(set) var averageDrift = 0.0
    /// The correction last returned: `drift` plus the proportional term.
    public private(set) var correction = 0.0
    /// The smoothed fill the loop acts on.
    public private(set) var smoothedFill: Double

    private let proportionalGain: Double
    private let integralGain: Double
    private let smoothingSeconds: Double

    /// A loop for a ring fed at `inputRate` frames per second.
    public init(
        targetFill: Double, inputRate: Double, bandwidth: Double = 0.2, maximumCorrection: Double = 0.002,
        errorLimit: Double = .infinity, smoothingSeconds: Double = 0.5
    ) {
        self.targetFill = targetFill
        self.maximumCorrection = maximumCorrection
        self.errorLimit = errorLimit
        self.smoothingSeconds = smoothingSeconds
        smoothedFill = targetFill
        // Plant: d(fill)/dt = inputRate · (d − c). With c = Kp·e + Ki·∫e, the closed loop is
        // s² + inputRate·Kp·s + inputRate·Ki; critical damping at ωn = bandwidth.
        proportionalGain = 2 * bandwidth / inputRate
        integralGain = bandwidth * bandwidth / inputRate
    }

    /// Restarts the smoothing at `fill` (after a resync), keeping the drift learned so far.
    public mutating func reset(fill: Double) {
        smoothedFill = fill
        correction = drift
    }

    /// Restarts the smoothing at `fill`, keeping the drift learned so far, and holds the ring at `target` from
    /// now on: for example at a fill found below the target, which only the loop could make up, by a
    /// correction the integral would take for drift.
    public mutating func reset(fill: Double, target: Double) {
        targetFill = target
        reset(fill: fill)
    }

    /// Takes a fill measurement into the smoothing only, leaving the correction at `drift`: for the first
    /// moments after a lock, while the mean fill is not known yet.
    public mutating func observe(fill: Double, interval: Double) -> Double {
        smoothedFill += (1 - exp(-interval / smoothingSeconds)) * (fill - smoothedFill)
        correction = drift
        return correction
    }

    /// Takes the fill measured now, `interval` seconds after the previous measurement, and returns the
    /// relative correction for the resampling ratio (input frames per output frame × (1 + correction)).
    public mutating func update(fill: Double, interval: Double) -> Double {
        smoothedFill += (1 - exp(-interval / smoothingSeconds)) * (fill - smoothedFill)
        let error = min(max(smoothedFill - targetFill, -errorLimit), errorLimit)
        drift = min(max(drift + integralGain * error * interval, -maximumCorrection), maximumCorrection)
        averageDrift += (1 - exp(-interval / 10)) * (drift - averageDrift)
        correction = min(max(drift + proportionalGain * error, -maximumCorrection), maximumCorrection)
        return correction
    }
}
