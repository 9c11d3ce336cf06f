#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A band-limited tone and noise generator with no allocation, for render callbacks.
///
/// Square and sawtooth use PolyBLEP corrections at their discontinuities so a 5 kHz square at 48 kHz
/// does not fold harmonics back into the audible band. Amplitude is the peak value.
public struct Oscillator: Sendable {
    /// The shape.
    public var shape: OscillatorShape
    /// Frequency in hertz (ignored by noise).
    public var frequency: Double
    /// Peak amplitude (1.0 is full scale).
    public var amplitude: Float
    /// The rate the samples are for.
    public var sampleRate: Double
    /// Position within the current cycle, 0 ..< 1.
    public private(set) var phase: Double
    private var random: UInt64
    private var pink: (Float, Float, Float) = (0, 0, 0)

    /// Creates an oscillator starting at `phase` (0 ..< 1); `seed` fixes the noise sequence.
    public init(
        shape: OscillatorShape = .sine, frequency: Double = 440, amplitude: Float = 0.5, sampleRate: Double = 48_000,
        phase: Double = 0, seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    ) {
        self.shape = shape
        self.frequency = frequency
        self.amplitude = amplitude
        self.sampleRate = sampleRate
        self.phase = phase - phase.rounded(.down)
        self.random = seed == 0 ? 1 : seed
    }

    /// Writes `count` samples to `destination`, replacing what was there.
    public mutating func render(into destination: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count { destination[i] = nextSample() }
    }

    /// Adds `count` samples to what `destination` holds.
    public mutating func mix(into destination: UnsafeMutablePointer<Float>, count: Int) {
        for i in 0..<count { destination[i] += nextSample() }
    }

    /// The next sample.
    @inline(__always)
    public mutating func nextSample() -> Float {
        let increment = frequency / sampleRate
        let t = phase
        var value: Double
        switch shape {
        case .sine:
            value = sin(2 * Double.pi * t)
        case .square:
            value = t < 0.5 ? 1 : -1
            value += Self.polyBLEP(t, increment)
            var shifted = t + 0.5
            if shifted >= 1 { shifted -= 1 }
            value -= Self.polyBLEP(shifted, increment)
        case .triangle:
            value = t < 0.5 ? 4 * t - 1 : 3 - 4 * t
        case .sawtooth:
            value = 2 * t - 1
            value -= Self.polyBLEP(t, increment)
        case .noise:
            return amplitude * whiteSample()
        case .pinkNoise:
            return amplitude * pinkSample()
        }
        phase = t + increment
        if phase >= 1 { phase -= phase.rounded(.down) }
        return amplitude * Float(value)
    }

    /// The PolyBLEP residual for a unit step at phase 0, for phase `t` advancing `dt` per sample.
    @inline(__always)
    static func polyBLEP(_ t: Double, _ dt: Double) -> Double {
        if t < dt {
            let x = t / dt
            return x + x - x * x - 1
        } else if t > 1 - dt {
            let x = (t - 1) / dt
            return x * x + x + x + 1
        }
        return 0
    }

    /// Uniform white noise in -1 ..< 1 (xorshift64*).
    @inline(__always)
    private mutating func whiteSample() -> Float {
        random ^= random >> 12
        random ^= random << 25
        random ^= random >> 27
        let bits = (random &* 0x2545_F491_4F6C_DD1D) >> 40  // 24 random bits
        return Float(bits) / Float(1 << 23) - 1
    }

    /// Pink noise from white noise through Paul Kellet's economy three-pole filter, scaled to stay
    /// within -1 ... 1 in practice.
    @inline(__always)
    private mutating func pinkSample() -> Float {
        let white = whiteSample()
        pink.0 = 0.99765 * pink.0 + white * 0.0990460
        pink.1 = 0.96300 * pink.1 + white * 0.2965164
        pink.2 = 0.57000 * pink.2 + white * 1.0526913
        let value = (pink.0 + pink.1 + pink.2 + white * 0.1848) * 0.25
        return max(-1, min(1, value))
    }
}
