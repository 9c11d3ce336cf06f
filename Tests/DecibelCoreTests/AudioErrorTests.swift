import DecibelCore
import Testing

@Suite("Errors say what to do")
struct AudioErrorTests {
    @Test("descriptions carry backend, message, code and the C library's text")
    func descriptions() {
        #expect(
            AudioError(
                .backendError, "could not open the PCM", backend: "alsa", code: -16,
                codeDescription: "Device or resource busy"
            ).description
                == "alsa: could not open the PCM (error -16: Device or resource busy)")
        #expect(
            AudioError(.timedOut, "no answer in 2 s", backend: "pulse", code: 7).description
                == "pulse: no answer in 2 s (error 7)")
        #expect(AudioError(.invalidArgument, "bad").description == "bad")
    }

    @Test("deviceNotFound lists what there is")
    func deviceNotFound() {
        let error = AudioError.deviceNotFound("hw:9", backend: "alsa", available: ["default", "null"])
        #expect(error.kind == .deviceNotFound)
        #expect(error.description == "alsa: no device 'hw:9'; its devices are: default, null")
        #expect(
            AudioError.deviceNotFound("x", backend: "jack", available: []).description.contains("it has no devices"))
    }

    @Test(
        "configurations with impossible numbers are refused with the range",
        arguments: [
            (StreamConfiguration(channelCount: 0) { _ in }, "output channel count 0 is out of range (1...1024)"),
            (
                StreamConfiguration(direction: .input, channelCount: 5000) { _ in },
                "input channel count 5000 is out of range (1...1024)"
            ),
            (StreamConfiguration(sampleRate: 0) { _ in }, "sample rate 0.0 Hz is out of range (1000...768000)"),
            (
                StreamConfiguration(bufferSize: .frames(0)) { _ in },
                "buffer size of 0 frames is out of range (1...65536)"
            ),
            (
                StreamConfiguration(bufferSize: .milliseconds(.nan)) { _ in },
                "buffer size of nan ms is out of range (0...2000 ms)"
            ),
        ])
    func validation(configuration: StreamConfiguration, message: String) {
        #expect(throws: AudioError(.invalidArgument, message, backend: "test")) {
            try configuration.validate(backend: "test")
        }
    }
}
