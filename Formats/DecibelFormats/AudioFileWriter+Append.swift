import CSndFile
import DecibelCore
import DecibelGraph

#if canImport(Glibc)
import Glibc
#endif

extension AudioFileWriter: AudioFileWriting {}

extension AudioFileWriter {
    /// Containers libsndfile can open for writing at their end.
    public static let appendableContainers: [AudioContainer] = [.wav, .rf64, .wave64, .aiff, .caf, .au]

    /// Opens the existing file at `path` to add frames after those it holds, in its own container,
    /// encoding, rate and channels (`framesWritten` starts at its length). Appending works for WAV, RF64,
    /// W64, AIFF, CAF and AU; FLAC, Ogg and MP3 cannot be extended in place and are refused. With
    /// `sampleRate` or `channelCount` given, a file of another rate or channel count is refused too, so a
    /// recording is never silently mislabelled.
    /// - Throws: `AudioError` of kind `fileNotFound` when the file does not exist; `fileUnreadable` when it is
    ///   a directory or cannot be opened; `invalidFile` when it is empty, corrupt or not audio;
    ///   `unsupportedFormat` when it is MP4/M4A, AAC, FLAC, Ogg, MP3 or another container libsndfile cannot
    ///   extend, its encoding is one libsndfile cannot decode or Decibel does not name, or libsndfile cannot
    ///   seek to its end; or `invalidArgument` when its rate or channel count differs from `sampleRate` or
    ///   `channelCount`, or `chunkFrames` is not positive.
    public convenience init(
        appendingTo path: String, sampleRate: Double? = nil, channelCount: Int? = nil, keepsHeaderValid: Bool = true,
        chunkFrames: Int = 4096
    ) throws(AudioError) {
        _ = try FileErrors.checkReadable(path)
        if FFmpegReader.handles(path: path) {
            throw FileErrors.unsupported(
                path,
                "cannot append to an MP4/M4A or AAC file; record to WAV, RF64, W64, AIFF, CAF or AU to append later")
        }
        var probe = SF_INFO()
        guard let reading = sf_open(path, Int32(SFM_READ), &probe) else {
            throw FileErrors.openFailure(path, handle: nil)
        }
        sf_close(reading)
        let major = decibel_sndfile_major(probe.format), subtype = decibel_sndfile_subtype(probe.format)
        guard let container = AudioContainer(sndfileMajor: major), Self.appendableContainers.contains(container),
            let encoding = AudioEncoding(sndfileSubtype: subtype)
        else {
            let name = AudioContainer(sndfileMajor: major)?.rawValue.uppercased() ?? "this container"
            throw FileErrors.unsupported(
                path, "cannot append to \(name); libsndfile extends WAV, RF64, W64, AIFF, CAF and AU files in place")
        }
        let rate = Double(probe.samplerate), channels = Int(probe.channels)
        if let sampleRate, sampleRate != rate {
            throw AudioError(
                .invalidArgument,
                "\(path) is \(rate.rateText) Hz and this audio \(sampleRate.rateText) Hz; append at the file's rate or write a new file"
            )
        }
        if let channelCount, channelCount != channels {
            throw AudioError(
                .invalidArgument,
                "\(path) has \(channels) channel(s) and this audio \(channelCount); append with the file's channel count or write a new file"
            )
        }
        guard chunkFrames > 0 else { throw AudioError(.invalidArgument, "\(path): chunkFrames must be positive") }
        var info = SF_INFO()
        guard let opened = sf_open(path, Int32(SFM_RDWR), &info) else {
            throw FileErrors.openFailure(path, handle: nil)
        }
        let end = sf_seek(opened, 0, SEEK_END | Int32(SFM_WRITE))
        guard end >= 0 else {
            sf_close(opened)
            throw FileErrors.unsupported(path, "libsndfile cannot seek to the end of it for writing")
        }
        self.init(
            opened: opened, media: nil, path: path, format: Format(container: container, encoding: encoding),
            sampleRate: rate,
            channelCount: channels, chunkFrames: chunkFrames, framesWritten: Int(end))
        sf_command(opened, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if keepsHeaderValid { sf_command(opened, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE)) }
    }
}
