import DecibelTestSupport
import Foundation
import Testing

/// Test signals made by sox (the independent tool) and read back as Float, and ffmpeg's ebur128 readings.
enum AnalysisFixtures {
    static let directory = TestEnvironment.temporaryDirectory("analysis")

    /// Runs sox with `arguments` writing `name` (a WAV in the fixtures folder, under a name of its own) and
    /// returns its path. Each call gets its own file: tests running in parallel ask for the same tone (CI18:
    /// two sox processes wrote `sine-40.0.wav` at once and one conversion failed).
    static func sox(_ name: String, _ arguments: [String]) throws -> String {
        let path = directory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
        let result = try run("sox", ["-n"] + ["-b", "32", "-e", "floating-point", path] + arguments)
        try #require(result.status == 0, "sox \(arguments): \(result.standardError)")
        return path
    }

    /// The samples of `path`, mixed to mono, as 32-bit floats at the file's own rate.
    static func monoSamples(_ path: String) throws -> [Float] {
        let raw = path + ".f32"
        try #require(try run("sox", [path, "-t", "f32", "-c", "1", raw]).status == 0)
        return SignalAnalysis.deinterleave(try Data(contentsOf: URL(fileURLWithPath: raw)), channels: 1, as: .float32)[
            0]
    }

    /// All channels of `path`.
    static func channels(_ path: String, count: Int) throws -> [[Float]] {
        let raw = path + ".all.f32"
        try #require(try run("sox", [path, "-t", "f32", raw]).status == 0)
        return SignalAnalysis.deinterleave(
            try Data(contentsOf: URL(fileURLWithPath: raw)), channels: count, as: .float32)
    }

    /// ffmpeg's ebur128 summary of `path`: integrated (LUFS), range (LU) and true peak (dBFS).
    static func ffmpegLoudness(_ path: String) throws -> (integrated: Double, range: Double, truePeak: Double) {
        let result = try run(
            "ffmpeg",
            ["-nostats", "-hide_banner", "-i", path, "-filter_complex", "ebur128=peak=true", "-f", "null", "-"])
        try #require(result.status == 0, "ffmpeg: \(result.standardError.suffix(400))")
        let summary = result.standardError.components(separatedBy: "Summary:").last ?? ""
        func value(after label: String) -> Double? {
            guard let range = summary.range(of: label) else { return nil }
            let rest = summary[range.upperBound...].drop { $0 == " " }
            return Double(rest.prefix { "-+0123456789.".contains($0) })
        }
        let integrated = try #require(value(after: "I:"), "no I: in \(summary)")
        let range = try #require(value(after: "LRA:"), "no LRA: in \(summary)")
        let peak = value(after: "Peak:") ?? -.infinity
        return (integrated, range, peak)
    }
}
