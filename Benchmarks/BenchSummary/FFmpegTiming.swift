import Foundation

/// ffmpeg's own measure of its work: with `-benchmark` it prints `bench: utime=… stime=… rtime=…s` on stderr
/// when it ends, the wall time of its processing loop. Timing the process instead counted a shell, Foundation's
/// `Process` and ffmpeg's start-up (60-80 ms a run here, 3-8 % of a loudness or waveform run), which the
/// in-process Decibel side does not pay.
public enum FFmpegTiming {
    /// The `rtime` in seconds from ffmpeg's stderr, if `-benchmark` printed one.
    public static func realSeconds(fromStandardError text: String) -> Double? {
        guard let line = text.split(separator: "\n").last(where: { $0.contains("bench: utime=") }),
            let field = line.split(separator: " ").first(where: { $0.hasPrefix("rtime=") })
        else { return nil }
        return Double(field.dropFirst("rtime=".count).prefix { $0 != "s" })
    }
}

/// Runs `command` with /bin/sh to its end: its exit status and what it wrote on stderr (ffmpeg's `-benchmark`
/// line, its loudness summary). Not for timing: the shell and the process are not the measured work.
public func runShell(_ command: String) -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let errors = Pipe()
    process.standardError = errors
    do { try process.run() } catch { return (-1, "") }
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
