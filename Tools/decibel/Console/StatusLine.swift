import DecibelToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// The live line `play` and `record` show: a progress bar with time and a level meter on a terminal,
/// plain lines once a second when stderr is a pipe or a file.
struct StatusLine {
    /// Whether stderr is a terminal (redraw in place) or not (plain lines).
    let isTerminal: Bool
    /// Columns available on a terminal.
    let width: Int
    private var lastPlainSecond = -1

    init(isTerminal: Bool = isatty(STDERR_FILENO) != 0, width: Int? = nil) {
        self.isTerminal = isTerminal
        self.width = width ?? Self.terminalWidth() ?? 80
    }

    /// Formats seconds as `m:ss`, or `h:mm:ss` from an hour on.
    static func time(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    /// A meter bar of `width` cells for a level in dBFS (-60 dB and below is empty, 0 dB is full).
    static func meter(_ decibels: Float, width: Int) -> String {
        guard decibels.isFinite || decibels == .infinity else { return String(repeating: "-", count: width) }
        let fraction = max(0, min(1, (Double(decibels) + 60) / 60))
        let filled = Int((fraction * Double(width)).rounded())
        return String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    }

    /// A level in dBFS as text, `-inf` for silence.
    static func decibels(_ value: Float) -> String {
        guard value.isFinite, value > -120 else { return " -inf" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : " "
        let magnitude = abs(tenths)
        return "\(sign)\(magnitude / 10).\(magnitude % 10)".leftPadded(to: 5)
    }

    /// The text of one status update; `duration` is nil while recording open-ended.
    func render(position: Double, duration: Double?, peaks: [Float], label: String) -> String {
        let levels = peaks.map { Self.decibels($0) }.joined(separator: " ")
        let times = duration.map { "\(Self.time(position)) / \(Self.time($0))" } ?? Self.time(position)
        guard isTerminal else { return "\(label) \(times)  peak dBFS \(levels)" }
        let meterWidth = max(4, min(20, width / 6))
        let meters = peaks.map { Self.meter($0, width: meterWidth) }.joined(separator: " ")
        let fixed = label.count + times.count + meters.count + levels.count + 10
        let barWidth = max(0, width - fixed)
        var text = "\(label) \(times)"
        if let duration, barWidth >= 5 {
            let done = duration > 0 ? Int(Double(barWidth) * min(1, position / duration)) : 0
            text += " [" + String(repeating: "=", count: done) + String(repeating: " ", count: barWidth - done) + "]"
        }
        return text + " " + meters + " " + levels
    }

    /// Shows an update: redraws in place on a terminal, prints at most one line a second otherwise.
    mutating func show(position: Double, duration: Double?, peaks: [Float], label: String) {
        let line = render(position: position, duration: duration, peaks: peaks, label: label)
        if isTerminal {
            printError("\r\u{1B}[2K" + line, newline: false)
        } else if Int(position) != lastPlainSecond {
            lastPlainSecond = Int(position)
            printError(line)
        }
    }

    /// Ends the live line so later messages start on a fresh line.
    func finish() {
        if isTerminal { printError("") }
    }

    private static func terminalWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
