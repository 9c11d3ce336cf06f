import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Foundation
import Testing

@Suite struct BiquadFilterTests {
    /// The cookbook's magnitude response |H(e^jω)| for `type`, written out here independently of the
    /// library (Robert Bristow-Johnson, "Cookbook formulae for audio EQ biquad filter coefficients").
    static func cookbookMagnitudeDB(
        _ type: BiquadType, f0: Double, q: Double, gainDB: Double, at f: Double, fs: Double
    ) -> Double {
        // The Audio EQ Cookbook's own names (A), so this reference reads like the cookbook.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let w0 = 2 * Double.pi * f0 / fs, c = cos(w0), alpha = sin(w0) / (2 * q), A = pow(10, gainDB / 40)
        let (b, a): ([Double], [Double])
        switch type {
        case .lowPass: (b, a) = ([(1 - c) / 2, 1 - c, (1 - c) / 2], [1 + alpha, -2 * c, 1 - alpha])
        case .highPass: (b, a) = ([(1 + c) / 2, -(1 + c), (1 + c) / 2], [1 + alpha, -2 * c, 1 - alpha])
        case .bandPass: (b, a) = ([alpha, 0, -alpha], [1 + alpha, -2 * c, 1 - alpha])
        case .notch: (b, a) = ([1, -2 * c, 1], [1 + alpha, -2 * c, 1 - alpha])
        case .peaking: (b, a) = ([1 + alpha * A, -2 * c, 1 - alpha * A], [1 + alpha / A, -2 * c, 1 - alpha / A])
        case .lowShelf:
            let s = 2 * sqrt(A) * alpha
            (b, a) = (
                [A * ((A + 1) - (A - 1) * c + s), 2 * A * ((A - 1) - (A + 1) * c), A * ((A + 1) - (A - 1) * c - s)],
                [(A + 1) + (A - 1) * c + s, -2 * ((A - 1) + (A + 1) * c), (A + 1) + (A - 1) * c - s]
            )
        case .highShelf:
            let s = 2 * sqrt(A) * alpha
            (b, a) = (
                [A * ((A + 1) + (A - 1) * c + s), -2 * A * ((A - 1) + (A + 1) * c), A * ((A + 1) + (A - 1) * c - s)],
                [(A + 1) - (A - 1) * c + s, 2 * ((A - 1) - (A + 1) * c), (A + 1) - (A - 1) * c - s]
            )
        }
        let w = 2 * Double.pi * f / fs
        func response(_ k: [Double]) -> Double {
            let re = k[0] + k[1] * cos(w) + k[2] * cos(2 * w)
            let im = -k[1] * sin(w) - k[2] * sin(2 * w)
            return (re * re + im * im).squareRoot()
        }
        return 20 * log10(response(b) / response(a))
    }

    @Test(arguments: BiquadType.allCases)
    func magnitudeResponseMatchesTheCookbook(type: BiquadType) throws {
        let fs = 48_000.0, f0 = 1_000.0, q = 1.5, gainDB = 6.0
        for f in [60.0, 250, 700, 1000, 1500, 4000, 12_000] {
            if type == .notch && f == 1000 { continue }  // -∞ dB at the centre: nothing finite to compare
            let engine = AudioEngine(sampleRate: fs, channelCount: 1, maximumFrameCount: 512)
            let tone = ToneGenerator(shape: .sine, frequency: Float(f), amplitude: 0.5, channelCount: 1)
            let filter = BiquadFilter(type, frequency: Float(f0), q: Float(q), gainDB: Float(gainDB), channelCount: 1)
            try engine.connect(tone, to: filter)
            try engine.mainGroup.add(filter)
            _ = try renderOffline(engine, frames: 24_000, block: 512)  // let the transient die away
            let steady = try renderOffline(engine, frames: 48_000, block: 512)[0]  // whole cycles of every f
            let measured = 20 * log10(SignalAnalysis.magnitude(of: f, in: steady, sampleRate: fs) / 0.5)
            let expected = Self.cookbookMagnitudeDB(type, f0: f0, q: q, gainDB: gainDB, at: f, fs: fs)
            #expect(
                abs(measured - expected) < 0.1, "\(type) at \(f) Hz: measured \(measured) dB, cookbook \(expected) dB")
        }
    }

    @Test func graphicEQBoostsOneBandAndLeavesOthersFlat() throws {
        let fs = 48_000.0
        func level(at f: Double, band: Int, gain: Float) throws -> Double {
            let engine = AudioEngine(sampleRate: fs, channelCount: 1, maximumFrameCount: 512)
            let tone = ToneGenerator(shape: .sine, frequency: Float(f), amplitude: 0.5, channelCount: 1)
            let eq = GraphicEQ(channelCount: 1)
            eq.bands[band].value = gain
            try engine.connect(tone, to: eq)
            try engine.mainGroup.add(eq)
            _ = try renderOffline(engine, frames: 24_000, block: 512)
            let steady = try renderOffline(engine, frames: 48_000, block: 512)[0]
            return 20 * log10(SignalAnalysis.magnitude(of: f, in: steady, sampleRate: fs) / 0.5)
        }
        #expect(abs(try level(at: 1000, band: 5, gain: 9) - 9) < 0.1)  // centre of the 1 kHz band
        #expect(abs(try level(at: 1000, band: 0, gain: 0)) < 0.01)  // flat EQ passes through
        #expect(abs(try level(at: 8000, band: 1, gain: -12)) < 0.1)  // 62.5 Hz cut far from 8 kHz
    }

    @Test func filterTypeAndFrequencyCanChangeWhileRendering() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let tone = ToneGenerator(shape: .sine, frequency: 5000, amplitude: 0.5, channelCount: 1)
        let filter = BiquadFilter(.lowPass, frequency: 200, channelCount: 1)
        try engine.connect(tone, to: filter)
        try engine.mainGroup.add(filter)
        _ = try renderOffline(engine, frames: 4800)
        let blocked = SignalAnalysis.rms(try renderOffline(engine, frames: 4800)[0])
        filter.type = .highPass
        _ = try renderOffline(engine, frames: 4800)
        let passed = SignalAnalysis.rms(try renderOffline(engine, frames: 4800)[0])
        #expect(blocked < 0.01 && passed > 0.34)
        filter.frequency.value = 20_000  // a sweep, ramped: no blow-up
        let swept = try renderOffline(engine, frames: 9600)[0]
        #expect(swept.allSatisfy { $0.isFinite && abs($0) < 1 })
    }
}
