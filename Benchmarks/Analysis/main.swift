// analysis-bench: DecibelAnalysis beside its peers, in one run.
//
//   1. pitch per 2048-frame block: PitchDetector (window 2048) against aubio's yinfft and yin (buffer 2048,
//      hop 2048) from C, on the same 60 s of a swept sawtooth; with how often the two agree;
//   2. loudness per second of 48 kHz stereo audio: reading a 10-minute WAV through LoudnessMeter (with true
//      peak) against `ffmpeg -af ebur128=peak=true` on the same file (decoding included in both).
// Ratios above 1 mean Decibel is faster. Best pass of each (pitch: seven rounds, the sides alternating; loudness:
// three). `analysis-bench pitch` (or `loudness`) runs one part.
import BenchSummary
import CAubioBench
import DecibelAnalysis
import DecibelCore
import DecibelFormats
import Foundation

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = MonotonicClock.now()
    try body()
    return Double(MonotonicClock.now() - start) / 1e9
}

func generate(_ path: String, format: String, effects: String) throws {
    guard !FileManager.default.fileExists(atPath: path) else { return }
    print("generating \(path) with sox…")
    guard runShell("sox -n \(format) \(path) \(effects)").status == 0 else {
        throw BenchError("sox failed for \(path)")
    }
}

func pitch() throws {
    let path = "/tmp/decibel-analysis-bench-pitch.wav"
    try generate(path, format: "-r 48000 -c 1 -b 32 -e floating-point", effects: "synth 60 sawtooth 55:1760 gain -12")
    let file = try AudioFile(path: path)
    let decoded = try file.readAll()
    let samples = Array(UnsafeBufferPointer(start: decoded.view.samples(0), count: decoded.frameLength))
    let block = 2048, blocks = samples.count / block, rounds = 7

    // Rounds alternate between the two sides and each keeps its best pass, so a busy moment of the machine
    // (a VM's neighbours) lands on one pass of one side, not on a whole side.
    var theirs = [Float](repeating: 0, count: blocks)
    func aubio(_ method: String, into estimates: inout [Float]) -> Double {
        samples.withUnsafeBufferPointer {
            decibel_bench_aubio_pitch(
                method, $0.baseAddress, Int32(samples.count), Int32(block), Int32(block), 48_000, 1, &estimates)
        }
    }
    func ours(_ detector: PitchDetector, into estimates: inout [Double?]) -> Double {
        detector.reset()
        let elapsed = samples.withUnsafeBufferPointer { buffer in
            seconds {
                for index in 0..<blocks {
                    detector.append(UnsafeBufferPointer(rebasing: buffer[(index * block)..<((index + 1) * block)]))
                    estimates[index] = detector.estimate()?.frequency
                }
            }
        }
        return elapsed / Double(blocks) * 1e6
    }
    let sameWindow = try PitchDetector(
        sampleRate: 48_000, configuration: .init(minimumFrequency: 55, maximumFrequency: 4_200, windowSize: 2_048))
    let defaultWindow = try PitchDetector(sampleRate: 48_000)
    var estimates = [Double?](repeating: nil, count: blocks), unused = estimates
    var yinEstimates = [Float](repeating: 0, count: blocks)
    var same = Double.infinity, yinfft = Double.infinity, yin = Double.infinity, defaults = Double.infinity
    for _ in 0..<rounds {
        yinfft = min(yinfft, aubio("yinfft", into: &theirs))
        same = min(same, ours(sameWindow, into: &estimates))
        yin = min(yin, aubio("yin", into: &yinEstimates))
        defaults = min(defaults, ours(defaultWindow, into: &unused))
    }

    var compared = 0, agreeing = 0
    for index in 1..<blocks where theirs[index] > 0 {
        guard let mine = estimates[index] else { continue }
        compared += 1
        if abs(1200 * log2(mine / Double(theirs[index]))) < 50 { agreeing += 1 }
    }
    print("pitch, µs per 2048-frame block (60 s of a 55–1760 Hz sawtooth sweep, 48 kHz):")
    print(String(format: "  PitchDetector, window 2048          %7.1f µs", same))
    print(String(format: "  aubio yinfft, buffer 2048           %7.1f µs   ratio %.2f", yinfft, yinfft / same))
    print(String(format: "  aubio yin, buffer 2048              %7.1f µs   ratio %.2f", yin, yin / same))
    print(String(format: "  PitchDetector, default window 8192  %7.1f µs   (40 Hz floor)", defaults))
    print("  agreement with yinfft: \(agreeing) of \(compared) blocks both voiced within 50 cents")
    printSummary(
        "pitch per 2048-frame block (aubio yinfft ÷ PitchDetector)", decibel: String(format: "%.1f µs", same),
        peer: String(format: "yinfft %.1f µs", yinfft), ratio: yinfft / same, goal: .atLeast(1.5))
}

