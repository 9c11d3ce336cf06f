import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel convert`: one file to another format, rate or bit depth.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a file to another container, encoding, sample rate or bit depth (resampling with libsoxr).",
        discussion:
            "The output format comes from --format, else from OUT's extension.\n\nExamples:\n  decibel convert take.flac take.wav\n  decibel convert take.wav take.flac --rate 44100 --bits 24\n  decibel convert take.wav take.ogg"
    )

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write.")
    var output: String

    @Option(name: .long, help: "Output sample rate in hertz.")
    var rate: Int?

    @Option(name: .long, help: "wav, aiff, flac, ogg or opus.")
    var format: String?

    @Option(name: .long, help: "Bits per sample for wav, aiff and flac (8, 16, 24, 32).")
    var bits: Int?

    func validate() throws {
        if let rate {
            guard (1000...768_000).contains(rate) else {
                throw ValidationError("--rate must be between 1000 and 768000 Hz")
            }
        }
        if let bits {
            guard [8, 16, 24, 32].contains(bits) else { throw ValidationError("--bits must be 8, 16, 24 or 32") }
        }
    }

    func run() throws {
        var writerFormat: AudioFileWriter.Format?
        if let name = format ?? (bits != nil ? output.fileExtension : nil) {
            writerFormat = try AudioFileWriter.Format.named(name, bits: bits)
        }
        let summary = try AudioConverter.convert(
            input: input, output: output,
            options: ConvertOptions(format: writerFormat, sampleRate: rate.map(Double.init)))
        printError(
            "decibel: wrote \(output): \(summary.output.containerName), \(summary.output.encodingName), \(Int(summary.output.sampleRate)) Hz, \(summary.output.channels) ch, \(summary.output.frames) frames"
        )
    }
}

extension String {
    /// The text after the last dot of the last path component, lowercased ("" if none).
    var fileExtension: String {
        let name = split(separator: "/").last.map(String.init) ?? self
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
