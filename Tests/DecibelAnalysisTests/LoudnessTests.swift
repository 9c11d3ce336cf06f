import DecibelAnalysis
import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("LoudnessMeter against EBU Tech 3341/3342 and ffmpeg's ebur128")
struct LoudnessTests {
    /// A 1 kHz sine in every channel, segment by segment (seconds, dBFS per channel), made by sox.
    static func program(_ name: String, channels levels: [Double]? = nil, segments: [(Double, Double)]) throws -> String
    {
        var parts: [String] = []
        for (index, (seconds, level)) in segments.enumerated() {
            let channelLevels = levels ?? [0, 0]
            let perChannel = try channelLevels.enumerated().map { channel, offset in
                try AnalysisFixtures.sox(
                    "\(name)-\(index)-\(channel).wav",
                    [
                        "rate", "48000", "channels", "1", "synth", "\(seconds)", "sine", "1000", "gain",
                        "\(level + offset)",
                    ])
            }
            let merged = AnalysisFixtures.directory.appendingPathComponent("\(name)-\(index).wav").path
            let arguments = perChannel.count == 1 ? [perChannel[0], merged] : ["-M"] + perChannel + [merged]
            try #require(try run("sox", arguments).status == 0)
            parts.append(merged)
        }
        let path = AnalysisFixtures.directory.appendingPathComponent("\(name).wav").path
        try #require(try run("sox", parts + [path]).status == 0)
        return path
    }

