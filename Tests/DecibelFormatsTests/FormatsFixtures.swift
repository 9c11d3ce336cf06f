import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Shared helpers: external reference decoders (`sox`, `ffmpeg`), file generation, whole-file reads.
enum Fixtures {
    /// Whether `name` is on PATH.
    static func hasTool(_ name: String) -> Bool {
        (try? run("which", [name]).status) == 0
    }

    /// Fails the test with a clear message when a reference tool is missing (Scripts/setup installs them).
    static func requireTool(_ name: String) throws {
        try #require(hasTool(name), "\(name) is not installed; run Scripts/setup")
    }

    /// Runs a tool and fails with its stderr when it does not exit 0.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try run(name, arguments)
        try #require(result.status == 0, "\(name) \(arguments.joined(separator: " ")) failed: \(result.standardError)")
        return result
    }

    /// `sox IN -t f32 -`: the reference decode, one array per channel.
    static func soxFloat(_ path: String, channels: Int) throws -> [[Float]] {
        let result = try tool("sox", [path, "-t", "f32", "-"])
        return SignalAnalysis.deinterleave(result.standardOutputData, channels: channels, as: .float32)
    }

    /// `ffmpeg -i IN -f f32le -`: the reference for formats sox cannot read (Opus).
    static func ffmpegFloat(_ path: String, channels: Int) throws -> [[Float]] {
        let result = try tool("ffmpeg", ["-v", "error", "-i", path, "-f", "f32le", "-ac", "\(channels)", "-"])
        return SignalAnalysis.deinterleave(result.standardOutputData, channels: channels, as: .float32)
    }

    /// Every frame of `path` through `AudioFile`, one array per channel.
    static func decode(_ path: String) throws -> [[Float]] {
        let file = try AudioFile(path: path)
        let buffer = try file.readAll()
        return (0..<file.channelCount).map { buffer.samples(ofChannel: $0) }
    }

    /// A stereo test signal (440 Hz left, 1003 Hz right, half scale) as a 32-bit float WAV made by sox.
    static func makeSource(
        in directory: URL, rate: Int = 48_000, seconds: Double = 1, channels: Int = 2
    ) throws -> String {
        let path = directory.appendingPathComponent("source-\(rate)-\(channels).wav").path
        var synth = [
            "-n", "-r", "\(rate)", "-c", "\(channels)", "-b", "32", "-e", "floating-point", path, "synth", "\(seconds)",
            "sine", "440",
        ]
        if channels > 1 { synth += ["sine", "1003"] }
        try tool("sox", synth + ["vol", "0.5"])
        return path
    }

    /// The largest absolute difference between two signals over their common length.
    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
        var worst: Float = 0
        for index in 0..<min(a.count, b.count) { worst = max(worst, abs(a[index] - b[index])) }
        return worst
    }

    /// The lag (in samples, `test` relative to `reference`) within ±`maxLag` that minimises their
    /// difference, for codecs whose decoders disagree on the encoder delay (MP3: libmad in sox skips none
    /// of it, mpg123 in libsndfile skips all of it). Least error, not largest correlation: a sine
    /// correlates almost as well one period off.
    static func bestLag(_ test: [Float], reference: [Float], maxLag: Int = 2_400, window: Int = 2_048) -> Int {
        let start = maxLag
        var best = 0, bestError = Double.infinity
        guard test.count > start + window + maxLag, reference.count > start + window else { return 0 }
        for lag in -maxLag...maxLag {
            var error = 0.0
            for index in start..<(start + window) {
                let difference = Double(test[index + lag]) - Double(reference[index])
                error += difference * difference
            }
            if error < bestError { (best, bestError) = (lag, error) }
        }
        return best
    }

    /// A fresh temporary directory for one test.
    static func directory(_ name: String) -> URL { TestEnvironment.temporaryDirectory("decibel-formats-\(name)") }
}
