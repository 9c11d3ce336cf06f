#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The equal-tempered note nearest to a frequency, and how far the frequency is from it.
///
/// ```swift
/// let note = MusicalNote(frequency: 446.2)        // reference A4 = 440 Hz
/// print(note.name, note.octave, note.cents)         // "A 4 24.2…"
/// ```
public struct MusicalNote: Hashable, Sendable, CustomStringConvertible {
    /// Pitch-class names from C, with sharps: `C`, `C#`, `D`, … `B`.
    public static let names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// MIDI note number of the nearest note (A4 = 69, middle C = 60).
    public var midiNumber: Int
    /// Deviation from that note in cents (-50 … +50): positive is sharp.
    public var cents: Double
    /// The nearest note's own frequency, in Hz, against `reference`.
    public var noteFrequency: Double
    /// The frequency of A4 the note was measured against, in Hz.
    public var reference: Double

    /// The note nearest to `frequency` (Hz, > 0) with A4 at `reference` Hz.
    public init(frequency: Double, reference: Double = 440) {
        precondition(
            frequency > 0 && frequency.isFinite && reference > 0 && reference.isFinite,
            "MusicalNote needs a positive frequency and reference, not \(frequency) and \(reference) Hz")
        let exact = 69 + 12 * log2(frequency / reference)
        let nearest = exact.rounded()
        midiNumber = Int(nearest)
        cents = (exact - nearest) * 100
        noteFrequency = reference * pow(2, (nearest - 69) / 12)
        self.reference = reference
    }

    /// The pitch-class name, such as `A` or `C#`.
    public var name: String { Self.names[((midiNumber % 12) + 12) % 12] }
    /// Scientific-pitch octave: middle C is C4, and A4 is the reference.
    public var octave: Int { Int((Double(midiNumber) / 12).rounded(.down)) - 1 }

    /// Name and octave, such as `A4` or `C#3`.
    public var description: String { "\(name)\(octave)" }
}