func loudness() throws {
    let path = "/tmp/decibel-analysis-bench-loudness.wav"
    try generate(path, format: "-r 48000 -c 2 -b 16", effects: "synth 600 pinknoise tremolo 0.1 60 gain -12")
    let duration = 600.0
    var oursBest = Double.infinity, ffmpegBest = Double.infinity
    var ourReading = 0.0, ffmpegReading = ""
    for _ in 0..<3 {
        oursBest = min(
            oursBest,
            try seconds {
                let file = try AudioFile(path: path)
                let meter = try LoudnessMeter(sampleRate: file.sampleRate, channelCount: file.channelCount)
                let buffer = AudioBuffer(channelCount: file.channelCount, frameCapacity: file.chunkFrames)
                while !file.isAtEnd {
                    let count = try file.read(into: buffer.view(frames: buffer.frameCapacity))
                    if count == 0 { break }
                    meter.process(buffer.view(frames: count))
                }
                ourReading = meter.integrated
            })
        // framelog=verbose: the Summary still comes at the info level, the 6000 lines of a 10-minute file do not.
        let result = runShell(
            "ffmpeg -nostats -hide_banner -benchmark -i \(path) -af ebur128=peak=true:framelog=verbose -f null - </dev/null"
        )
        guard result.status == 0, let ffmpegSeconds = FFmpegTiming.realSeconds(fromStandardError: result.errors) else {
            throw BenchError("ffmpeg failed: \(result.errors.suffix(300))")
        }
        ffmpegBest = min(ffmpegBest, ffmpegSeconds)
        let summary = result.errors.components(separatedBy: "Summary:").last ?? ""
        ffmpegReading =
            summary.components(separatedBy: "\n").first { $0.contains("I:") }?
            .trimmingCharacters(in: .whitespaces) ?? "?"
    }
    print("loudness, ms per second of 48 kHz stereo (a 10-minute 16-bit WAV, read and measured, true peak on):")
    print(
        String(
            format: "  LoudnessMeter          %6.3f ms   integrated %.1f LUFS", oursBest / duration * 1e3, ourReading))
    print(
        String(
            format: "  ffmpeg ebur128         %6.3f ms   %@   ratio %.2f", ffmpegBest / duration * 1e3, ffmpegReading,
            ffmpegBest / oursBest))
    printSummary(
        "loudness per second of stereo, true peak (ffmpeg ebur128 ÷ LoudnessMeter)",
        decibel: String(format: "%.2f ms", oursBest / duration * 1e3),
        peer: String(format: "ffmpeg %.2f ms", ffmpegBest / duration * 1e3), ratio: ffmpegBest / oursBest,
        goal: .atLeast(1))
}

do {
    print("analysis-bench on \(ProcessInfo.processInfo.processorCount) cores")
    let only = CommandLine.arguments.dropFirst().first  // "pitch" or "loudness" runs that part alone
    if only != "loudness" { try pitch() }
    if only != "pitch" { try loudness() }
} catch {
    print("analysis-bench: \(error)")
    exit(1)
}
