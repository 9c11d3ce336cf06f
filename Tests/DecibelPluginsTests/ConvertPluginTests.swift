import DecibelCore
import DecibelFormats
import DecibelGraph
import DecibelPlugins
import DecibelTestSupport
import Foundation
import Testing

/// `decibel convert --plugin URI --param symbol=value`, checked against the same chain built here.
@Suite struct ConvertPluginTests {
    var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    @Test(
        "convert --plugin amp --param gain=6 --plugin x42-eq --param gain3=-4 equals that chain rendered here",
        .requires(.file(PluginNodeTests.swh), .file(PluginNodeTests.x42)))
    func convertMatchesTheChain() throws {
        let folder = TestEnvironment.temporaryDirectory("decibel-convert-plugins")
        let input = folder.appendingPathComponent("in.wav").path, output = folder.appendingPathComponent("out.wav").path
        let made = try run(
            "sox",
            [
                "-n", "-r", "44100", "-c", "1", "-e", "float", "-b", "32", input, "synth", "1.5", "pinknoise", "vol",
                "0.2",
            ])
        try #require(made.status == 0, "sox: \(made.standardError)")
        let converted = try run(
            decibel,
            [
                "convert", input, output, "--plugin", PluginNodeTests.amp, "--param", "gain=6", "--plugin",
                PluginNodeTests.equaliser, "--param", "gain3=-4", "--param", "freq3=2000",
            ])
        try #require(converted.status == 0, "\(converted.standardError)")

        // The same chain, built by hand: the file played through the two plugins in an offline engine.
        let file = try AudioFile(path: input)
        let samples = try file.readAll()
        let engine = AudioEngine(sampleRate: 44_100, channelCount: 1, maximumFrameCount: 512)
        let player = FilePlayer(source: BufferPullSource(buffer: samples, sampleRate: 44_100), channelCount: 1)
        try engine.mainGroup.add(player)
        let amp = try PluginNode(uri: PluginNodeTests.amp), equaliser = try PluginNode(uri: PluginNodeTests.equaliser)
        for (node, symbol, value) in [(amp, "gain", Float(6)), (equaliser, "gain3", -4), (equaliser, "freq3", 2_000)] {
            let parameter = try #require(node.parameter(symbol))
            parameter.rampDuration = 0
            parameter.value = value
        }
        try engine.mainGroup.setFilters([amp, equaliser])
        player.play(at: 0)
        let expected = AudioBuffer(channelCount: 1, frameCapacity: samples.frameLength)
        try engine.render(into: expected, blockSize: 512)

        let written = try AudioFile(path: output)
        #expect(written.sampleRate == 44_100 && written.channelCount == 1)
        let got = try written.readAll().samples(ofChannel: 0), want = expected.samples(ofChannel: 0)
        try #require(got.count == want.count, "\(got.count) frames written, \(want.count) rendered")
        let largest = zip(got, want).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
        print("convert --plugin: \(got.count) frames, largest difference from the chain rendered here \(largest)")
        #expect(largest <= 1e-6)
        // +6 dB from the amplifier, less what the -4 dB band takes.
        #expect(SignalAnalysis.rms(got) > SignalAnalysis.rms(samples.samples(ofChannel: 0)) * 1.5)
    }

    @Test(
        "convert --plugin refuses a missing plugin, an unknown control and a value out of range, in one line each",
        .requires(.file(PluginNodeTests.swh)))
    func refusals() throws {
        let folder = TestEnvironment.temporaryDirectory("decibel-convert-plugins-bad")
        let input = folder.appendingPathComponent("in.wav").path, output = folder.appendingPathComponent("out.wav").path
        _ = try run("sox", ["-n", "-r", "48000", "-c", "1", input, "synth", "0.2", "sine", "440"])
        let cases: [([String], String)] = [
            (["--plugin", "urn:decibel:none"], "no LV2 plugin 'urn:decibel:none' is installed"),
            (["--plugin", PluginNodeTests.amp, "--param", "volume=3"], "has no control 'volume'; its controls: gain"),
            (["--plugin", PluginNodeTests.amp, "--param", "gain=99"], "takes -70.0 … 70.0, not 99.0"),
            (["--param", "gain=1"], "name the plugin first"),
        ]
        for (arguments, message) in cases {
            let result = try run(decibel, ["convert", input, output] + arguments)
            #expect(result.status != 0)
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
    }
}
