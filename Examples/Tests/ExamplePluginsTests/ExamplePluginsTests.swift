import DecibelCore
import DecibelFormats
import DecibelGraph
import DecibelPluginAuthoring
import DecibelPlugins
import ExamplePlugins
import Foundation
import Testing

/// The example plugins as hosts see them, against the nodes they are made from. Needs the bundles
/// (`Scripts/plugins` writes them to .build/lv2 of the repository; `DECIBEL_LV2_BUNDLES` names another
/// folder), lv2apply (lilv-utils) and sox.
@Suite(.serialized) struct ExamplePluginsTests {
    static let bundles =
        ProcessInfo.processInfo.environment["DECIBEL_LV2_BUNDLES"]
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/lv2")
        .standardizedFileURL.path

    init() throws {
        guard FileManager.default.fileExists(atPath: Self.bundles + "/decibel-gain.lv2/manifest.ttl") else {
            throw ToolFailure(description: "no plugin bundles in \(Self.bundles): run Scripts/plugins first")
        }
        // lilv reads LV2_PATH once, when PluginCatalog first loads its world (in this process: here).
        setenv("LV2_PATH", Self.bundles + ":/usr/lib/lv2", 1)
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("decibel-example-plugins-\(getpid())-\(name)")
            .path
    }

    /// lv2apply (lilv's own offline host, which runs a plugin one frame per `run`) against the node rendered
    /// by Decibel in 256-frame blocks, on sox-made noise with the parameters set on lv2apply's command line.
    @Test(
        "lv2apply through each effect gives the node's own offline render (largest difference ≤ 1e-6)",
        arguments: [
            (gainPlugin, 1, ["gain": Float(-9.5)]), (delayPlugin, 2, ["time": 0.0123, "feedback": 0.4, "mix": 0.7]),
        ] as [(LV2PluginDefinition, Int, [String: Float])])
    func lv2applyMatchesNode(plugin: LV2PluginDefinition, channels: Int, parameters: [String: Float]) throws {
        let name = plugin.uri.split(separator: ":").last.map(String.init) ?? "plugin"
        let input = temporary("\(name)-in.wav"), output = temporary("\(name)-out.wav")
        defer { for path in [input, output] { try? FileManager.default.removeItem(atPath: path) } }
        try run(
            "sox",
            [
                "-R", "-n", "-r", "48000", "-c", "\(channels)", "-b", "32", "-e", "floating-point", input,
                "synth", "0.5", "pinknoise", "vol", "0.5",
            ])
        try run(
            "lv2apply",
            ["-i", input, "-o", output]
                + parameters.sorted { $0.key < $1.key }.flatMap { ["-c", $0.key, "\($0.value)"] }
                + ["urn:decibel:examples:\(name)"])
        let source = try AudioFile(path: input).readAll()
        let hosted = try AudioFile(path: output).readAll()
        let node = plugin.makeNode()
        for (identifier, value) in parameters { node.parameter(identifier)?.value = value }
        let own = render(node, input: source, frames: source.frameLength, blockSize: 256)
        #expect(hosted.frameLength == source.frameLength && hosted.channelCount == channels)
        let difference = largestDifference(own, hosted)
        #expect(difference <= 1e-6, "\(name): largest difference \(difference)")
        #expect(own.samples(ofChannel: 0).contains { $0 != 0 }, "the render is not silence")
    }

    /// Node → plugin → hosted node: Decibel's PluginNode running the Swift-built plugin gives what the node
    /// gives by itself, with a parameter change scheduled mid-block (ramped by the node in both cases).
    @Test(
        "PluginNode hosting the gain and the delay gives the node's own output, a mid-block parameter ramp included",
        arguments: [(gainPlugin, "gain", Float(-20)), (delayPlugin, "feedback", Float(0.8))])
    func roundTripEffects(plugin: LV2PluginDefinition, parameter: String, value: Float) throws {
        let channels = plugin.makeNode().channelCount
        let source = AudioBuffer(channelCount: channels, frameCapacity: 24_000)
        source.frameLength = 24_000
        var seed: UInt32 = 1
        for channel in 0..<channels {
            for frame in 0..<24_000 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                source[channel][frame] = Float(Int32(bitPattern: seed)) / Float(Int32.max) * 0.5
            }
        }
        // The plugin ramps each change itself; the hosting node jumps its control port (a ramp of 0) so that the
        // ramp is not applied twice.
        func output(of node: RenderNode, hostRamp: Double?) -> AudioBuffer {
            render(node, input: source, frames: 24_000, blockSize: 512) { time in
                if time == 4_608 { node.parameter(parameter)?.schedule(value, at: 5_000, rampDuration: hostRamp) }
            }
        }
        let own = output(of: plugin.makeNode(), hostRamp: nil)
        let hosted = output(of: try PluginNode(uri: plugin.uri), hostRamp: 0)
        let difference = largestDifference(own, hosted)
        #expect(difference <= 1e-6, "\(plugin.uri): largest difference \(difference)")
        #expect(largestDifference(own, source) > 0.01, "the parameter change is heard")
    }

    /// The instrument, hosted: notes scheduled at frames inside blocks start on those frames, as the
    /// Synthesizer's own do.
    @Test("PluginNode playing the synth from MIDI gives the Synthesizer's own output, note onsets on their frames")
    func roundTripInstrument() throws {
        func output(of node: RenderNode) -> AudioBuffer {
            render(node, input: nil, frames: 24_000, blockSize: 256) { time in
                guard time == 0 else { return }
                node.parameter("attack")?.value = 0
                node.send(.noteOn(note: 60, velocity: 100), at: 1_000)
                node.send(.noteOn(note: 67, velocity: 90), at: 7_777)
                node.send(.noteOff(note: 60), at: 12_345)
            }
        }
        let own = output(of: synthPlugin.makeNode())
        let hosted = output(of: try PluginNode(uri: synthPlugin.uri))
        let difference = largestDifference(own, hosted)
        #expect(difference <= 1e-6, "largest difference \(difference)")
        let left = hosted.samples(ofChannel: 0)
        #expect(
            left[..<1_000].allSatisfy { $0 == 0 } && left[1_000...1_001].contains { $0 != 0 }, "onset at frame 1000")
    }
}
