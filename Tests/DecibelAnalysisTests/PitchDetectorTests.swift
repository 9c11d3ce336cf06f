import DecibelAnalysis
import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("PitchDetector against sox's tones")
struct PitchDetectorTests {
    static let frequencies: [Double] = [
        40, 41.2, 55, 82.41, 110, 196, 261.63, 440, 466.16, 880, 1_318.5, 2_093, 3_520, 4_000,
    ]

    func cents(_ measured: Double, _ expected: Double) -> Double { 1200 * log2(measured / expected) }

    /// The worst error over four windows in the middle of the tone, in cents.
    func worstError(_ samples: [Float], expected: Double, detector: PitchDetector) -> (worst: Double, missing: Int) {
        var worst = 0.0, missing = 0
        for start in stride(from: 4_800, to: 4_800 + 4 * 3_000, by: 3_000) {
            let window = Array(samples[start..<(start + detector.windowSize)])
            guard let estimate = detector.estimate(window) else {
                missing += 1
                continue
            }
            worst = max(worst, abs(cents(estimate.frequency, expected)))
        }
        return (worst, missing)
    }

    /// sox synthesises at 384 kHz and its resampler brings the tone to 48 kHz: a band-limited sawtooth or
    /// square, as an instrument makes. (Synthesised at 48 kHz directly, their harmonics above Nyquist fold
    /// back as partials that are not harmonics, and a 3520 Hz sawtooth then repeats best every 3 periods.)
    static func tone(_ shape: String, _ frequency: Double) throws -> [Float] {
        let path = try AnalysisFixtures.sox(
            "\(shape)-\(frequency).wav",
            ["rate", "384000", "synth", "0.5", shape, "\(frequency)", "gain", "-6", "rate", "-v", "48000"])
        return try AnalysisFixtures.monoSamples(path)
    }

    @Test(
        "sine, sawtooth and square tones from 40 Hz to 4 kHz within ±1 cent", arguments: ["sine", "sawtooth", "square"])
    func tones(shape: String) throws {
        let detector = try PitchDetector(sampleRate: 48_000)
        var report: [String] = []
        for frequency in Self.frequencies {
            let samples = try Self.tone(shape, frequency)
            let (worst, missing) = worstError(samples, expected: frequency, detector: detector)
            report.append("\(frequency) Hz: \(String(format: "%.3f", worst)) c")
            #expect(missing == 0, "\(shape) \(frequency) Hz: no pitch in \(missing) of 4 windows")
            #expect(worst <= 1, "\(shape) \(frequency) Hz: off by \(worst) cents")
        }
        print("pitch, \(shape), worst error per tone: \(report.joined(separator: ", "))")
    }

    @Test("the same tones with white noise at 10 dB SNR within ±5 cents", arguments: ["sine", "sawtooth", "square"])
    func noisyTones(shape: String) throws {
        let detector = try PitchDetector(sampleRate: 48_000)
        var generator = SeededNoise(seed: 7)
        var worstOverall = 0.0
        for frequency in Self.frequencies {
            var samples = try Self.tone(shape, frequency)
            let noiseRMS = SignalAnalysis.rms(samples) / pow(10, 10.0 / 20)  // 10 dB below the tone
            for i in samples.indices { samples[i] += Float(noiseRMS) * generator.nextGaussian() }
            let (worst, missing) = worstError(samples, expected: frequency, detector: detector)
            worstOverall = max(worstOverall, worst)
            if worst > 5 { print("pitch, \(shape) \(frequency) Hz at 10 dB SNR: \(worst) cents") }
            #expect(missing == 0, "\(shape) \(frequency) Hz + noise: no pitch in \(missing) of 4 windows")
            #expect(worst <= 5, "\(shape) \(frequency) Hz + noise: off by \(worst) cents")
        }
        print("pitch, \(shape) at 10 dB SNR: worst error \(String(format: "%.2f", worstOverall)) cents")
    }

    @Test("blocks of any size give the same estimate as one window")
    func anyBlockSize() throws {
        let samples = (0..<20_000).map { Float(sin(2 * Double.pi * 329.63 * Double($0) / 48_000) * 0.5) }
        let whole = try PitchDetector(sampleRate: 48_000)
        let reference = try #require(whole.estimate(samples))
        for blockSize in [1, 37, 256, 1_000, 4_096, 20_000] {
            let detector = try PitchDetector(sampleRate: 48_000)
            var offset = 0
            while offset < samples.count {
                let end = min(samples.count, offset + blockSize)
                detector.append(Array(samples[offset..<end]))
                offset = end
            }
            let estimate = try #require(detector.estimate())
            #expect(abs(estimate.frequency - reference.frequency) < 1e-9, "block \(blockSize)")
        }
    }

