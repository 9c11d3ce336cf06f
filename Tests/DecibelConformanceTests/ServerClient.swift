import Decibel
import DecibelTestSupport
import Foundation

/// The server's own recording client, to hear from outside what a stream plays: pw-record on PipeWire,
/// jack_capture on JACK, parec on PulseAudio; on ALSA, which has no server, the raw file its `type file`
/// PCM writes (the stream must play to `ConformanceALSA.filePCM` in float32).
enum ServerClient {
    /// Records `seconds` of what `stream` plays (channel 0, at 48 kHz); nil for the Null device.
    static func record(_ backend: BackendUnderTest, stream: any AudioStream, seconds: Double) throws -> [Float]? {
        let file = TestEnvironment.temporaryDirectory("decibel-conformance-heard").appendingPathComponent("heard.wav")
        let duration = String(seconds)
        switch backend {
        case .pipewire:
            guard ConformancePipeWire.remote != nil else { return nil }
            try run(
                "timeout",
                [
                    "-s", "INT", "-k", "2", duration, "pw-record", "--target", ConformancePulse.sink, "-P",
                    "{ stream.capture.sink=true }", "--rate", "48000", "--channels", "2", "--format", "f32", file.path,
                ],
                environment: ConformancePipeWire.clientEnvironment,
                timeout: seconds + 10)
        case .jack:
            guard let port = (stream as? JACKStream)?.outputPortNames.first else { return nil }
            let capture = try run(
                "jack_capture", ["--daemon", "-d", duration, "-c", "1", "-p", port, "-f", "wav", file.path],
                timeout: seconds + 20)
            guard capture.status == 0 else { throw ClientError(message: "jack_capture: \(capture.standardError)") }
        case .alsa:
            Thread.sleep(forTimeInterval: seconds)
            let played = try Data(contentsOf: ConformanceALSA.file)
            return SignalAnalysis.deinterleave(played, channels: stream.format.outputChannelCount, as: .float32)[0]
        case .pulse:
            let recorded = try run(
                "timeout",
                [
                    "-s", "INT", duration, "parec", "-d", ConformancePulse.sink + ".monitor", "--rate=48000",
                    "--channels=2", "--format=float32le", "--raw", "--latency-msec=20",
                ],
                timeout: seconds + 10)
            return SignalAnalysis.deinterleave(recorded.standardOutputData, channels: 2, as: .float32)[0]
        case .null:
            return nil
        }
        let heard = try AudioFile(path: file.path)
        guard heard.sampleRate == 48_000 else {
            throw ClientError(message: "the recording is at \(heard.sampleRate) Hz, not 48000")
        }
        return try heard.readAll().samples(ofChannel: 0)
    }

    struct ClientError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
