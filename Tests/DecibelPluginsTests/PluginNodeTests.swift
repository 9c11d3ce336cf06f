import DecibelCore
import DecibelFormats
import DecibelGraph
import DecibelPlugins
import DecibelTestSupport
import Foundation
import Testing

/// Hosting the LV2 plugins Debian packages (`Scripts/setup` installs swh-lv2, x42-plugins and mda-lv2).
///
/// Serialized: what plugins log goes to one process-wide log whose writers only try its lock (a plugin
/// logging from run() must not wait), so a line logged while another thread holds it is dropped, and
/// `workerServesScheduledWork` checks for a line. Of the plugins the tests load only zeroconvolv logs, and
/// only that test reads the log; the other suites of this target run `decibel` in processes of its own or
/// load plugins that do not log, and no other test target loads plugins.
@Suite(.serialized) struct PluginNodeTests {
    static let amp = "http://plugin.org.uk/swh-plugins/amp"
    static let equaliser = "http://gareus.org/oss/lv2/fil4#mono"
    static let synth = "http://drobilla.net/plugins/mda/DX10"
    /// The Debian bundles holding them (swh-lv2, x42-plugins, mda-lv2).
    static let swh = "/usr/lib/lv2/amp-swh.lv2", x42 = "/usr/lib/lv2/fil4.lv2", mda = "/usr/lib/lv2/mda.lv2"

    /// A mono engine playing `source` through `node`, rendered offline.
    func render(_ node: PluginNode, source: RenderNode?, seconds: Double, blockSize: Int = 256) throws -> [Float] {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        if let source {
            try engine.mainGroup.add(source)
            try engine.mainGroup.setFilters([node])
        } else {
            try engine.mainGroup.add(node)
        }
        return try engine.render(seconds: seconds, blockSize: blockSize).samples(ofChannel: 0)
    }

    func sine(_ frequency: Float, amplitude: Float = 0.25) -> ToneGenerator {
        ToneGenerator(shape: .sine, frequency: frequency, amplitude: amplitude, channelCount: 1)
    }

