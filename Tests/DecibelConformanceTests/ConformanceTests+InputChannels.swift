import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

extension ConformanceTests {
    @Test("inputChannels: [1] delivers the second channel alone, at its level", .liveTiming, arguments: backends)
    func inputChannelsPicked(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.inputChannels, on: backend) { findings in
            // The right channel carries the tone and the left is silent (Null: channel c at (c + 1)/64).
            var tone = ServerClient.InputTone(backend)
            if backend == .null { tone.amplitude = 2.0 / 64 }
            let player = try ServerClient.playIntoInput(backend, tone: tone, seconds: 5, rightOnly: true)
            defer { player?.stop() }
            let audio: any AudioBackend =
                backend == .null
                ? NullBackend(options: .init(inputSignal: .numberedChannels(frequency: tone.frequency)))
                : backend.makeBackend()
            var configuration = backend.configuration(.input, channels: 1, sampleRate: 48_000) { _ in }
            configuration.name = "dcb-conformance-pick"
            configuration.inputDevice = ServerClient.inputDevice(backend)
            if backend == .alsa { configuration.sampleType = .float32 }
            let engine = try AudioEngine(backend: audio, configuration: configuration, inputChannels: [1])
            guard let stream = engine.stream else {
                throw ServerClient.ClientError(message: "the engine has no stream")
            }
            defer { stream.close() }
            findings.require(
                stream.format.inputChannelCount == 2 && engine.inputNode.channelCount == 1,
                "the stream captures \(stream.format.inputChannelCount) channels and the input node delivers \(engine.inputNode.channelCount); want 2 and 1"
            )
            let delivered = InputCollector(frames: Int((3 + 3 * Self.patience) * 48_000))
            let tap = try engine.installTap(on: engine.inputNode, bufferSize: 480) { buffer in
                delivered.append(buffer[0])
            }
            try stream.start()
            if backend == .jack, let ports = (stream as? JACKStream)?.inputPortNames, ports.count == 2 {
                try ServerClient.connectJACKTone(to: ports[1])
            }
            let heard = ServerClient.awaitCleanSecond(
                of: tone, until: Date().addingTimeInterval(2 + 3 * Self.patience), heard: { delivered.samples })
            try stream.stop()
            try engine.removeTap(tap)
            guard let picked = heard.tone else {
                findings.problem(heard.missing(tone))
                return
            }
            findings.note("channel 2 delivered \(picked), \(heard.onsetText)")
            findings.require(
                abs(picked.frequency - tone.frequency) < 0.5, "delivered \(picked.frequency) Hz, not \(tone.frequency)")
            findings.require(
                abs(picked.magnitude - tone.amplitude) < (backend == .null ? 0.001 : 0.01),
                "delivered amplitude \(picked.magnitude), not \(tone.amplitude)")
        }
    }
}
