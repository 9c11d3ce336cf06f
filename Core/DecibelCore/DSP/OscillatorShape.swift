/// The shapes an `Oscillator` produces.
public enum OscillatorShape: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A pure tone.
    case sine
    /// Odd harmonics at 1/n, band-limited (PolyBLEP).
    case square
    /// Odd harmonics at 1/n², which fall fast enough that aliasing stays far below audibility.
    case triangle
    /// Every harmonic at 1/n, band-limited (PolyBLEP).
    case sawtooth
    /// White noise: equal power per hertz.
    case noise
    /// Pink noise: equal power per octave (-3 dB/octave).
    case pinkNoise = "pink"

    public var description: String { rawValue }
}
