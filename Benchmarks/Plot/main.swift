// plot-bench: Decibel's plots against ffmpeg, in one run.
//
//   1. a 1-hour 48 kHz stereo WAV (generated once with sox in /tmp) to an 1800×140 PNG: read + peaks +
//      draw + PNG, versus `ffmpeg -filter_complex showwavespic=s=1800x140`;
//   2. frames per second of a live 1024-point buffer plot at 800×200 (append + draw, off-screen);
//   3. FFT time per 1024- and 4096-point transform, and per windowed dB spectrum;
//   4. the GTK live waveform widget's drawing time at 800×200 (needs a display: xvfb-run; GDK_SCALE=2 for HiDPI).
import BenchSummary
import CFFTCompare
import DecibelAnalysis
import DecibelCore
import DecibelPlot
import Foundation

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = MonotonicClock.now()
    try body()
    return Double(MonotonicClock.now() - start) / 1e9
}

@discardableResult
func shell(_ command: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

func fileOverview() throws {
    let file = "/tmp/decibel-plot-bench-1h-v2.wav"
    if !FileManager.default.fileExists(atPath: file) {
        print("generating \(file) with sox (one hour, 48 kHz, stereo, 16-bit)…")
        let status = try shell(
            "sox -n -r 48000 -c 2 -b 16 \(file) synth 3600 sine 220 sine 331 tremolo 0.0023 85 fade 60 3600 120 2>/dev/null"
        )
        guard status == 0 else { throw BenchError("sox failed (\(status))") }
    }
    let ours = "/tmp/decibel-plot-bench-ours.png", theirs = "/tmp/decibel-plot-bench-ffmpeg.png"
    let size = PlotSize(width: 1800, height: 140)
    // Warm the page cache so both read the file from memory.
    try shell("cat \(file) > /dev/null")
    var peaks: WaveformPeaks?
    let readTime = try seconds { peaks = try WAVReader.peaks(path: file, bucketCount: size.width) }
    guard let peaks else { return }
    let drawTime = try seconds { try WaveformOverview(peaks: peaks).write(to: ours, size: size) }
    let ffmpegTime = try seconds {
        let status = try shell(
            "ffmpeg -v error -y -i \(file) -filter_complex showwavespic=s=1800x140 -frames:v 1 \(theirs)")
        guard status == 0 else { throw BenchError("ffmpeg failed (\(status))") }
    }
    let total = readTime + drawTime
    print("1 h 48 kHz stereo WAV → 1800×140 PNG")
    print(
        String(
            format: "  decibel: %.2f s (read + peaks %.2f s, draw + PNG %.1f ms)  → %@", total, readTime,
            drawTime * 1000, ours))
    print(String(format: "  ffmpeg showwavespic: %.2f s  → %@", ffmpegTime, theirs))
    print(String(format: "  ratio ffmpeg / decibel: %.1f×", ffmpegTime / total))
}

func liveFrameRate() throws {
    let surface = try PlotSurface(size: PlotSize(width: 800, height: 200))
    let block = AudioBuffer(channelCount: 1, frameCapacity: 1024)
    block.frameLength = 1024
    for index in 0..<1024 { block[0][index] = Float(sin(Double(index) * 2 * .pi * 440 / 48_000)) * 0.8 }
    for (name, style) in [("stroked", WaveformStyle()), ("filled + mirrored", WaveformStyle(fill: true, mirror: true))]
    {
        let plot = WaveformPlot(mode: .buffer, style: style, windowFrames: 1024)
        let frames = 600
        var time = Double.infinity
        for _ in 0..<3 {  // best of three passes, as the other benchmarks
            time = min(
                time,
                try seconds {
                    for _ in 0..<frames {
                        plot.append(block.view)
                        try surface.draw(plot)
                    }
                })
        }
        print(
            String(
                format: "live 1024-point buffer plot, 800×200, %@: %.0f frames/s (%.2f ms per frame)", name,
                Double(frames) / time, time / Double(frames) * 1000))
        printSummary(
            "live 1024-point plot 800×200, \(name) (frames/s)",
            decibel: String(format: "%.0f frames/s", Double(frames) / time),
            peer: "-", ratio: Double(frames) / time, goal: .atLeast(3000))
    }
    for count in [1_000, 1_000_000] {
        let plot = WaveformPlot(style: WaveformStyle(fill: true))
        plot.setBuffer([(0..<count).map { Float(sin(Double($0) * 0.01)) }])
        let time = try seconds { for _ in 0..<50 { try surface.draw(plot) } }
        print(String(format: "  %7d-point buffer at 800×200: %.2f ms per frame", count, time / 50 * 1000))
    }
}

func fftTimes() throws {
    for size in [1024, 4096] {
        let fft = try RealFFT(size: size)
        let analyzer = try SpectrumAnalyzer(size: size)
        let input = (0..<size).map { Float(sin(Double($0) * 0.1)) }
        var real = [Float](repeating: 0, count: fft.binCount), imaginary = real, decibels = real
        let iterations = size == 1024 ? 100_000 : 25_000
        let fftTime = seconds {
            input.withUnsafeBufferPointer { samples in
                for _ in 0..<iterations { fft.transform(samples.baseAddress!, real: &real, imaginary: &imaginary) }
            }
        }
        let spectrumTime = seconds {
            input.withUnsafeBufferPointer { samples in
                decibels.withUnsafeMutableBufferPointer { output in
                    for _ in 0..<iterations { analyzer.analyze(samples, into: output) }
                }
            }
        }
        let fftw = decibel_bench_fftw_microseconds(Int32(size), Int32(iterations))
        let kiss = decibel_bench_kissfft_microseconds(Int32(size), Int32(iterations))
        let perTransform = fftTime / Double(iterations) * 1e6
        print(
            String(
                format: "FFT %4d points: RealFFT (%@) %.2f µs per transform; Hann + FFT + dB %.2f µs", size,
                fft.usesAVX2 ? "AVX2" : "baseline", perTransform, spectrumTime / Double(iterations) * 1e6))
        print(
            String(
                format: "          from C: FFTW (GPL, FFTW_MEASURE) %.2f µs, KissFFT %.2f µs; RealFFT/FFTW %.2f×", fftw,
                kiss, perTransform / fftw))
        printSummary(
            "real FFT \(size) points (RealFFT ÷ FFTW time)", decibel: String(format: "%.2f µs", perTransform),
            peer: String(format: "FFTW %.2f µs", fftw), ratio: perTransform / fftw, goal: .atMost(1.5))
    }
}

do {
    let only = CommandLine.arguments.dropFirst().first  // "fft", "live", "overview" or "gtk" runs that part alone
    if only == nil || only == "fft" { try fftTimes() }
    if only == nil || only == "live" { try liveFrameRate() }
    if only == nil || only == "overview" { try fileOverview() }
    if only == nil || only == "gtk" { gtkLiveWaveform() }
} catch {
    print("plot-bench: \(error)")
    exit(1)
}
