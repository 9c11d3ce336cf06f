import CDecibelSIMD
import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Passes its input through unchanged and measures it: peak and RMS per channel in dBFS, readable from
/// any control thread.
///
/// The peak is the largest magnitude since the last `peakDBFS` read of that channel (so a UI polling at
/// any rate never misses a transient); the RMS is over the last complete window of `windowFrames` frames.
public final class LevelMeter: RenderNode, @unchecked Sendable {
    /// Frames per RMS window.
    public let windowFrames: Int
    private let peaks: AtomicFloats
    private let rmsValues: AtomicFloats
    @exclusivity(unchecked) private var sums: [Double]
    @exclusivity(unchecked) private var counted = 0

    /// Creates a meter of `channelCount` channels with an RMS window of `windowFrames` frames.
    public init(channelCount: Int = 2, windowFrames: Int = 4800) {
        self.windowFrames = max(1, windowFrames)
        peaks = AtomicFloats(count: channelCount)
        rmsValues = AtomicFloats(count: channelCount)
        sums = Array(repeating: 0, count: channelCount)
        super.init(inputBusCount: 1, channelCount: channelCount)
    }

    /// Largest magnitude on `channel` since the last call, in dBFS (-infinity for silence). Resets it.
    public func peakDBFS(channel: Int = 0) -> Double {
        guard channel >= 0 && channel < peaks.count else { return -.infinity }
        return Self.decibels(peaks.take(channel))
    }

    /// RMS of `channel` over the last complete window, in dBFS (-infinity for silence).
    public func rmsDBFS(channel: Int = 0) -> Double {
        guard channel >= 0 && channel < rmsValues.count else { return -.infinity }
        return Self.decibels(rmsValues.load(channel))
    }

    static func decibels(_ value: Float) -> Double {
        value > 0 ? 20 * log10(Double(value)) : -.infinity
    }

    override public func resetState() {
        for channel in 0..<sums.count { sums[channel] = 0 }
        counted = 0
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let input = context.input(0)
        var offset = 0
        while offset < frames {
            let count = min(frames - offset, windowFrames - counted)
            for channel in 0..<channelCount {
                let out = context.output.samples(channel) + offset
                guard let source = input.mappedChannel(channel) else {
                    out.update(repeating: 0, count: count)
                    continue
                }
                out.update(from: source + offset, count: count)
                let measured = Self.peakAndSumOfSquares(UnsafePointer(out), count: count)
                sums[channel] += measured.sumOfSquares
                peaks.raise(channel, to: measured.peak)
            }
            counted += count
            offset += count
            if counted == windowFrames {
                for channel in 0..<channelCount {
                    rmsValues.store(Float((sums[channel] / Double(windowFrames)).squareRoot()), at: channel)
                    sums[channel] = 0
                }
                counted = 0
            }
        }
    }

    /// The largest magnitude of `count` samples and the sum of their squares: CDecibelSIMD's summary kernel
    /// (AVX2 where the CPU has it), whose squares add up in `Float` lanes for at most 4096 samples and in
    /// `Double` across those, so a window of any length keeps the precision of a `Double` sum. (Swift's
    /// `pointwiseMax` on `SIMD8<Float>` was a call per eight samples in release builds, not an instruction.)
    static func peakAndSumOfSquares(_ samples: UnsafePointer<Float>, count: Int) -> (peak: Float, sumOfSquares: Double)
    {
        var lowest: Float = 0, highest: Float = 0, sum = 0.0
        decibel_summarize(samples, count, &lowest, &highest, &sum)
        return (max(highest, -lowest), sum)
    }
}