    @Test(
        "the catalog lists installed plugins with their ports, ranges, defaults and MIDI inputs",
        .requires(.file(Self.swh), .file(Self.x42), .file(Self.mda)))
    func catalog() throws {
        let amp = try PluginCatalog.plugin(uri: Self.amp)
        #expect(amp.name == "Simple amplifier" && amp.audioInputCount == 1 && amp.audioOutputCount == 1)
        let gain = try #require(amp.ports.first { $0.symbol == "gain" })
        #expect(gain.kind == .controlInput && gain.minimum == -70 && gain.maximum == 70 && gain.defaultValue == 0)
        let equaliser = try PluginCatalog.plugin(uri: Self.equaliser)
        #expect(equaliser.ports.first { $0.symbol == "gain3" }?.unit == "db")
        #expect(equaliser.ports.first { $0.symbol == "freq3" }?.unit == "hz")
        let node = try PluginNode(uri: Self.equaliser)
        #expect(node.parameter("gain3")?.info.unit == .decibels && node.parameter("freq3")?.info.unit == .hertz)
        #expect(
            node.parameter("freq3")?.info.range == 100...10_000 && node.parameter("freq3")?.info.defaultValue == 1_250)
        #expect(try PluginCatalog.plugin(uri: Self.synth).acceptsMIDI)
        #expect(try !PluginCatalog.plugin(uri: Self.amp).acceptsMIDI)
        #expect(try PluginCatalog.plugins().count > 50)
        #expect(throws: AudioError.self) { try PluginCatalog.plugin(uri: "urn:decibel:no-such-plugin") }
    }

    @Test(
        "a gain plugin's gain parameter sets the level exactly, and its ramp has no step in it",
        .requires(.file(Self.swh)))
    func gainAndRamp() throws {
        let amp = try PluginNode(uri: Self.amp)
        let gain = try #require(amp.parameter("gain"))
        gain.value = 6
        let steady = try render(amp, source: sine(440), seconds: 0.5)
        let level = SignalAnalysis.magnitude(of: 440, in: Array(steady[4_800..<24_000]), sampleRate: 48_000)
        #expect(abs(20 * log10(level / 0.25) - 6) < 0.01, "level \(level)")

        // From -20 dB to 0 dB over 50 ms in the middle of a 440 Hz tone, against the same change at once
        // (at a crest of the tone, where a step is loudest: 110¼ periods in).
        func change(ramp: Double) throws -> [Float] {
            let node = try PluginNode(uri: Self.amp)
            let parameter = try #require(node.parameter("gain"))
            parameter.rampDuration = ramp
            parameter.value = -20
            parameter.schedule(0, at: 12_027)
            return try render(node, source: sine(440), seconds: 0.5)
        }
        func roughness(_ samples: [Float]) -> Float {  // largest second difference: a step shows at once
            var largest: Float = 0
            for index in 2..<samples.count {
                largest = max(largest, abs(samples[index] - 2 * samples[index - 1] + samples[index - 2]))
            }
            return largest
        }
        let ramped = try change(ramp: 0.05), jumped = try change(ramp: 0)
        let smooth = roughness(Array(ramped[4_800...])), stepped = roughness(Array(jumped[4_800...]))
        print("gain change: largest second difference \(smooth) ramped over 50 ms, \(stepped) at once")
        #expect(smooth < stepped / 10)
        #expect(abs(SignalAnalysis.magnitude(of: 440, in: Array(ramped[19_200...]), sampleRate: 48_000) - 0.25) < 0.001)
    }

    @Test(
        "x42-eq: a +6 dB band at 1250 Hz measures +6 dB there and nothing far away (within 0.5 dB)",
        .requires(.file(Self.x42)))
    func equaliserResponse() throws {
        for (frequency, expected) in [(Float(1_250), 6.0), (80, 0), (12_000, 0)] {
            let equaliser = try PluginNode(uri: Self.equaliser)
            try #require(equaliser.parameter("freq3")).value = 1_250
            try #require(equaliser.parameter("gain3")).value = 6
            let samples = try render(equaliser, source: sine(frequency), seconds: 1.5)
            let tail = Array(samples[48_000..<72_000])
            let gain = 20 * log10(SignalAnalysis.magnitude(of: Double(frequency), in: tail, sampleRate: 48_000) / 0.25)
            print("x42-eq band +6 dB at 1250 Hz: \(frequency) Hz measures \(gain) dB")
            #expect(abs(gain - expected) < 0.5, "\(frequency) Hz: \(gain) dB, want \(expected)")
        }
    }

    @Test(
        "mda DX10 plays MIDI notes from the frames they are scheduled at",
        .requires(.file(Self.mda)), arguments: [(256, [1_000, 20_000]), (100, [4_321, 30_007])])
    func synthOnsets(blockSize: Int, frames: [Int]) throws {
        for (index, frame) in frames.enumerated() {
            let synth = try PluginNode(uri: Self.synth)
            synth.send(.noteOn(note: 60 + index * 7, velocity: 120), at: Int64(frame))
            synth.send(.noteOff(note: 60 + index * 7), at: Int64(frame + 4_000))
            let samples = try render(synth, source: nil, seconds: 1, blockSize: blockSize)
            let onset = SignalAnalysis.firstSound(samples, threshold: 1e-7)
            #expect(onset == frame, "scheduled at \(frame), heard from \(onset ?? -1) (blocks of \(blockSize))")
            #expect(SignalAnalysis.peak(samples[frame..<(frame + 2_000)]) > 0.01)
        }
    }

    @Test(
        "a plugin's state round-trips: saved from one instance, restored into another, it sounds the same",
        .requires(.file(Self.x42)))
    func stateRoundTrip() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        let original = try PluginNode(uri: Self.equaliser)
        try engine.mainGroup.setFilters([original])
        try #require(original.parameter("freq3")).value = 3_000
        try #require(original.parameter("gain3")).value = -9
        try #require(original.parameter("HighPass")).value = 1
        let state = try original.saveState()
        #expect(state.contains("gain3") && state.contains("-9"), "\(state.prefix(400))")

        let restored = try PluginNode(uri: Self.equaliser)
        #expect(throws: AudioError.self) { try restored.restoreState(state) }  // not prepared yet
        let other = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        try other.mainGroup.setFilters([restored])
        try restored.restoreState(state)
        for symbol in ["freq3", "gain3", "HighPass", "gain1"] {
            #expect(restored.parameter(symbol)?.value == original.parameter(symbol)?.value, "\(symbol)")
        }
        try other.mainGroup.setFilters([])  // a node belongs to one engine: free it for the one `render` makes
        let heard = try render(restored, source: sine(3_000), seconds: 1.5)
        let gain =
            20 * log10(SignalAnalysis.magnitude(of: 3_000, in: Array(heard[48_000...]), sampleRate: 48_000) / 0.25)
        #expect(abs(gain + 9) < 0.5, "the restored band measures \(gain) dB at 3 kHz")
        #expect(throws: AudioError.self) { try restored.restoreState("this is not turtle") }
    }

    @Test(
        "a plugin's latency port is reported: swh Artificial latency at 10 ms reports 480 frames",
        .requires(.file(Self.swh)))
    func latencyReported() throws {
        let node = try PluginNode(uri: "http://plugin.org.uk/swh-plugins/artificialLatency")
        #expect(node.info.latencyPortIndex != nil)
        try #require(node.parameter("delay")).value = 10
        _ = try render(node, source: sine(440), seconds: 0.1)
        #expect(node.latencyFrames == 480)
    }

    @Test(
        "the LV2 worker: a plugin that needs it runs, and the work it schedules in run() is served off the render thread",
        .requires(.file(Self.x42)))
    func workerServesScheduledWork() throws {
        let convolver = try PluginNode(uri: "http://gareus.org/oss/lv2/zeroconvolv#CfgMono")
        #expect(convolver.info.requiredFeatures.contains("http://lv2plug.in/ns/ext/worker#schedule"))
        #expect(convolver.info.missingFeatures.isEmpty)
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try engine.mainGroup.add(sine(100))
        try engine.mainGroup.setFilters([convolver])
        #expect(convolver.workerRequestsServed == 0)
        // A patch:Set of its impulse response: run() reads it and schedules the file's loading on the worker.
        try convolver.setPath(
            "/usr/lib/lv2/zeroconvo.lv2/ir/delta-48k.wav", for: "http://gareus.org/oss/lv2/zeroconvolv#ir")
        // Until the worker has served the request and a line of the plugin's is in the log. The log is read
        // only once the worker has finished: reading holds its lock, and a line logged meanwhile is dropped.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline
            && (convolver.workerRequestsServed == 0 || !PluginCatalog.recentLog().contains { $0.contains("ZConvolv") })
        {
            _ = try engine.render(frames: 256)
            usleep(1_000)
        }
        print(
            "worker requests served: \(convolver.workerRequestsServed); the plugin logged: \(PluginCatalog.recentLog())"
        )
        #expect(convolver.workerRequestsServed >= 1)
        // Its messages went to Decibel's log, not to stderr.
        #expect(PluginCatalog.recentLog().contains { $0.contains("ZConvolv") })
    }

    @Test("without lilv, plugins are unavailable with the reason and what to install")
    func missingLilv() throws {
        let environment = ["DECIBEL_LILV_LIBRARY": "/nonexistent/liblilv-0.so.0"]
        guard case .unavailable(let reason) = PluginCatalog.availability(environment: environment) else {
            Issue.record("a missing liblilv was reported available")
            return
        }
        #expect(reason.contains("liblilv-0-0") && reason.contains("DECIBEL_LILV_LIBRARY"), "\(reason)")
        #expect(throws: AudioError.self) { try PluginNode(uri: Self.amp, environment: environment) }
    }
}
