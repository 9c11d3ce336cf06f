import DecibelAnalysis
import DecibelCore
import DecibelGraph
import DecibelNull
import Synchronization

/// Analysis on the render thread: the pitch detector a tuner runs in its input callback, and loudness
/// metering both as a `LoudnessMeter` a callback owns and as a `LoudnessMeterNode` in a graph.
enum AnalysisScenarios {
    static let all: [Scenario] = [pitchDetector, loudnessMeter, loudnessNode]

    final class Published: Sendable {
        let frequency = SharedFloat(0)
        let blocks = Atomic<Int>(0)
    }

    static let pitchDetector = Scenario(
        "analysis-pitch-detector",
        "a stream-owned PitchDetector appends and estimates every block of the Null 440 Hz input"
    ) {
        struct Tuner: AudioRenderer {
            let detector: PitchDetector
            let published: Published

            mutating func render(_ context: RenderContext) {
                detector.append(context.input, channel: 0)
                if let estimate = detector.estimate() { published.frequency.value = Float(estimate.frequency) }
                published.blocks.add(1, ordering: .relaxed)
            }
        }
        let published = Published()
        let tuner = Tuner(detector: try PitchDetector(sampleRate: 48_000), published: published)
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(
                direction: .input, device: "null-in", sampleRate: 48_000, channelCount: 1, bufferSize: .frames(256),
                renderer: tuner))
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        stream.close()
        let blocks = published.blocks.load(ordering: .relaxed), heard = published.frequency.value
        guard blocks > 100, abs(heard - 440) < 0.5 else {
            throw ScenarioFailure("\(blocks) blocks, last pitch \(heard) Hz (expected 440)")
        }
    }

    static let loudnessMeter = Scenario(
        "analysis-loudness-meter",
        "a stream-owned LoudnessMeter (K-weighting, gating blocks, 4x true peak) measures the Null input"
    ) {
        struct Metering: AudioRenderer {
            let meter: LoudnessMeter
            let published: Published

            mutating func render(_ context: RenderContext) {
                meter.process(context.input)
                published.frequency.value = Float(meter.momentary)
                published.blocks.add(1, ordering: .relaxed)
            }
        }
        let published = Published()
        let metering = Metering(meter: try LoudnessMeter(sampleRate: 48_000, channelCount: 2), published: published)
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(
                direction: .input, device: "null-in", sampleRate: 48_000, channelCount: 2, bufferSize: .frames(256),
                renderer: metering))
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        stream.close()
        // The 440 Hz sine at half scale in both channels: about -6 LUFS momentary.
        let momentary = published.frequency.value
        guard published.blocks.load(ordering: .relaxed) > 100, momentary > -8, momentary < -4 else {
            throw ScenarioFailure(
                "momentary \(momentary) LUFS after \(published.blocks.load(ordering: .relaxed)) blocks")
        }
    }

    static let loudnessNode = Scenario(
        "analysis-loudness-node",
        "a LoudnessMeterNode in the main group's filter chain of an engine on a real-time Null stream"
    ) {
        let engine = try AudioEngine(
            backend: NullBackend(),
            configuration: StreamConfiguration(channelCount: 2, bufferSize: .frames(256)) { _ in })
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1_000, amplitude: 0.1))
        let loudness = LoudnessMeterNode(channels: [.left, .right])
        try engine.mainGroup.setFilters([loudness])
        try engine.stream?.start()
        var reading = loudness.measurement()
        for _ in 0..<10 {  // read as a UI would while it renders
            MonotonicClock.sleep(nanoseconds: 150_000_000)
            reading = loudness.measurement()
        }
        engine.stream?.close()
        // A 1 kHz sine at -20 dBFS in both channels is -20 LUFS.
        guard reading.duration > 1, abs(reading.integrated + 20) < 0.2 else {
            throw ScenarioFailure("integrated \(reading.integrated) LUFS over \(reading.duration) s")
        }
    }
}
