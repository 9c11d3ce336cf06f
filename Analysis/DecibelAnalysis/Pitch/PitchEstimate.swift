/// One pitch reading: the fundamental frequency and how clearly periodic the signal was.
public struct PitchEstimate: Hashable, Sendable {
    /// Fundamental frequency in Hz.
    public var frequency: Double
    /// How periodic the window was, 0 … 1: the normalised autocorrelation at the period (McLeod's
    /// *clarity*). A clean tone reads above 0.95, a voice 0.8 – 0.95, noise well below.
    public var clarity: Double

    /// Creates a reading of `frequency` Hz with `clarity` 0 … 1.
    public init(frequency: Double, clarity: Double) {
        self.frequency = frequency
        self.clarity = clarity
    }

    /// The nearest note and the deviation from it, with A4 at `reference` Hz.
    public func note(reference: Double = 440) -> MusicalNote { MusicalNote(frequency: frequency, reference: reference) }
}
