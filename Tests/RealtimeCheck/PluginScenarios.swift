import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelPlugins

/// LV2 plugins' `run` on the render thread (the node's slicing, ramped pieces, MIDI into atom ports),
/// with Debian's plugins: a well-behaved plugin must pass; one that allocates or locks in `run` fails
/// its scenario and is named, not hidden.
enum PluginScenarios {
    static let all: [Scenario] = [
        plugin("plugins-swh-amp", uri: "http://plugin.org.uk/swh-plugins/amp", ramp: "gain"),
        plugin("plugins-x42-eq", uri: "http://gareus.org/oss/lv2/fil4#mono", ramp: "gain3"),
        plugin("plugins-mda-dx10", uri: "http://drobilla.net/plugins/mda/DX10", ramp: nil),
        // Decibel's own example plugins written in Swift (Scripts/plugins builds them into .build/lv2, which
        // Scripts/test puts on LV2_PATH): lilv calls their run() through the C ABI, as every host does.
        plugin("plugins-swift-gain", uri: "urn:decibel:examples:gain", ramp: "gain"),
        plugin("plugins-swift-delay", uri: "urn:decibel:examples:delay", ramp: "time"),
        plugin("plugins-swift-synth", uri: "urn:decibel:examples:synth", ramp: nil),
        worker,
    ]

    /// x42's configurable convolver scheduling work from `run` (a patch:Set of its impulse response):
    /// the request leaves the render thread through the host's lock-free ring and a semaphore.
    static let worker = Scenario(
        "plugins-x42-convolver-worker",
        "x42 zeroconvolv schedules work from run() (loading an impulse response); the worker serves it"
    ) {
        let (engine, stream) = try GraphScenarios.manualEngine()
        let node = try PluginNode(uri: "http://gareus.org/oss/lv2/zeroconvolv#CfgMono")
        try engine.mainGroup.add(ToneGenerator(frequency: 440, amplitude: 0.2))
        try engine.mainGroup.setFilters([node])
        try stream.start()
        try node.setPath("/usr/lib/lv2/zeroconvo.lv2/ir/delta-48k.wav", for: "http://gareus.org/oss/lv2/zeroconvolv#ir")
        for _ in 0..<200 {
            _ = try stream.render(frames: 256)
            MonotonicClock.sleep(nanoseconds: 500_000)
        }
        try stream.stop()
        stream.close()
        guard node.workerRequestsServed >= 1 else { throw ScenarioFailure("the worker served nothing") }
    }

    /// `uri` rendered by a manually clocked engine for 300 blocks: as an effect on a tone (with its
    /// `ramp` parameter moving) or, for an instrument, playing MIDI notes scheduled mid-block.
    static func plugin(_ name: String, uri: String, ramp: String?) -> Scenario {
        Scenario(name, "the LV2 plugin \(uri) run by a PluginNode in real-time sections") {
            guard case .available = PluginCatalog.availability() else {
                throw ScenarioFailure("lilv is not available: \(PluginCatalog.availability())")
            }
            let (engine, stream) = try GraphScenarios.manualEngine()
            let node: PluginNode
            do {
                node = try PluginNode(uri: uri)
            } catch  where uri.hasPrefix("urn:decibel:") {
                throw ScenarioFailure("\(error): run Scripts/plugins and put .build/lv2 on LV2_PATH")
            }
            if node.info.acceptsMIDI {
                try engine.mainGroup.add(node)
            } else {
                try engine.mainGroup.add(ToneGenerator(frequency: 440, amplitude: 0.2))
                try engine.mainGroup.setFilters([node])
            }
            try stream.start()
            var loudest: Float = 0
            for block in 0..<300 {
                let now = Int64(block) * 256
                if node.info.acceptsMIDI, block % 20 == 0 {
                    node.send(.noteOn(note: 48 + block % 24, velocity: 100), at: now + 77)
                    node.send(.noteOff(note: 48 + block % 24), at: now + 2_600)
                }
                if let ramp, block % 30 == 0, let parameter = node.parameter(ramp) {
                    parameter.value = block % 60 == 0 ? parameter.info.range.upperBound / 3 : 0
                }
                let out = try stream.render(frames: 256)
                for frame in 0..<256 { loudest = max(loudest, abs(out[0][frame])) }
            }
            try stream.stop()
            stream.close()
            if let error = node.instantiationError { throw ScenarioFailure("\(uri) did not start: \(error)") }
            guard loudest > 0.001 else { throw ScenarioFailure("\(uri) made no sound (peak \(loudest))") }
        }
    }
}
