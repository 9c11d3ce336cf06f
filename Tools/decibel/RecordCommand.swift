import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel record`: records the input to a file with a level meter.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record the input to a file, with a level meter. Ctrl-C finishes the file.",
        discussion:
            "The format comes from --format, else from OUT's extension. A killed recording still leaves a readable WAV.\n\nExamples:\n  decibel record take.wav --duration 10\n  decibel record take.flac --bits 24 --backend pulse --device decibel_test.monitor"
    )

    @Argument(help: "The file to write.")
    var output: String

    @Option(
        name: .long, help: "Time to record: seconds, m:ss or 1500ms (default: until Ctrl-C).", transform: parseSeconds)
    var duration: Double?

    @Option(name: .long, help: "wav, aiff, flac, ogg, opus, m4a (AAC) or alac (M4A needs FFmpeg's libraries).")
    var format: String?

    @Option(name: .long, help: "Bits per sample for wav, aiff and flac (8, 16, 24, 32).")
    var bits: Int?

    @Option(name: .long, help: "Channels to record.")
    var channels: Int = 2

    @Option(name: .long, help: "Sample rate in hertz (default: the device's).")
    var rate: Double?

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw ValidationError("--duration must be a positive number of seconds")
            }
        }
        if let bits {
            guard [8, 16, 24, 32].contains(bits) else { throw ValidationError("--bits must be 8, 16, 24 or 32") }
        }
        guard (1...64).contains(channels) else { throw ValidationError("--channels must be between 1 and 64") }
        try validateRate(rate)
    }

    func run() throws {
        let name = format ?? output.fileExtension
        let fileFormat = try AudioFileWriter.Format.named(name.isEmpty ? "wav" : name, bits: bits)
        let backend = try choice.select(verbose: true)
        let device = try choice.checkedDevice(on: backend, direction: .input)
        let session = try PlaybackSession(backend: backend) { onEvent in
            StreamConfiguration(
                direction: .input, device: device, sampleRate: rate, channelCount: channels, name: "decibel record",
                onEvent: onEvent
            ) { _ in }
        }
        let engine = session.engine
        let meter = LevelMeter(channelCount: channels)
        try engine.attach(meter)
        try engine.connect(engine.inputNode, to: meter)
        let recorder = try Recorder(
            path: output, format: fileFormat, sampleRate: session.stream.format.sampleRate, channelCount: channels)
        let frameLimit = duration.map { Int(($0 * session.stream.format.sampleRate).rounded()) }
        let tap = try recorder.record(engine.inputNode, in: engine, frameLimit: frameLimit)
        printError(
            "decibel: recording \(backend.id):\(device ?? "default") to \(output) (\(session.stream.format)); Ctrl-C finishes"
        )
        var failure: Error?
        do {
            // Stopping once stream time reaches the duration leaves at least that many frames in the tap
            // (flushed when it is removed); the frame limit trims the file to exactly the duration.
            try session.run(label: "rec", duration: duration, meter: meter) { _ in false }
        } catch {
            failure = error  // finish the file with what was captured, then report
        }
        try engine.removeTap(tap)
        let summary = try recorder.close()
        printError(
            "decibel: wrote \(output): \(summary.framesWritten) frames (\(String(printf: "%.2f", Double(summary.framesWritten) / session.stream.format.sampleRate)) s)"
                + (summary.overflowFrames > 0
                    ? "; \(summary.overflowFrames) frames lost to overflow, filled with silence" : ""))
        if let failure { throw failure }
    }
}
