import DecibelAnalysis
import DecibelCore
import DecibelPlot
import DecibelPlotTestSupport
import Testing

@Suite struct SpectrumAnalyzerTests {
    @Test func aOneKilohertzSinePeaksInTheRightBin() throws {
        let analyzer = try SpectrumAnalyzer(size: 4096)
        let spectrum = analyzer.spectrum(of: Signals.sine(frequency: 1000, frames: 4096), sampleRate: 48_000)
        // 4096 points at 48 kHz: 11.72 Hz per bin, so 1 kHz is bin 85 (85.33).
        #expect(spectrum.bin(nearest: 1000) == 85)
        #expect(spectrum.peakBin == 85)
        // Full scale reads 0 dBFS less the Hann window's scalloping loss (at most 1.42 dB).
        let level = spectrum.decibels[85]
        #expect(level > -1.5 && level < 0.1, "1 kHz at full scale reads \(level) dBFS")
        // Far from the tone the Hann window's leakage is tiny.
        #expect(spectrum.decibels[spectrum.bin(nearest: 5000)] < -80)
    }

    @Test func twoTonesShowTwoPeaks() throws {
        let analyzer = try SpectrumAnalyzer(size: 4096)
        let low = Signals.sine(frequency: 440, amplitude: 0.5, frames: 4096)
        let high = Signals.sine(frequency: 3000, amplitude: 0.25, frames: 4096)
        let spectrum = analyzer.spectrum(of: zip(low, high).map { $0 + $1 }, sampleRate: 48_000)
        let peaks = spectrum.peaks(above: -40)
        #expect(peaks.count == 2, "peaks: \(peaks.map { spectrum.frequency(ofBin: $0) })")
        #expect(peaks.first.map { abs($0 - spectrum.bin(nearest: 440)) <= 1 } == true)
        #expect(peaks.dropFirst().first.map { abs($0 - spectrum.bin(nearest: 3000)) <= 1 } == true)
        let lowLevel = spectrum.decibels[peaks[0]], highLevel = spectrum.decibels[peaks[1]]
        #expect(abs(lowLevel - -6.02) < 1.5 && abs(highLevel - -12.04) < 1.5, "levels \(lowLevel), \(highLevel) dBFS")
    }

    @Test func fftMatchesTheDefinitionOnAnImpulse() throws {
        let fft = try RealFFT(size: 8)
        var input: [Float] = [0, 1, 0, 0, 0, 0, 0, 0]
        var real = [Float](repeating: 0, count: 5), imaginary = real
        input.withUnsafeMutableBufferPointer { samples in
            guard let base = samples.baseAddress else { return }
            fft.transform(base, real: &real, imaginary: &imaginary)
        }
        // X[k] = exp(-2πik/8) for a unit impulse at n = 1.
        for k in 0..<5 {
            let angle = -2 * Double.pi * Double(k) / 8
            #expect(abs(Double(real[k]) - cos(angle)) < 1e-5 && abs(Double(imaginary[k]) - sin(angle)) < 1e-5)
        }
        #expect(throws: (any Error).self) { try RealFFT(size: 7) }
    }

    @Test func spectrumPlotDrawsTheTallestBarAtTheTone() throws {
        let plot = SpectrumPlot(shape: .bars, frequencyScale: .logarithmic, barCount: 48, showsGrid: false)
        try plot.analyze(Signals.sine(frequency: 1000, amplitude: 0.8, frames: 8192), sampleRate: 48_000)
        let size = PlotSize(width: 480, height: 160)
        let image = try plot.renderImage(size: size)
        try image.writePNG(to: PlotArtifacts.path("spectrum-bars-1k.png"))
        func height(_ x: Int) -> Int { image.inkedRows(x: x, background: plot.background).count }
        let tallest = (0..<size.width).max { height($0) < height($1) } ?? -1
        let expected = Int(plot.position(of: 1000) * Double(size.width))
        #expect(abs(tallest - expected) <= size.width / 48 + 1, "tallest bar at x \(tallest), 1 kHz at x \(expected)")
        #expect(height(tallest) > 140)

        let line = SpectrumPlot(shape: .line, frequencyScale: .linear)
        try line.analyze(
            zip(
                Signals.sine(frequency: 440, amplitude: 0.5, frames: 4096),
                Signals.sine(frequency: 3000, amplitude: 0.25, frames: 4096)
            ).map { $0 + $1 }, sampleRate: 48_000)
        try line.write(to: PlotArtifacts.path("spectrum-line-two-tones.png"), size: PlotSize(width: 800, height: 300))
        // Live: frames appended in blocks are analysed at draw time.
        let live = SpectrumPlot(barCount: 48, showsGrid: false)
        let tone = Signals.sine(frequency: 1000, amplitude: 0.8, frames: 8192)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 512)
        block.frameLength = 512
        for start in stride(from: 0, to: 8192, by: 512) {
            for frame in 0..<512 { block[0][frame] = tone[start + frame]; block[1][frame] = tone[start + frame] }
            live.append(block.view, sampleRate: 48_000)
        }
        _ = try live.renderImage(size: size)
        #expect(live.spectrum?.size == 4096)
        #expect(live.spectrum?.peakBin == live.spectrum?.bin(nearest: 1000))
        let logBars = SpectrumPlot()
        try logBars.analyze(
            zip(
                Signals.sine(frequency: 440, amplitude: 0.5, frames: 4096),
                Signals.sine(frequency: 3000, amplitude: 0.25, frames: 4096)
            ).map { $0 + $1 }, sampleRate: 48_000)
        try logBars.write(
            to: PlotArtifacts.path("spectrum-bars-two-tones.png"), size: PlotSize(width: 800, height: 300))
    }
}

#if canImport(Glibc)
import Glibc
#endif
