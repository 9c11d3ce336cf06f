import CSndFile

/// A file container Decibel names in options and JSON (`"wav"`, `"flac"`, …).
public enum AudioContainer: String, Sendable, Hashable, Codable, CaseIterable {
    /// RIFF WAVE (read also as WAVE_FORMAT_EXTENSIBLE).
    case wav
    /// RF64, WAV's 64-bit-size successor (read; written automatically by `.wav` past 4 GiB).
    case rf64
    /// Sony Wave64.
    case wave64 = "w64"
    /// Apple/SGI AIFF and AIFF-C.
    case aiff
    /// Apple Core Audio Format.
    case caf
    /// Sun/NeXT AU.
    case au
    /// Free Lossless Audio Codec.
    case flac
    /// Ogg (Vorbis or Opus inside).
    case ogg
    /// MPEG audio (read only).
    case mp3
    /// MPEG-4 / ISO media (`.m4a`, `.mp4`, `.m4b`) holding AAC or ALAC, read and written through FFmpeg's
    /// libraries when they are installed.
    case m4a
    /// A raw AAC stream in ADTS frames (`.aac`), through FFmpeg's libraries.
    case adts = "aac"

    /// Whether Decibel reads and writes this container through FFmpeg rather than libsndfile.
    public var usesFFmpeg: Bool { self == .m4a || self == .adts }

    /// libsndfile's major-format code (0 for the containers FFmpeg handles).
    var sndfileMajor: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV)
        case .rf64: Int32(SF_FORMAT_RF64)
        case .wave64: Int32(SF_FORMAT_W64)
        case .aiff: Int32(SF_FORMAT_AIFF)
        case .caf: Int32(SF_FORMAT_CAF)
        case .au: Int32(SF_FORMAT_AU)
        case .flac: Int32(SF_FORMAT_FLAC)
        case .ogg: Int32(SF_FORMAT_OGG)
        case .mp3: Int32(SF_FORMAT_MPEG)
        case .m4a, .adts: 0
        }
    }

    init?(sndfileMajor major: Int32) {
        if major == Int32(SF_FORMAT_WAVEX) { self = .wav; return }
        guard major != 0 else { return nil }
        guard let match = Self.allCases.first(where: { $0.sndfileMajor == major }) else { return nil }
        self = match
    }

    /// The container a file name's extension suggests (`.wav`, `.aif`/`.aiff`, `.flac`, `.ogg`/`.oga`,
    /// `.opus`, …), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "wav", "wave": self = .wav
        case "rf64": self = .rf64
        case "w64": self = .wave64
        case "aif", "aiff", "aifc": self = .aiff
        case "caf": self = .caf
        case "au", "snd": self = .au
        case "flac": self = .flac
        case "ogg", "oga", "opus": self = .ogg
        case "mp3": self = .mp3
        case "m4a", "mp4", "m4b": self = .m4a
        case "aac", "adts": self = .adts
        default: return nil
        }
    }

    /// The container an FFmpeg demuxer name stands for ("mov,mp4,m4a,3gp,3g2,mj2" → `.m4a`).
    init?(ffmpegName name: String) {
        if name.split(separator: ",").contains("mp4") {
            self = .m4a
        } else if name == "aac" {
            self = .adts
        } else {
            return nil
        }
    }
}

