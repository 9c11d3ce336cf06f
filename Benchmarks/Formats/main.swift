import BenchSummary
import CSndFileBench
import DecibelCore
import DecibelFormats
import DecibelStreams
import Foundation

// formats-bench: DecibelFormats against its C peers, side by side in one run.
//
//   swift run -c release --package-path Benchmarks formats-bench [--minutes N] [--rounds N] [--decode-only]
//
// 1. Decoding a 1-hour 48 kHz stereo 16-bit WAV and FLAC to Float32: `AudioFile.read(into:)` (non-interleaved
//    AudioBuffer, 4096-frame blocks) versus a plain C `sf_readf_float` loop over the same file (interleaved).
//    Reported as speed ratio C time / Swift time; the target is ≥ 0.95.
// 2. Waveform data for the same files (1800 points, per channel) versus
//    `ffmpeg -i FILE -filter_complex showwavespic=s=1800x140 -frames:v 1 OUT.png`.
// 3. Resampling 60 s of stereo 1 kHz sine: `Resampler` (libsoxr VHQ) versus libsamplerate SINC_BEST/MEDIUM.
//
// Test files are generated once in /tmp/decibel-bench (never committed) with sox and flac.
// Every timing is the best of `--rounds` runs (default 3), C and Swift alternating so both see the
// same page-cache and CPU conditions.
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}
let minutes = option("--minutes", default: 60)
let rounds = option("--rounds", default: 3)
let decodeOnly = arguments.contains("--decode-only")

func shell(_ command: String) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = MonotonicClock.now()
    try body()
    return Double(MonotonicClock.now() - start) / 1e9
}

let directory = "/tmp/decibel-bench"
_ = shell("mkdir -p \(directory)")
let wav = "\(directory)/bench-\(minutes)min-48k-stereo.wav"
let flac = "\(directory)/bench-\(minutes)min-48k-stereo.flac"
if access(wav, R_OK) != 0 {
    print("generating \(wav) (\(minutes) min, 48 kHz, stereo, 16-bit) with sox …")
    guard
        shell(
            "sox -n -r 48000 -c 2 -b 16 -t wav \(wav).part synth \(minutes * 60) sine 440 sine 661 tremolo 3 60 vol 0.5 2>/dev/null && mv \(wav).part \(wav)"
        ) == 0
    else {
        print("formats-bench: sox failed; run Scripts/setup"); exit(1)
    }
}
if access(flac, R_OK) != 0 {
    print("generating \(flac) with flac -5 …")
    guard shell("flac -s -5 -f -o \(flac).part \(wav) && mv \(flac).part \(flac)") == 0 else {
        print("formats-bench: flac failed; run Scripts/setup"); exit(1)
    }
}

/// Decodes the whole file through AudioFile into one reused AudioBuffer.
func decibelDecode(_ path: String, blockFrames: Int = 4096) throws -> (frames: Int, checksum: Double) {
    let file = try AudioFile(path: path, chunkFrames: blockFrames)
    let block = AudioBuffer(channelCount: file.channelCount, frameCapacity: blockFrames)
    var frames = 0, checksum = 0.0
    while true {
        let count = try file.read(into: block.view(frames: blockFrames))
        if count == 0 { break }
        frames += count
        checksum += Double(block[0][0])
    }
    return (frames, checksum)
}

print("\n== decode to Float32, best of \(rounds) (C: sf_readf_float loop; Decibel: AudioFile.read → AudioBuffer)")
print("file  frames       C s      Decibel s  ratio C/Decibel  real-time ×")
var decodeRatios: [String: Double] = [:]
var decodeSeconds: [String: Double] = [:]
for (name, path) in [("WAV ", wav), ("FLAC", flac)] {
    var bestC = Double.infinity, bestSwift = Double.infinity, frames = 0
    for _ in 0..<rounds {
        let c = decibel_bench_sndfile_decode(path, 4096)
        guard c.error == 0 else { print("C decode failed: \(c.error)"); exit(1) }
        bestC = min(bestC, c.seconds)
        var result = (frames: 0, checksum: 0.0)
        let elapsed = try seconds { result = try decibelDecode(path) }
        guard result.frames == Int(c.frames), abs(result.checksum - c.checksum) < 1e-6 * max(1, abs(c.checksum)) else {
            print(
                "mismatch: Decibel decoded \(result.frames) frames (checksum \(result.checksum)), C \(c.frames) (\(c.checksum))"
            ); exit(1)
        }
        bestSwift = min(bestSwift, elapsed)
        frames = result.frames
    }
    decodeRatios[name] = bestC / bestSwift
    decodeSeconds[name] = bestSwift
    print(
        String(
            format: "%@  %-11d  %-7.3f  %-9.3f  %-15.3f  %.0f", name, frames, bestC, bestSwift, bestC / bestSwift,
            Double(frames) / 48_000 / bestSwift))
}

