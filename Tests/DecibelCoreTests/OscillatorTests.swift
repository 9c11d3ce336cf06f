import DecibelCore
import DecibelTestSupport
import Testing

@Suite("Oscillator")
struct OscillatorTests {
    private func render(
        _ shape: OscillatorShape, frequency: Double = 1000, amplitude: Float = 0.5, frames: Int = 48_000
    ) -> [Float] {
        var oscillator = Oscillator(shape: shape, frequency: frequency, amplitude: amplitude, sampleRate: 48_000)
        var samples = [Float](repeating: 0, count: frames)
        samples.withUnsafeMutableBufferPointer { oscillator.render(into: $0.baseAddress!, count: frames) }
        return samples
    }

    @Test("a sine has the asked frequency and peak")
    func sine() {
        let samples = render(.sine)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.1)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 1e-4)
        #expect(abs(SignalAnalysis.rms(samples) - 0.5 / 2.0.squareRoot()) < 1e-4)
    }

    @Test("square and sawtooth have the Fourier fundamentals 4/π and 2/π of their peak")
    func fundamentals() {
        let square = SignalAnalysis.magnitude(of: 1000, in: render(.square), sampleRate: 48_000)
        let saw = SignalAnalysis.magnitude(of: 1000, in: render(.sawtooth), sampleRate: 48_000)
        #expect(abs(square - 0.5 * 4 / .pi) < 0.01)
        #expect(abs(saw - 0.5 * 2 / .pi) < 0.01)
    }

    @Test("PolyBLEP keeps aliases of a 4.1 kHz square far below a naive square's")
    func squareIsBandLimited() {
        // The 13th harmonic (53.3 kHz) of 4.1 kHz folds to 5.3 kHz at 48 kHz; no real harmonic is there.
        let alias = 48_000 - 13 * 4_100.0 < 0 ? 13 * 4_100.0 - 48_000 : 48_000 - 13 * 4_100.0
        let blep = SignalAnalysis.magnitude(of: alias, in: render(.square, frequency: 4100), sampleRate: 48_000)
        var naive = [Float](repeating: 0, count: 48_000)
        var phase = 0.0
        for i in naive.indices {
            naive[i] = phase < 0.5 ? 0.5 : -0.5
            phase += 4100 / 48_000
            if phase >= 1 { phase -= 1 }
        }
        let naiveAlias = SignalAnalysis.magnitude(of: alias, in: naive, sampleRate: 48_000)
        #expect(blep < naiveAlias / 4)
    }

    @Test(
        "noise stays within its amplitude and averages near zero; a seed repeats the sequence",
        arguments: [OscillatorShape.noise, .pinkNoise])
    func noise(shape: OscillatorShape) {
        let samples = render(shape, amplitude: 0.5)
        #expect(SignalAnalysis.peak(samples) <= 0.5)
        #expect(abs(samples.reduce(0, +) / Float(samples.count)) < 0.02)
        #expect(SignalAnalysis.rms(samples) > 0.05)
        #expect(render(shape, amplitude: 0.5) == samples)
    }

    @Test("a triangle peaks at its amplitude")
    func triangle() {
        let samples = render(.triangle, frequency: 1000)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 0.01)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
    }
}