/// How samples are stored inside a container.
public enum AudioEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// Signed 8-bit integers.
    case pcmS8 = "pcm_s8"
    /// Unsigned 8-bit integers (WAV's 8-bit).
    case pcmU8 = "pcm_u8"
    /// Signed 16-bit integers.
    case pcm16 = "pcm_16"
    /// Signed 24-bit integers.
    case pcm24 = "pcm_24"
    /// Signed 32-bit integers.
    case pcm32 = "pcm_32"
    /// 32-bit IEEE float.
    case float32 = "float"
    /// 64-bit IEEE float.
    case float64 = "double"
    /// G.711 μ-law.
    case ulaw
    /// G.711 A-law.
    case alaw
    /// IMA ADPCM.
    case imaAdpcm = "ima_adpcm"
    /// Microsoft ADPCM.
    case msAdpcm = "ms_adpcm"
    /// Vorbis (in Ogg).
    case vorbis
    /// Opus (in Ogg).
    case opus
    /// MPEG-1/2 Layer III.
    case mp3 = "mpeg_layer_iii"
    /// MPEG-1/2 Layer II.
    case mp2 = "mpeg_layer_ii"
    /// Advanced Audio Coding (in M4A or ADTS, through FFmpeg).
    case aac
    /// Apple Lossless (in M4A, through FFmpeg).
    case alac

    /// libsndfile's subtype code (0 for the encodings FFmpeg handles).
    var sndfileSubtype: Int32 {
        switch self {
        case .pcmS8: Int32(SF_FORMAT_PCM_S8)
        case .pcmU8: Int32(SF_FORMAT_PCM_U8)
        case .pcm16: Int32(SF_FORMAT_PCM_16)
        case .pcm24: Int32(SF_FORMAT_PCM_24)
        case .pcm32: Int32(SF_FORMAT_PCM_32)
        case .float32: Int32(SF_FORMAT_FLOAT)
        case .float64: Int32(SF_FORMAT_DOUBLE)
        case .ulaw: Int32(SF_FORMAT_ULAW)
        case .alaw: Int32(SF_FORMAT_ALAW)
        case .imaAdpcm: Int32(SF_FORMAT_IMA_ADPCM)
        case .msAdpcm: Int32(SF_FORMAT_MS_ADPCM)
        case .vorbis: Int32(SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG_LAYER_III)
        case .mp2: Int32(SF_FORMAT_MPEG_LAYER_II)
        case .aac, .alac: 0
        }
    }

    /// The encoding an FFmpeg decoder name stands for.
    init?(ffmpegCodec name: String) {
        switch name {
        case "aac", "aac_fixed", "aac_latm": self = .aac
        case "alac": self = .alac
        case "mp3", "mp3float": self = .mp3
        default: return nil
        }
    }

    init?(sndfileSubtype subtype: Int32) {
        guard subtype != 0 else { return nil }
        guard let match = Self.allCases.first(where: { $0.sndfileSubtype == subtype }) else { return nil }
        self = match
    }

    /// Bits per stored sample for PCM and float encodings; `nil` for compressed ones.
    public var bitDepth: Int? {
        switch self {
        case .pcmS8, .pcmU8, .ulaw, .alaw: 8
        case .pcm16: 16
        case .pcm24: 24
        case .pcm32, .float32: 32
        case .float64: 64
        default: nil
        }
    }

    /// Whether decoding gives back exactly what was encoded.
    public var isLossless: Bool {
        ![.vorbis, .opus, .mp3, .mp2, .aac, .imaAdpcm, .msAdpcm, .ulaw, .alaw].contains(self)
    }

    /// The integer PCM encoding with `bits` bits per sample (8, 16, 24, 32), signed unless the container
    /// only stores unsigned 8-bit (WAV).
    public static func pcm(bits: Int, container: AudioContainer) -> AudioEncoding? {
        switch bits {
        case 8: [.wav, .rf64, .wave64].contains(container) ? .pcmU8 : .pcmS8
        case 16: .pcm16
        case 24: .pcm24
        case 32: .pcm32
        default: nil
        }
    }
}

/// libsndfile's own descriptive names ("WAV (Microsoft)", "Signed 16 bit PCM").
enum SndFileNames {
    static func name(ofFormat format: Int32) -> String? {
        var info = SF_FORMAT_INFO()
        info.format = format
        let status = sf_command(nil, Int32(SFC_GET_FORMAT_INFO), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
        guard status == 0, let name = info.name else { return nil }
        return String(cString: name)
    }
}