    @Test("silence, noise and too little audio give no pitch")
    func nothingToReport() throws {
        let detector = try PitchDetector(sampleRate: 48_000)
        #expect(detector.estimate([Float](repeating: 0, count: 8_192)) == nil)
        var generator = SeededNoise(seed: 3)
        #expect(detector.estimate((0..<8_192).map { _ in 0.3 * generator.nextGaussian() }) == nil)
        detector.reset()
        detector.append([Float](repeating: 0.5, count: 100))
        #expect(detector.estimate() == nil)  // fewer samples than one window
    }

    @Test("a range the rate cannot hold is an error that says why")
    func badConfiguration() {
        #expect(throws: AudioError.self) {
            try PitchDetector(sampleRate: 48_000, configuration: .init(minimumFrequency: 500, maximumFrequency: 400))
        }
        #expect(throws: AudioError.self) {
            try PitchDetector(sampleRate: 48_000, configuration: .init(windowSize: 512))
        }
        #expect(throws: AudioError.self) {
            try PitchDetector(sampleRate: 48_000, configuration: .init(minimumFrequency: 1e-15))
        }
        #expect(throws: AudioError.self) { try PitchDetector(sampleRate: .nan) }
    }

    @Test("an 8 kHz headset: the top of the default range comes down to just under 2 kHz")
    func lowRate() throws {
        let headset = try PitchDetector(sampleRate: 8_000, configuration: .init(minimumFrequency: 70))
        #expect(headset.maximumFrequency == 1_980)
        let tone = (0..<8_000).map { Float(sin(2 * Double.pi * 440 * Double($0) / 8_000)) * 0.5 }
        #expect(abs(1200 * log2((headset.estimate(tone)?.frequency ?? 1) / 440)) < 1)
    }

    @Test("a note above the range is not reported at all, rather than an octave down")
    func aboveTheRange() throws {
        let detector = try PitchDetector(sampleRate: 48_000, configuration: .init(maximumFrequency: 1_000))
        let high = (0..<16_384).map { Float(sin(2 * Double.pi * 1_500 * Double($0) / 48_000)) * 0.5 }
        #expect(detector.estimate(high) == nil)
        let inRange = (0..<16_384).map { Float(sin(2 * Double.pi * 750 * Double($0) / 48_000)) * 0.5 }
        #expect(abs((detector.estimate(inRange)?.frequency ?? 0) - 750) < 0.01)
    }

    @Test("a window whose transform size has a large prime factor is padded to a fast size")
    func oddWindow() throws {
        let detector = try PitchDetector(
            sampleRate: 48_000, configuration: .init(minimumFrequency: 120, windowSize: 1_028))
        let tone = (0..<4_096).map { Float(sin(2 * Double.pi * 220 * Double($0) / 48_000)) * 0.5 }
        #expect(abs((detector.estimate(tone)?.frequency ?? 0) - 220) < 0.01)
    }

    @Test("notes, octaves and cents against A4 = 440 Hz and 442 Hz")
    func notes() {
        let a4 = MusicalNote(frequency: 440)
        #expect(a4.description == "A4" && abs(a4.cents) < 1e-9 && a4.midiNumber == 69)
        let middleC = MusicalNote(frequency: 261.6256)
        #expect(middleC.description == "C4" && abs(middleC.cents) < 0.01)
        let sharp = MusicalNote(frequency: 446.2)
        #expect(sharp.description == "A4" && abs(sharp.cents - 24.22) < 0.05)
        let lowE = MusicalNote(frequency: 41.2034)
        #expect(lowE.description == "E1" && abs(lowE.cents) < 0.01)
        let fSharp = MusicalNote(frequency: 739.99)
        #expect(fSharp.description == "F#5")
        let tuned442 = MusicalNote(frequency: 442, reference: 442)
        #expect(tuned442.description == "A4" && abs(tuned442.cents) < 1e-9)
        #expect(abs(MusicalNote(frequency: 440, reference: 442).cents + 7.85) < 0.01)
    }

    @Test("Spectrum.peakFrequency is sub-bin accurate")
    func spectrumPeak() throws {
        let analyzer = try SpectrumAnalyzer(size: 4_096)
        for frequency in [100.0, 1_000.3, 2_345.6, 10_007] {
            let samples = (0..<4_096).map { Float(sin(2 * Double.pi * frequency * Double($0) / 48_000)) }
            let spectrum = analyzer.spectrum(of: samples, sampleRate: 48_000)
            let peak = try #require(spectrum.peakFrequency)
            #expect(abs(peak - frequency) < 0.05 * spectrum.binWidth, "\(frequency) Hz read \(peak)")
        }
    }
}

/// A deterministic Gaussian noise source (xorshift + Box-Muller), so noisy tests fail the same way twice.
struct SeededNoise {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func nextUniform() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }

    mutating func nextGaussian() -> Float {
        Float((-2 * log(nextUniform())).squareRoot() * cos(2 * Double.pi * nextUniform()))
    }
}