    static func measure(_ path: String, channelCount: Int) throws -> LoudnessMeasurement {
        let meter = try LoudnessMeter(sampleRate: 48_000, channelCount: channelCount)
        let channels = try AnalysisFixtures.channels(path, count: channelCount)
        var offset = 0
        while offset < channels[0].count {  // blocks of an awkward size, as a device would deliver
            let end = min(channels[0].count, offset + 1_000)
            meter.process(channels.map { Array($0[offset..<end]) })
            offset = end
        }
        return meter.measurement
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let levels: [Double]?
        let segments: [(Double, Double)]
        let integrated: Double?
        let range: Double?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "3341-1 stereo -23 dBFS", levels: nil, segments: [(20, -23)], integrated: -23, range: nil),
        Case(name: "3341-2 stereo -33 dBFS", levels: nil, segments: [(20, -33)], integrated: -33, range: nil),
        Case(
            name: "3341-3 relative gate", levels: nil, segments: [(10, -36), (60, -23), (10, -36)], integrated: -23,
            range: nil),
        Case(
            name: "3341-4 absolute and relative gates", levels: nil,
            segments: [(10, -72), (10, -36), (60, -23), (10, -36), (10, -72)], integrated: -23, range: nil),
        Case(
            name: "3341-5 level steps", levels: nil, segments: [(20, -26), (20.1, -20), (20, -26)], integrated: -23,
            range: nil),
        Case(
            name: "3341-6 5.0 channels", levels: [-28, -28, -24, -30, -30].map { $0 + 0 }, segments: [(20, 0)],
            integrated: -23, range: nil),
        Case(name: "3342-1 range 10 LU", levels: nil, segments: [(20, -20), (20, -30)], integrated: nil, range: 10),
        Case(name: "3342-2 range 5 LU", levels: nil, segments: [(20, -20), (20, -15)], integrated: nil, range: 5),
        Case(name: "3342-3 range 20 LU", levels: nil, segments: [(20, -40), (20, -20)], integrated: nil, range: 20),
        Case(
            name: "3342-4 range 15 LU", levels: nil, segments: [(20, -50), (20, -35), (20, -20), (20, -35), (20, -50)],
            integrated: nil, range: 15),
    ]

    /// Under a sanitizer, one case of each kind (stereo level, five channels, range): the meter runs the same
    /// code for all of them, and the ten cases' 520 s of audio set the length of the sanitizer passes' offline run.
    static let sanitizerCases = cases.filter {
        ["3341-1 stereo -23 dBFS", "3341-6 5.0 channels", "3342-2 range 5 LU"].contains($0.name)
    }

    @Test(
        "the generated EBU cases: within ±0.1 LU of the specification and of ffmpeg",
        arguments: TestEnvironment.sanitizerSlowsRendering ? sanitizerCases : cases)
    func ebuCase(_ test: Case) throws {
        let channelCount = test.levels?.count ?? 2
        let path = try Self.program(
            test.name.replacingOccurrences(of: " ", with: "_"), channels: test.levels, segments: test.segments)
        let ours = try Self.measure(path, channelCount: channelCount)
        let ffmpeg = try AnalysisFixtures.ffmpegLoudness(path)
        print(
            "loudness \(test.name): I \(String(format: "%.2f", ours.integrated)) LUFS (ffmpeg \(ffmpeg.integrated)), LRA \(String(format: "%.2f", ours.loudnessRange)) LU (ffmpeg \(ffmpeg.range))"
        )
        if let integrated = test.integrated {
            #expect(
                abs(ours.integrated - integrated) <= 0.1, "integrated \(ours.integrated), specification \(integrated)")
            #expect(
                abs(ours.integrated - ffmpeg.integrated) <= 0.1,
                "integrated \(ours.integrated), ffmpeg \(ffmpeg.integrated)")
        }
        if let range = test.range {
            #expect(abs(ours.loudnessRange - range) <= 0.1, "range \(ours.loudnessRange), specification \(range)")
            #expect(
                abs(ours.loudnessRange - ffmpeg.range) <= 0.1, "range \(ours.loudnessRange), ffmpeg \(ffmpeg.range)")
        }
    }

    @Test("momentary and short-term of a steady -23 dBFS stereo sine read -23 LUFS")
    func momentaryAndShortTerm() throws {
        let meter = try LoudnessMeter(sampleRate: 48_000, channelCount: 2)
        let amplitude = Float(pow(10, -23.0 / 20))
        let second = (0..<48_000).map { amplitude * Float(sin(2 * Double.pi * 1_000 * Double($0) / 48_000)) }
        for _ in 0..<4 { meter.process([second, second]) }
        #expect(abs(meter.momentary + 23) < 0.05, "momentary \(meter.momentary)")
        #expect(abs(meter.shortTerm + 23) < 0.05, "short-term \(meter.shortTerm)")
        meter.reset()
        #expect(meter.integrated == -.infinity && meter.truePeak == -.infinity)
    }

    @Test(
        "true peak of inter-sample peaks within ±0.2 dB (and of ffmpeg's)",
        arguments: [(4.0, 45.0), (4.0, 30.0), (6.0, 0.0), (8.0, 22.5), (3.0, 0.0)])
    func truePeak(divisor: Double, phaseDegrees: Double) throws {
        let frequency = 48_000 / divisor, phase = phaseDegrees * Double.pi / 180
        // Faded in and out over 50 ms: an abrupt start rings in any band-limited interpolator (Gibbs), and
        // that overshoot is not the signal's peak.
        let samples = (0..<96_000).map { n -> Float in
            let fade = min(1, Double(min(n, 95_999 - n)) / 2_400)
            let envelope = 0.5 - 0.5 * cos(Double.pi * fade)
            return Float(0.5 * envelope * sin(2 * Double.pi * frequency * Double(n) / 48_000 + phase))
        }
        let meter = try LoudnessMeter(sampleRate: 48_000, channelCount: 1)
        meter.process([samples])
        let expected = 20 * log10(0.5)
        let raw = AnalysisFixtures.directory.appendingPathComponent("peak-\(divisor)-\(phaseDegrees).f32").path
        let path = raw + ".wav"
        try samples.withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: raw)) }
        try #require(
            try run("sox", ["-t", "f32", "-r", "48000", "-c", "1", raw, "-b", "32", "-e", "floating-point", path])
                .status == 0)
        let ffmpeg = try AnalysisFixtures.ffmpegLoudness(path)
        print(
            "true peak fs/\(divisor) at \(phaseDegrees)°: \(String(format: "%.3f", meter.truePeak)) dBTP (sample peak \(String(format: "%.2f", meter.samplePeak)), ffmpeg \(ffmpeg.truePeak), expected \(String(format: "%.2f", expected)))"
        )
        #expect(abs(meter.truePeak - expected) <= 0.2)
        #expect(abs(meter.truePeak - ffmpeg.truePeak) <= 0.2)
        #expect(meter.samplePeak <= meter.truePeak)
    }

    @Test("channel counts with no standard layout ask for one")
    func unknownLayout() {
        #expect(throws: AudioError.self) { try LoudnessMeter(sampleRate: 48_000, channelCount: 7) }
        #expect(throws: AudioError.self) { try LoudnessMeter(sampleRate: 1_000, channelCount: 2) }
    }

    @Test("normalisation gain: to the target, held by the true-peak ceiling")
    func normalizationGain() {
        let quiet = LoudnessMeasurement(
            integrated: -23, loudnessRange: 5, truePeak: -10, samplePeak: -10, momentary: -23, shortTerm: -23,
            maximumMomentary: -20, maximumShortTerm: -21, duration: 60)
        #expect(quiet.normalizationGain(target: -16, truePeakCeiling: -1) == 7)
        #expect(quiet.normalizationGain(target: -14, truePeakCeiling: -1) == 9)
        #expect(quiet.normalizationGain(target: -10, truePeakCeiling: -1) == 9)  // 13 dB wanted, 9 dB allowed
    }

    @Test("LoudnessMeterNode in a group's filter chain measures what the engine renders")
    func graphNode() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
        let tone = ToneGenerator(shape: .sine, frequency: 1_000, amplitude: Float(pow(10, -23.0 / 20)))
        try engine.mainGroup.add(tone)
        let loudness = LoudnessMeterNode(channels: [.left, .right])
        try engine.mainGroup.setFilters([loudness])
        _ = try engine.render(seconds: 5)
        let reading = loudness.measurement()
        #expect(abs(reading.integrated + 23) < 0.1, "integrated \(reading.integrated)")
        #expect(abs(reading.duration - 5) < 0.11)
        #expect(abs(reading.truePeak + 23) < 0.2)
        #expect(loudness.droppedSubBlocks == 0)
    }

    @Test("LoudnessMeterNode.readings delivers measurements to a for-await loop until it is left")
    func graphNodeReadings() async throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1_000, amplitude: 0.1))
        let loudness = LoudnessMeterNode(channels: [.left, .right])
        try engine.mainGroup.setFilters([loudness])
        _ = try engine.render(seconds: 2)
        var readings: [LoudnessMeasurement] = []
        for await reading in loudness.readings(every: 0.02) {
            readings.append(reading)
            if readings.count == 3 { break }
        }
        #expect(readings.count == 3)
        #expect(readings.allSatisfy { abs($0.duration - 2) < 0.11 && abs($0.integrated + 20) < 0.1 })
    }
}
