import CSndFile
import DecibelCore

extension AudioFileWriter {
    /// What to write: a container and an encoding, plus codec settings.
    public struct Format: Sendable, Hashable {
        /// The container.
        public var container: AudioContainer
        /// The sample encoding inside it.
        public var encoding: AudioEncoding
        /// Vorbis/Opus quality 0 (smallest) … 1 (best), or FLAC compression 0 (fastest) … 1 (smallest).
        public var quality: Double?
        /// AAC's bit rate in bits per second (nil: 128 kb/s per channel, 256 kb/s for stereo as iTunes Plus).
        public var bitRate: Int?
        /// ALAC's bits per sample, 16 or 24 (nil: 16).
        public var bitsPerSample: Int?

        /// A container and encoding.
        public init(container: AudioContainer, encoding: AudioEncoding, quality: Double? = nil) {
            self.container = container
            self.encoding = encoding
            self.quality = quality
        }

        /// WAV with `bits`-bit integer PCM (8, 16, 24, 32), or 32-bit float when `float` is set. WAV files
        /// are written as RF64 that downgrades itself to plain WAV when the file stays under 4 GiB, so
        /// long recordings keep going past the 4 GiB limit of the WAV header.
        /// - Throws: `AudioError` of kind `unsupportedFormat` when `bits` is not 8, 16, 24 or 32 (with `float`,
        ///   not 32 or 64).
        public static func wav(bits: Int = 16, float: Bool = false) throws(AudioError) -> Format {
            try pcm(.wav, bits: bits, float: float)
        }

        /// AIFF with `bits`-bit integer PCM (8, 16, 24, 32), or 32-bit float (AIFF-C) when `float` is set.
        /// - Throws: `AudioError` of kind `unsupportedFormat` when `bits` is not 8, 16, 24 or 32 (with `float`,
        ///   not 32 or 64).
        public static func aiff(bits: Int = 16, float: Bool = false) throws(AudioError) -> Format {
            try pcm(.aiff, bits: bits, float: float)
        }

        /// FLAC with 8-, 16- or 24-bit samples.
        /// - Throws: `AudioError` of kind `unsupportedFormat` when `bits` is not 8, 16 or 24.
        public static func flac(bits: Int = 16, compression: Double? = nil) throws(AudioError) -> Format {
            guard [8, 16, 24].contains(bits) else {
                throw AudioError(.unsupportedFormat, "FLAC stores 8, 16 or 24 bits per sample, not \(bits)")
            }
            return try Format(
                container: .flac, encoding: .pcm(bits: bits, container: .flac).unwrapped(), quality: compression)
        }

        /// Ogg Vorbis at `quality` 0…1.
        public static func oggVorbis(quality: Double = 0.6) -> Format {
            Format(container: .ogg, encoding: .vorbis, quality: quality)
        }

        /// Ogg Opus at `quality` 0…1 (libsndfile 1.0.29 or later; the sample rate must be 8, 12, 16, 24 or 48 kHz).
        public static func opus(quality: Double = 0.6) -> Format {
            Format(container: .ogg, encoding: .opus, quality: quality)
        }

        /// AAC in an M4A file (FFmpeg's native encoder, loaded at run time) at `bitRate` bits per second
        /// (nil: 128 kb/s per channel, 256 kb/s for stereo as iTunes Plus).
        public static func m4a(bitRate: Int? = nil) -> Format {
            var format = Format(container: .m4a, encoding: .aac)
            format.bitRate = bitRate
            return format
        }

        /// Apple Lossless in an M4A file, 16 or 24 bits per sample (FFmpeg, loaded at run time).
        /// - Throws: `AudioError` of kind `unsupportedFormat` when `bits` is not 16 or 24.
        public static func alac(bits: Int = 16) throws(AudioError) -> Format {
            guard bits == 16 || bits == 24 else {
                throw AudioError(.unsupportedFormat, "ALAC is written with 16 or 24 bits per sample, not \(bits)")
            }
            var format = Format(container: .m4a, encoding: .alac)
            format.bitsPerSample = bits
            return format
        }

        /// The format `decibel convert --format NAME --bits N` means: `wav`, `aiff`, `flac`, `ogg`, `opus`,
        /// `m4a` (AAC) or `alac`.
        /// - Throws: `AudioError` of kind `unsupportedFormat` when `name` is none of those, or `bits` is a depth
        ///   the format does not store (WAV and AIFF take 8, 16, 24 or 32; FLAC 8, 16 or 24).
        public static func named(_ name: String, bits: Int? = nil) throws(AudioError) -> Format {
            switch name.lowercased() {
            case "wav": return try wav(bits: bits ?? 16)
            case "aiff", "aif": return try aiff(bits: bits ?? 16)
            case "flac": return try flac(bits: bits ?? 16)
            case "ogg", "vorbis": return oggVorbis()
            case "opus": return opus()
            case "m4a", "aac", "mp4": return .m4a()
            case "alac": return try alac(bits: bits.map { $0 > 16 ? 24 : 16 } ?? 16)
            default:
                throw AudioError(
                    .unsupportedFormat, "unknown output format '\(name)'; use wav, aiff, flac, ogg, opus, m4a or alac")
            }
        }

        static func pcm(_ container: AudioContainer, bits: Int, float: Bool) throws(AudioError) -> Format {
            if float {
                guard bits == 32 || bits == 64 else {
                    throw AudioError(.unsupportedFormat, "float samples are 32 or 64 bits, not \(bits)")
                }
                return Format(container: container, encoding: bits == 32 ? .float32 : .float64)
            }
            guard let encoding = AudioEncoding.pcm(bits: bits, container: container) else {
                throw AudioError(
                    .unsupportedFormat, "\(container.rawValue) integer PCM is 8, 16, 24 or 32 bits, not \(bits)")
            }
            return Format(container: container, encoding: encoding)
        }

        /// libsndfile's format word. WAV becomes RF64 with auto-downgrade (see `wav(bits:float:)`).
        var sndfileFormat: Int32 {
            let major = container == .wav ? AudioContainer.rf64.sndfileMajor : container.sndfileMajor
            return major | encoding.sndfileSubtype
        }
    }
}

extension Optional where Wrapped == AudioEncoding {
    func unwrapped() throws(AudioError) -> AudioEncoding {
        guard let self else { throw AudioError(.unsupportedFormat, "no such PCM encoding") }
        return self
    }
}
