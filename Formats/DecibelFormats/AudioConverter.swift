import DecibelCore
import DecibelStreams

#if canImport(Glibc)
import Glibc
#endif

/// What `decibel convert` asks for.
public struct ConvertOptions: Sendable, Hashable {
    /// Output container and encoding; `nil` picks from the output's extension, keeping the input's bit
    /// depth where the container allows it (16-bit otherwise; Vorbis for `.ogg`, Opus for `.opus`).
    public var format: AudioFileWriter.Format?
    /// Output sample rate; `nil` keeps the input's. Converted with `Resampler` (libsoxr, very high quality).
    public var sampleRate: Double?
    /// Output channels; `nil` keeps the input's. Converted with `ChannelMap.standard(from:to:)`: mono to
    /// every channel, stereo averaged to mono, 5.1 and 7.1 mixed down to stereo (ITU-R BS.775).
    public var channelCount: Int?
    /// Copy title, artist and the other text tags.
    public var keepsMetadata: Bool
    /// Gain applied to every sample, in dB (0: none). Nothing limits the result: a gain that takes samples
    /// past full scale clips in integer formats.
    public var gainDecibels: Double

    /// Options; every field defaults to "as the input".
    public init(
        format: AudioFileWriter.Format? = nil, sampleRate: Double? = nil, channelCount: Int? = nil,
        keepsMetadata: Bool = true, gainDecibels: Double = 0
    ) {
        self.format = format
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.keepsMetadata = keepsMetadata
        self.gainDecibels = gainDecibels
    }
}

/// What a conversion did.
public struct ConversionSummary: Sendable, Hashable {
    /// The input's description.
    public var input: AudioFileInfo
    /// The output file's description (read back after writing).
    public var output: AudioFileInfo
}

/// File-to-file conversion in bounded memory: decode, optionally remap channels and resample, encode.
public enum AudioConverter {
    /// Converts `input` to `output` (overwritten) as `options` say and returns both files' descriptions.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat`
    ///   when the input cannot be opened (see `AudioFile.init(path:chunkFrames:)`), and `invalidFile` when it
    ///   turns out truncated or corrupt while decoding; `unsupportedFormat` also when `options.format` is nil
    ///   and the output's extension names no format Decibel writes, or when the installed libsndfile or FFmpeg
    ///   cannot write the format at that rate and channel count; `invalidArgument` when the gain is not finite,
    ///   the output rate is not a whole number of Hz in 1…`AudioFile.maxSampleRate` or the channel count is
    ///   not in 1…1024; `unsupportedConfiguration` when libsoxr refuses the rate conversion; or
    ///   `fileUnreadable` when the output cannot be created, written or finished.
    @discardableResult
    public static func convert(
        input: String, output: String, options: ConvertOptions = ConvertOptions()
    ) throws(AudioError) -> ConversionSummary {
        guard options.gainDecibels.isFinite else {
            throw AudioError(.invalidArgument, "a gain of \(options.gainDecibels) dB is not a number of decibels")
        }
        let source = try AudioFile(path: input)
        let format: AudioFileWriter.Format
        if let chosen = options.format {
            format = chosen
        } else {
            format = try defaultFormat(forOutput: output, input: source)
        }
        let rate = options.sampleRate ?? source.sampleRate
        var tags: [AudioFileMetadataKey: String] = [:]
        if options.keepsMetadata {
            for (key, value) in source.metadata {
                if let name = AudioFileMetadataKey(rawValue: key) { tags[name] = value }
            }
        }
        let channels = options.channelCount ?? source.channelCount
        let map = try ChannelMap.standard(from: source.channelCount, to: channels)
        let writer = try AudioFileWriter(
            path: output, format: format, sampleRate: rate, channelCount: channels,
            metadata: tags, keepsHeaderValid: false)
        let decoded = AudioBuffer(channelCount: source.channelCount, frameCapacity: source.chunkFrames)
        let block = map.isIdentity ? decoded : AudioBuffer(channelCount: channels, frameCapacity: source.chunkFrames)
        let gain = Float(pow(10, options.gainDecibels / 20))
        func read() throws(AudioError) -> Int {
            let count = try source.read(into: decoded.view(frames: decoded.frameCapacity))
            if block !== decoded {
                map.apply(decoded.view(frames: count), to: block.view(frames: count), frames: count)
            }
            if gain != 1 {
                for channel in 0..<block.channelCount {
                    let samples = block.view.samples(channel)
                    for i in 0..<count { samples[i] *= gain }
                }
            }
            return count
        }
        if rate == source.sampleRate {
            while !source.isAtEnd {
                let count = try read()
                if count == 0 { break }
                try writer.write(block.view(frames: count))
            }
        } else {
            let resampler = try Resampler(
                inputRate: source.sampleRate, outputRate: rate, channelCount: channels,
                maxInputFrames: block.frameCapacity)
            let converted = AudioBuffer(
                channelCount: channels,
                frameCapacity: resampler.maxOutputFrames(forInput: block.frameCapacity))
            while !source.isAtEnd {
                let count = try read()
                if count == 0 { break }
                var offset = 0
                while offset < count {
                    let step = resampler.process(
                        block.view(frames: count).slice(from: offset, count: count - offset), into: converted.view)
                    offset += step.consumed
                    try writer.write(converted.view(frames: step.produced))
                }
            }
            while true {
                let drained = resampler.flush(into: converted.view)
                if drained == 0 { break }
                try writer.write(converted.view(frames: drained))
            }
        }
        try writer.close()
        return ConversionSummary(input: source.info, output: try AudioFileInfo(path: output))
    }

    /// The format an output path's extension implies for `input` (see `ConvertOptions.format`).
    /// - Throws: `AudioError` of kind `unsupportedFormat` when the extension names no container Decibel knows,
    ///   or one it reads but does not write (`.caf`, `.au`, `.mp3`).
    public static func defaultFormat(
        forOutput path: String, input: AudioFile
    ) throws(AudioError) -> AudioFileWriter.Format {
        let ext = path.split(separator: ".").last.map(String.init) ?? ""
        if ext.lowercased() == "opus" { return .opus() }
        guard let container = AudioContainer(pathExtension: ext) else {
            throw AudioError(
                .unsupportedFormat,
                "\(path): cannot tell the output format from '.\(ext)'; pass a format (wav, aiff, flac, ogg, opus, m4a, alac)"
            )
        }
        let bits = input.encoding?.bitDepth ?? 16
        let isFloat = input.encoding == .float32 || input.encoding == .float64
        switch container {
        case .wav, .rf64, .wave64: return try .wav(bits: isFloat ? 32 : max(8, min(bits, 32)), float: isFloat)
        case .aiff: return try .aiff(bits: isFloat ? 32 : max(8, min(bits, 32)), float: isFloat)
        case .flac: return try .flac(bits: bits >= 24 || isFloat ? 24 : (bits <= 8 ? 8 : 16))
        case .ogg: return .oggVorbis()
        case .m4a: return .m4a()  // AAC, as FFmpeg and iTunes make .m4a; `--format alac` for lossless
        case .adts: return AudioFileWriter.Format(container: .adts, encoding: .aac)
        default:
            throw AudioError(
                .unsupportedFormat,
                "\(path): Decibel writes wav, aiff, flac, ogg, opus, m4a and aac, not \(container.rawValue)")
        }
    }
}
