import ArgumentParser
import Decibel
import DecibelAnalysis
import DecibelPlugins
import DecibelToolSupport
import FoundationEssentials
import Glibc

/// `decibel convert`: one file to another format, rate or bit depth.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract:
            "Convert a file to another container, encoding, sample rate, channel count or bit depth (resampling with libsoxr).",
        discussion:
            "The output format comes from --format, else from OUT's extension.\n\nExamples:\n  decibel convert take.flac take.wav\n  decibel convert take.wav take.flac --rate 44100 --bits 24\n  decibel convert take.wav take.ogg\n  decibel convert film-5.1.wav film-stereo.flac --channels 2\n  decibel convert episode.wav episode.flac --normalize -16\n  decibel convert voice.wav louder.wav --plugin http://plugin.org.uk/swh-plugins/amp --param gain=6"
    )

    @Argument(help: "The file to read.")
    var input: String

    @Argument(help: "The file to write.")
    var output: String

    @Option(name: .long, help: "Output sample rate in hertz.")
    var rate: Int?

    @Option(
        name: .long,
        help:
            "Output channels: mono is copied to each, stereo averaged to mono, 5.1 and 7.1 mixed down to stereo (ITU-R BS.775)."
    )
    var channels: Int?

    @Option(name: .long, help: "wav, aiff, flac, ogg, opus, m4a (AAC) or alac (M4A needs FFmpeg's libraries).")
    var format: String?

    @Option(name: .long, help: "Bits per sample for wav, aiff and flac (8, 16, 24, 32).")
    var bits: Int?

    @Option(
        name: .long, parsing: .unconditional,  // -16 is a value, not a flag
        help: ArgumentHelp(
            "Apply the gain that brings the integrated loudness (EBU R128) to this many LUFS.", valueName: "LUFS"))
    var normalize: Double?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("With --normalize: the true peak the gain may not pass.", valueName: "dBTP"))
    var truePeakCeiling = -1.0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Process through this LV2 plugin first, at the input's rate (repeat for a chain; `decibel plugins` lists them).",
            valueName: "URI"))
    var plugin: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A control of the --plugin before it, by port symbol (repeatable).", valueName: "symbol=value"))
    var param: [String] = []

    func validate() throws {
        if !param.isEmpty && plugin.isEmpty {
            throw ValidationError("--param sets a control of a --plugin; name the plugin first")
        }
        try validateRate(rate.map(Double.init))
        if let channels {
            guard (1...64).contains(channels) else { throw ValidationError("--channels must be between 1 and 64") }
            if normalize != nil {
                throw ValidationError(
                    "--normalize measures the input's channels; with --channels, convert first and normalize the result"
                )
            }
        }
        if let bits {
            guard [8, 16, 24, 32].contains(bits) else { throw ValidationError("--bits must be 8, 16, 24 or 32") }
        }
        if let normalize {
            guard normalize.isFinite, (-70...0).contains(normalize) else {
                throw ValidationError(
                    "--normalize must be a loudness from -70 to 0 LUFS (streaming services use -14 to -16)")
            }
        }
        if normalize == nil && truePeakCeiling != -1 {
            throw ValidationError("--true-peak-ceiling goes with --normalize")
        }
        guard truePeakCeiling.isFinite, (-20...0).contains(truePeakCeiling) else {
            throw ValidationError("--true-peak-ceiling must be from -20 to 0 dBTP")
        }
    }

    func run() throws {
        var source = input
        if !plugin.isEmpty {
            source = try processThroughPlugins()
        }
        defer { if source != input { try? FileManager.default.removeItem(atPath: source) } }
        var writerFormat: AudioFileWriter.Format?
        if let name = format ?? (bits != nil ? output.fileExtension : nil) {
            writerFormat = try AudioFileWriter.Format.named(name, bits: bits)
        } else if source != input {
            // The processed audio sits in a float file; the output keeps the input's encoding, as without plugins.
            writerFormat = try AudioConverter.defaultFormat(forOutput: output, input: AudioFile(path: input))
        }
        var gain = 0.0
        if let normalize {
            let measured = try LoudnessCommand.measure(source)
            guard let wanted = measured.normalizationGain(target: normalize, truePeakCeiling: truePeakCeiling) else {
                throw AudioError(.invalidArgument, "\(input) is silent: there is no loudness to normalise")
            }
            gain = wanted
            let limited = wanted < normalize - measured.integrated - 0.05
            printError(
                "decibel: \(input) measures \(String(printf: "%.1f", measured.integrated)) LUFS, true peak \(String(printf: "%.1f", measured.truePeak)) dBTP; gain \(String(printf: "%+.2f", gain)) dB"
                    + (limited
                        ? " (held by the \(String(printf: "%.1f", truePeakCeiling)) dBTP ceiling: \(String(printf: "%.1f", measured.integrated + gain)) LUFS)"
                        : " to \(String(printf: "%.1f", normalize)) LUFS"))
        }
        let summary = try AudioConverter.convert(
            input: source, output: output,
            options: ConvertOptions(
                format: writerFormat, sampleRate: rate.map(Double.init), channelCount: channels, gainDecibels: gain))
        printError(
            "decibel: wrote \(output): \(summary.output.containerName), \(summary.output.encodingName), \(Int(summary.output.sampleRate)) Hz, \(summary.output.channels) ch, \(summary.output.frames) frames"
        )
    }
}

extension ConvertCommand {
    /// The chain the command line asks for: each `--param` belongs to the `--plugin` before it (their
    /// order is read from the arguments as given, which ArgumentParser's arrays do not keep).
    func chain(arguments: [String] = CommandLine.arguments) throws -> PluginChain {
        var stages: [PluginChain.Stage] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            func value(_ flag: String) -> String? {
                if argument == flag, index + 1 < arguments.count {
                    index += 1
                    return arguments[index]
                }
                return argument.hasPrefix(flag + "=") ? String(argument.dropFirst(flag.count + 1)) : nil
            }
            if let uri = value("--plugin") {
                stages.append(PluginChain.Stage(uri: uri))
            } else if let setting = value("--param") {
                guard !stages.isEmpty else { throw ValidationError("--param \(setting) comes before any --plugin") }
                let parts = setting.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let number = Float(parts[1]) else {
                    throw ValidationError("--param takes symbol=value (a number), not '\(setting)'")
                }
                stages[stages.count - 1].parameters[String(parts[0])] = number
            }
            index += 1
        }
        return PluginChain(stages)
    }

    /// Runs the input through the plugins into a temporary 32-bit float WAV at the input's rate; returns its path.
    func processThroughPlugins() throws -> String {
        let chain = try chain()
        let file = try AudioFile(path: input)
        let processed = try chain.process(try file.readAll(), sampleRate: file.sampleRate)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decibel-plugins-\(getpid()).wav").path
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 32, float: true), sampleRate: file.sampleRate,
            channelCount: processed.channelCount)
        try writer.write(processed.view)
        try writer.close()
        printError("decibel: \(input) through \(chain.stages.map(\.uri).joined(separator: " → "))")
        return path
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
