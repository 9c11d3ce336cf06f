import DecibelTestSupport
import Foundation
import Testing

@Suite("SignalAnalysis")
struct SignalAnalysisTests {
    /// `amplitude · sin(2π·frequency·n/rate + phase)`, the phase jumping by `splice` radians at `spliceAt`.
    private func tone(
        frequency: Double, rate: Double, count: Int, amplitude: Double = 0.5, phase: Double = 0,
        splice: Double = 0, at spliceAt: Int = .max
    ) -> [Float] {
        (0..<count).map { n in
            Float(amplitude * sin(2 * .pi * frequency * Double(n) / rate + phase + (n >= spliceAt ? splice : 0)))
        }
    }

    @Test("a 120° phase splice in a 1 kHz tone at 16 kHz that no step gives away cuts the tone run there")
    func toneRunCutAtSplice() throws {
        // From 30° the phase jumps to 150°: the same value, so the largest step (0.185) is under the 0.195
        // of the clean tone and the step check keeps the whole second; only the slope has turned over.
        let splice = 6_000
        let phase = Double.pi / 6 - 2 * .pi * 1_000 * Double(splice) / 16_000
        let spliced = tone(
            frequency: 1_000, rate: 16_000, count: 16_000, phase: phase, splice: 2 * .pi / 3, at: splice)
        let clean = tone(frequency: 1_000, rate: 16_000, count: 16_000, phase: phase)
        #expect(SignalAnalysis.largestStep(spliced) <= SignalAnalysis.largestStep(clean))
        #expect(SignalAnalysis.longestContinuousRun(spliced, maxStep: 0.25).count == 16_000)

        let tolerance = SignalAnalysis.toneResidualTolerance
        let run = SignalAnalysis.longestToneRun(spliced, frequency: 1_000, sampleRate: 16_000, tolerance: tolerance)
        let residuals = SignalAnalysis.toneResiduals(spliced, frequency: 1_000, sampleRate: 16_000)
        print(
            "spliced tone: run \(run.startIndex)..<\(run.endIndex), largest residual \(residuals.max() ?? 0), clean residual ≤ \(SignalAnalysis.toneResiduals(clean, frequency: 1_000, sampleRate: 16_000).max() ?? 0)"
        )
        // The first new-phase sample equals the old phase's, so the run may keep it or start on it.
        #expect((splice...(splice + 1)).contains(run.startIndex) && run.endIndex == 16_000)
        #expect(
            SignalAnalysis.cleanTone(spliced, frequency: 1_000, sampleRate: 16_000, maxStep: 0.25, frames: 16_000)
                == nil)
        // 624 whole periods of the tone after the splice.
        let after = try #require(
            SignalAnalysis.cleanTone(spliced, frequency: 1_000, sampleRate: 16_000, maxStep: 0.25, frames: 9_984))
        #expect(after.snr >= 140 && abs(after.magnitude - 0.5) < 1e-6, "\(after)")

        let whole = SignalAnalysis.longestToneRun(clean, frequency: 1_000, sampleRate: 16_000, tolerance: tolerance)
        #expect(whole.startIndex == 0 && whole.endIndex == 16_000)
        let cleanTone = try #require(
            SignalAnalysis.cleanTone(clean, frequency: 1_000, sampleRate: 16_000, maxStep: 0.25, frames: 16_000))
        #expect(cleanTone.snr >= 140 && cleanTone.residual < 1e-6, "\(cleanTone)")
    }

    @Test("16-bit quantisation of tones at 16, 44.1 and 48 kHz stays within the tone-run tolerance")
    func quantisedToneIsWhole() {
        for (frequency, rate) in [(1_000.0, 16_000.0), (441.0, 44_100.0), (441.0, 48_000.0)] {
            let samples = tone(frequency: frequency, rate: rate, count: Int(rate), amplitude: 0.25, phase: 0.3)
                .map { Float(($0 * 32_768).rounded() / 32_768) }
            let largest = SignalAnalysis.toneResiduals(samples, frequency: frequency, sampleRate: rate).max() ?? 0
            let run = SignalAnalysis.longestToneRun(
                samples, frequency: frequency, sampleRate: rate, tolerance: SignalAnalysis.toneResidualTolerance)
            print("16-bit \(frequency) Hz at \(rate) Hz: largest residual \(largest)")
            #expect(largest <= 4 / 65_536 + 1e-9)
            #expect(run.count == samples.count)
        }
    }
}
