import CSndFile

/// What the installed libsndfile can do, asked at run time (builds differ: MP3 arrived in 1.1.0, Opus in
/// 1.0.29, and distributions may leave codecs out).
public enum SndFileCapabilities {
    /// libsndfile's version string ("libsndfile-1.2.0").
    public static var version: String { String(cString: sf_version_string()) }

    /// Containers the library knows.
    public static var containers: [AudioContainer] {
        let known = formats(count: Int32(SFC_GET_FORMAT_MAJOR_COUNT), entry: Int32(SFC_GET_FORMAT_MAJOR)).compactMap {
            AudioContainer(sndfileMajor: $0)
        }
        return AudioContainer.allCases.filter(known.contains)  // WAV and WAVEX both map to .wav
    }

    /// Encodings the library knows.
    public static var encodings: [AudioEncoding] {
        formats(count: Int32(SFC_GET_FORMAT_SUBTYPE_COUNT), entry: Int32(SFC_GET_FORMAT_SUBTYPE)).compactMap {
            AudioEncoding(sndfileSubtype: $0)
        }
    }

    /// Whether libsndfile accepts `encoding` in `container` at `sampleRate` with `channels` (`sf_format_check`).
    /// Codec limits it does not check here, such as Opus's fixed rates, still make `AudioFileWriter` throw.
    public static func canWrite(
        _ container: AudioContainer, _ encoding: AudioEncoding, sampleRate: Double = 48_000, channels: Int = 2
    ) -> Bool {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channels)
        info.format = container.sndfileMajor | encoding.sndfileSubtype
        return sf_format_check(&info) == SF_TRUE
    }

    /// Whether files of `encoding` in `container` can be decoded (MP3 is read-only in some builds, so it is
    /// judged by the container and encoding being listed).
    public static func canRead(_ container: AudioContainer, _ encoding: AudioEncoding) -> Bool {
        containers.contains(container) && encodings.contains(encoding)
    }

    private static func formats(count command: Int32, entry: Int32) -> [Int32] {
        var count: Int32 = 0
        sf_command(nil, command, &count, Int32(MemoryLayout<Int32>.size))
        return (0..<max(0, count)).compactMap { index in
            var info = SF_FORMAT_INFO()
            info.format = index
            return sf_command(nil, entry, &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0 ? info.format : nil
        }
    }
}