if decodeOnly { exit(0) }

// The floor of the waveform rows: the same decode in 32768-frame reads, the size the 16-bit waveform path
// reads in (larger reads halve the kernel's copy of a 16 KB read here), so neither side gets a read size
// the other lacks. Timed in each round just before the peaks, as the `decibel waveform` rows below are: timed
// in a loop of its own before the ffmpeg rounds, the row read 0.92, 1.01 and 1.28 in three runs of one commit.
func waveformFloor() throws -> Double { try seconds { _ = try decibelDecode(wav, blockFrames: 32_768) } }
print("\n== waveform data, 1800 points per channel (ffmpeg: showwavespic=s=1800x140 to PNG), best of \(rounds)")
print("file  ffmpeg s  Decibel s  ratio ffmpeg/Decibel")
for (name, path) in [("WAV ", wav), ("FLAC", flac)] {
    var bestFFmpeg = Double.infinity, bestSwift = Double.infinity, bestFloor = Double.infinity
    for _ in 0..<rounds {
        let png = "\(directory)/waveform.png"
        // ffmpeg's own time for its work (`-benchmark`), not its start-up's or the shell's.
        let ffmpeg = runShell(
            "ffmpeg -nostats -hide_banner -benchmark -y -i \(path) -filter_complex showwavespic=s=1800x140 -frames:v 1 \(png)"
        )
        guard ffmpeg.status == 0, let ffmpegSeconds = FFmpegTiming.realSeconds(fromStandardError: ffmpeg.errors) else {
            print("ffmpeg showwavespic failed: \(ffmpeg.errors.suffix(300))")
            exit(1)
        }
        bestFFmpeg = min(bestFFmpeg, ffmpegSeconds)
        if path == wav { bestFloor = min(bestFloor, try waveformFloor()) }
        var buckets = 0
        let elapsed = try seconds { buckets = try AudioFile(path: path).waveform(.points(1800)).bucketCount }
        guard buckets <= 1800, buckets > 1700 else { print("unexpected bucket count \(buckets)"); exit(1) }
        bestSwift = min(bestSwift, elapsed)
    }
    print(String(format: "%@  %-8.3f  %-9.3f  %.2f", name, bestFFmpeg, bestSwift, bestFFmpeg / bestSwift))
    if path == wav {
        let decode = bestFloor
        print(String(format: "WAV decode alone in 32768-frame reads (the 1800-point row's floor): %.3f s", decode))
        let file = "\(minutes) min 48 kHz stereo WAV → 1800-point peaks"
        printSummary(
            "\(file) (÷ Decibel's decode alone)", decibel: String(format: "%.3f s", bestSwift),
            peer: String(format: "decode %.3f s", decode), ratio: bestSwift / decode, goal: .atMost(1.2))
        printSummary(
            "\(file) (ffmpeg showwavespic ÷ Decibel)", decibel: String(format: "%.3f s", bestSwift),
            peer: String(format: "ffmpeg %.3f s", bestFFmpeg), ratio: bestFFmpeg / bestSwift, goal: .atLeast(10))
    }
}

