import DecibelAnalysis
import DecibelToolSupport
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// What `decibel tune` prints: one line redrawn in place on a terminal, or a JSON object per reading.
struct TunerDisplay {
    let reference: Double
    let asJSON: Bool
    /// Columns of the needle bar, -50 … +50 cents.
    static let barWidth = 41

    /// The needle: `[` … `|` (in tune) … `]`, with `*` where the note is, or `=` when within 5 cents.
    static func needle(cents: Double) -> String {
        let half = barWidth / 2
        let position = max(0, min(barWidth - 1, half + Int((cents / 50 * Double(half)).rounded())))
        var bar = Array(repeating: Character("-"), count: barWidth)
        bar[half] = "|"
        bar[position] = abs(cents) <= 5 ? "=" : "*"
        return "[" + String(bar) + "]"
    }

    /// The text for one reading (`nil`: no pitch).
    func line(_ estimate: PitchEstimate?, at time: Double) -> String {
        guard let estimate else {
            return asJSON
                ? "{\"time\": \(String(printf: "%.2f", time)), \"note\": null, \"cents\": null, \"frequency\": null, \"clarity\": null}"
                : "  --   " + Self.needle(cents: 0).replacingEachCharacter(with: " ") + "   listening…"
        }
        let note = estimate.note(reference: reference)
        let cents = String(printf: "%.1f", note.cents), frequency = String(printf: "%.2f", estimate.frequency)
        let clarity = String(printf: "%.2f", estimate.clarity)
        if asJSON {
            return
                "{\"time\": \(String(printf: "%.2f", time)), \"note\": \"\(note)\", \"cents\": \(cents), \"frequency\": \(frequency), \"clarity\": \(clarity)}"
        }
        let signed = String(printf: "%+.1f", note.cents)
        return column(note.description, 4) + signed.leftPadded(to: 6) + " cents " + Self.needle(cents: note.cents)
            + " " + frequency.leftPadded(to: 8) + " Hz  clarity " + clarity
    }

    /// Writes the reading at once (unbuffered), so a pipe or a terminal sees each one as it happens.
    func show(_ estimate: PitchEstimate?, at time: Double) {
        Self.write(asJSON ? line(estimate, at: time) + "\n" : "\r" + line(estimate, at: time) + "\u{1B}[K")
    }

    func finish() {
        if !asJSON { Self.write("\n") }
    }

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
}

extension String {
    fileprivate func replacingEachCharacter(with replacement: Character) -> String {
        String(repeating: replacement, count: count)
    }
}
