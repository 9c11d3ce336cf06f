import ArgumentParser
import Decibel
import DecibelAnalysis
import DecibelToolSupport

#if canImport(Glibc)
import Glibc
#endif

/// `decibel tune`: a live tuner on the input.
struct TuneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "A live tuner: the note on the input, how many cents off, a needle, the frequency and the clarity.",
        discussion:
            "On a terminal one line redraws in place; piped (or with --json) it prints a JSON object per reading. Ctrl-C stops.\n\nExamples:\n  decibel tune\n  decibel tune --reference 442 --backend pulse --device alsa_input.usb\n  decibel tune --json --duration 5 | jq .note"
    )

    @Option(name: .long, help: "The frequency of A4, in Hz.")
    var reference = 440.0

    @Option(
        name: .long, help: "Time to listen: seconds, m:ss or 1500ms (default: until Ctrl-C).", transform: parseSeconds)
    var duration: Double?

    @Flag(name: .long, help: "Print JSON lines even on a terminal.")
    var json = false

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        guard reference.isFinite, (400...480).contains(reference) else {
            throw ValidationError("--reference must be between 400 and 480 Hz")
        }
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw ValidationError("--duration must be a positive number of seconds")
            }
        }
    }

    func run() async throws {
        let backend = try choice.select(verbose: !json)
        let device = try choice.checkedDevice(on: backend, direction: .input)
        let microphone = try Microphone(backend: backend, device: device, channelCount: 1, bufferSize: 1024)
        try microphone.start()
        defer { try? microphone.stop() }
        guard let rate = microphone.actualSampleRate else {
            throw AudioError(.invalidState, "the input did not say its sample rate; try another --device")
        }
        let detector = try PitchDetector(sampleRate: rate)
        let display = TunerDisplay(reference: reference, asJSON: json || isatty(STDOUT_FILENO) == 0)
        Interrupt.install()
        let started = MonotonicClock.now()
        for await buffer in microphone.buffers() {
            detector.append(buffer[0])
            display.show(detector.estimate(), at: Double(MonotonicClock.now() - started) / 1e9)
            if Interrupt.isRaised { break }
            if let duration, Double(MonotonicClock.now() - started) / 1e9 >= duration { break }
        }
        display.finish()
    }
}
