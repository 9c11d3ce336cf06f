import Decibel
import DecibelTestSupport
import Foundation
import Testing

extension ConformanceTests {
    @Test(
        "a rate or channel count the device does not run: opened as asked or unsupportedConfiguration; adapted always",
        arguments: backends)
    func unusualFormat(_ backend: BackendUnderTest) {
        Conformance.verify(.unusualFormat, on: backend) { findings in
            let audio = backend.makeBackend()
            let cases: [(String, StreamConfiguration)] = [
                ("output at 44.1 kHz", backend.configuration(.output, sampleRate: 44_100)),
                ("input at 22.05 kHz", backend.configuration(.input, sampleRate: 22_050)),
                ("8 output channels", backend.configuration(.output, channels: 8)),
            ]
            for (label, asked) in cases {
                var outcome = ""
                for adapted in [false, true] {
                    let counter = CallbackCounter()
                    var configuration = asked
                    configuration.render = counter.render
                    do {
                        let stream =
                            adapted ? try audio.makeAdaptedStream(configuration) : try audio.makeStream(configuration)
                        defer { stream.close() }
                        let format = stream.format
                        let channels = asked.direction.hasOutput ? format.outputChannelCount : format.inputChannelCount
                        let askedChannels =
                            asked.direction.hasOutput ? asked.outputChannelCount : asked.inputChannelCount
                        findings.require(
                            format.sampleRate == asked.sampleRate ?? format.sampleRate && channels == askedChannels,
                            "\(label)\(adapted ? ", adapted" : ""): opened as \(format)")
                        try stream.start()
                        // PulseAudio's null sink, idle, renders in 2-s blocks: a stream that joins it may get its
                        // next request only when the current one ends (measured: 2 callbacks in the first 2 s).
                        let wait = Self.patience + (backend == .pulse ? 2 : 0)
                        findings.require(
                            counter.waitBeyond(2, timeout: wait),
                            "\(label)\(adapted ? ", adapted" : ""): \(counter.count) callbacks")
                        try stream.stop()
                        outcome += adapted ? "" : "opened"
                    } catch let error as AudioError {
                        findings.require(
                            !adapted, "\(label), adapted: \(error.kind) (\(error.message)); an adapted stream must open"
                        )
                        findings.require(
                            error.kind == .unsupportedConfiguration,
                            "\(label): \(error.kind) (\(error.message)), not unsupportedConfiguration")
                        outcome += "refused"
                    } catch {
                        findings.problem("\(label): \(error)")
                    }
                }
                findings.note("\(label): \(outcome), adapted opened")
            }
        }
    }
}
