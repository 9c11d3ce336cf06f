import DecibelAnalysis
import DecibelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// PitchDetector beside aubio's `aubiopitch` (yinfft) on a synthetic voice and a plucked string.
@Suite("PitchDetector agrees with aubiopitch")
struct AubioAgreementTests {
    struct Agreement {
        var compared = 0, agreeing = 0, octaveErrors = 0, offsetHops = 0
        var rate: Double { compared == 0 ? 0 : Double(agreeing) / Double(compared) }
    }

    /// aubiopitch's track of `path`: (time, Hz) with 0 for no pitch, hop 256, buffer 2048.
    func aubio(_ path: String) throws -> [(Double, Double)] {
        let result = try run("aubiopitch", ["-i", path, "-p", "yinfft", "-B", "2048", "-H", "256", "-u", "Hz"])
        try #require(result.status == 0, "aubiopitch: \(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
    }

    /// Ours at hop 256, frame by frame beside aubio's at the alignment where they agree best (the tools
    /// put a frame's time at different points of its window; the offset found is printed).
    func compare(_ path: String, sampleRate: Double, minimumFrequency: Double) throws -> Agreement {
        let samples = try AnalysisFixtures.monoSamples(path)
        let reference = try aubio(path)
        let detector = try PitchDetector(
            sampleRate: sampleRate, configuration: .init(minimumFrequency: minimumFrequency, maximumFrequency: 1_500))
        var ours: [Double?] = []
        var end = 256
        while end <= samples.count {
            detector.append(Array(samples[(end - 256)..<end]))
            ours.append(detector.estimate()?.frequency)
            end += 256
        }
        var best = Agreement()
        for offset in -16...16 {  // each tool stamps its frames at a different point of its window
            var agreement = Agreement(offsetHops: offset)
            for (index, (_, theirs)) in reference.enumerated() where theirs > 0 {
                let mine = index + offset
                guard mine >= 0, mine < ours.count, let frequency = ours[mine] else { continue }
                agreement.compared += 1
                let cents = abs(1200 * log2(frequency / theirs))
                if cents < 50 {
                    agreement.agreeing += 1
                } else if abs(cents - 1200) < 100 {
                    agreement.octaveErrors += 1
                }
            }
            if agreement.agreeing > best.agreeing { best = agreement }
        }
        return best
    }

    @Test("a voice (espeak-ng): most voiced frames agree within 50 cents")
    func voice() throws {
        let path = AnalysisFixtures.directory.appendingPathComponent("voice.wav").path
        let spoken = try run(
            "espeak-ng",
            [
                "-w", path, "-s", "140",
                "Decibel listens to this voice and finds its pitch, frame by frame, as a tuner would.",
            ])
        try #require(spoken.status == 0, "espeak-ng: \(spoken.standardError)")
        let agreement = try compare(path, sampleRate: 22_050, minimumFrequency: 60)
        print(
            "aubiopitch agreement, voice: \(agreement.agreeing) of \(agreement.compared) voiced frames within 50 cents (\(String(format: "%.1f", agreement.rate * 100)) %), \(agreement.octaveErrors) octave errors, offset \(agreement.offsetHops) hops"
        )
        #expect(agreement.compared >= 100)
        #expect(agreement.rate >= 0.9)
        #expect(Double(agreement.octaveErrors) <= 0.05 * Double(agreement.compared))
    }

    @Test("a plucked string (sox pluck, A3): the frames agree within 50 cents")
    func pluckedString() throws {
        let path = try AnalysisFixtures.sox("pluck.wav", ["rate", "48000", "synth", "2", "pluck", "220", "gain", "-3"])
        let agreement = try compare(path, sampleRate: 48_000, minimumFrequency: 60)
        print(
            "aubiopitch agreement, plucked A3: \(agreement.agreeing) of \(agreement.compared) frames within 50 cents (\(String(format: "%.1f", agreement.rate * 100)) %), \(agreement.octaveErrors) octave errors"
        )
        #expect(agreement.compared >= 100)
        #expect(agreement.rate >= 0.95)
        #expect(agreement.octaveErrors == 0)
    }
}