// The `decibel waveform` command as a user runs it (as the .deb ships it: Scripts/bench builds it and names it
// in DECIBEL_TOOL): wall time of the whole process, start-up included, against the decode alone above, and its
// peak resident memory, with `decibel --help`'s beside it (what any run of the program costs). Spawned directly and reaped with
// wait4, so neither a shell nor Foundation's Process is timed.
func run(_ arguments: [String]) -> (seconds: Double, megabytes: Double) {
    let result = ProcessRun.measure(arguments)
    return (result?.seconds ?? .infinity, result?.megabytes ?? .infinity)
}
let decibelTool = ProcessRun.decibelTool
if FileManager.default.isExecutableFile(atPath: decibelTool) {
    // Each round times the decode floor again just before the process, so a busy spell of the host lands on
    // both sides of a row (one run put the floor, timed minutes earlier, at 0.100 s and the process at 0.135).
    print(
        "\n== decibel waveform -i 1h.wav -o x.dat -z 256 (the whole process), best of \(rounds), each round beside the decode"
    )
    let baseline = run([decibelTool, "--help"]).megabytes
    print(String(format: "decibel --help alone: peak %.1f MB", baseline))
    var largest = 0.0
    for split in [false, true] {
        var best = Double.infinity, decode = Double.infinity
        for _ in 0..<rounds {
            decode = min(decode, try seconds { _ = try decibelDecode(wav, blockFrames: 32_768) })
            let result = run(
                [decibelTool, "waveform", "-i", wav, "-o", "\(directory)/waveform.dat", "-z", "256"]
                    + (split ? ["--split-channels"] : []))
            best = min(best, result.seconds)
            largest = max(largest, result.megabytes)
        }
        print(
            String(
                format: "%@: %.3f s, decode alone %.3f s, ratio %.2f", split ? "split channels" : "mixed to mono", best,
                decode, best / decode))
        printSummary(
            "decibel waveform -z 256 on a \(minutes) min WAV\(split ? ", --split-channels" : "") (÷ decode alone)",
            decibel: String(format: "%.3f s", best), peer: String(format: "decode %.3f s", decode),
            ratio: best / decode,
            goal: .atMost(1.3))
    }
    printSummary(
        "decibel waveform -z 256 on a \(minutes) min WAV: peak memory, MB (either form)",
        decibel: String(format: "%.1f MB", largest), peer: String(format: "--help alone %.1f MB", baseline),
        ratio: largest, goal: .atMost(20))
} else {
    print("\n(decibel waveform not measured: no decibel binary at \(decibelTool); Scripts/bench builds it)")
}

print("\n== resampling 60 s of stereo 1 kHz sine, 512-frame blocks, best of \(rounds)")
print("conversion       soxr VHQ (Decibel) ×rt   libsamplerate best ×rt   libsamplerate medium ×rt")
for (input, output) in [(44_100, 48_000), (48_000, 44_100), (96_000, 48_000)] {
    var bestSoxr = Double.infinity, bestSRC = Double.infinity, bestMedium = Double.infinity
    let total = input * 60
    let source = AudioBuffer(channelCount: 2, frameCapacity: total)
    for frame in 0..<total {
        let value = Float(0.5 * sin(2 * Double.pi * 1000 * Double(frame) / Double(input)))
        source[0][frame] = value
        source[1][frame] = value
    }
    for _ in 0..<rounds {
        let converter = try Resampler(
            inputRate: Double(input), outputRate: Double(output), channelCount: 2, maxInputFrames: 512)
        let block = AudioBuffer(channelCount: 2, frameCapacity: converter.maxOutputFrames(forInput: 512))
        var produced = 0
        let elapsed = seconds {
            var offset = 0
            while offset < total {
                let step = converter.process(
                    source.view.slice(from: offset, count: min(512, total - offset)), into: block.view)
                offset += step.consumed
                produced += step.produced
            }
        }
        bestSoxr = min(bestSoxr, elapsed)
        let best = decibel_bench_libsamplerate(Int32(input), Int32(output), 60, 1)
        let medium = decibel_bench_libsamplerate(Int32(input), Int32(output), 60, 0)
        bestSRC = min(bestSRC, best.seconds)
        bestMedium = min(bestMedium, medium.seconds)
    }
    print(
        String(
            format: "%6d → %-6d  %-24.0f  %-23.0f  %.0f", input, output, 60 / bestSoxr, 60 / bestSRC, 60 / bestMedium))
}

let worst = decodeRatios.values.min() ?? 0
printSummary(
    "decode to Float32, WAV and FLAC (worst C ÷ Decibel)", decibel: "AudioFile.read", peer: "sf_readf_float loop",
    ratio: worst, goal: .atLeast(0.95))
print(
    String(
        format: "\ndecode ratio (C/Decibel, 1.0 = as fast as C): WAV %.3f, FLAC %.3f — target ≥ 0.95: %@",
        decodeRatios["WAV "] ?? 0, decodeRatios["FLAC"] ?? 0, worst >= 0.95 ? "met" : "NOT met"))
