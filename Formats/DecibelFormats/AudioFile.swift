import CSndFile
import DecibelCore

/// An audio file opened for reading: its format, length and metadata, and its frames as non-interleaved
/// `Float` (the EZAudioFile of Decibel).
///
/// Opening checks the file before trusting it: a missing, unreadable, empty, truncated, non-audio or
/// absurd-header file throws an `AudioError` (`.fileNotFound`, `.fileUnreadable`, `.invalidFile`,
/// `.unsupportedFormat`) whose message names the file and the problem. Memory stays bounded whatever the
/// file's length: reads go through one interleaved scratch block of `chunkFrames` frames allocated here.
///
/// Not thread-safe: use one `AudioFile` from one thread at a time. For playback from a render thread use
/// `AudioFileSource`, which decodes on its own thread into a ring.
public final class AudioFile: @unchecked Sendable {
    /// Channel counts above this are treated as a corrupt header (libsndfile's own limit).
    public static let maxChannels = StreamConfiguration.maximumChannelCount
    /// Sample rates above this are treated as a corrupt header.
    public static let maxSampleRate = 8_000_000

    /// The path the file was opened from.
    public let path: String
    /// Frames per second.
    public let sampleRate: Double
    /// Channels per frame.
    public let channelCount: Int
    /// Frames in the file (per channel). For MP3 without an exact length header (no Xing/Info/VBRI frame)
    /// this is libmpg123's estimate until the end is reached, when it becomes the true count.
    public internal(set) var frameCount: Int
    /// Whether `frameCount` is an estimate (MP3 without a length header); a stream ending early is then
    /// its end, not a truncation.
    public let frameCountIsEstimate: Bool
    /// The container, when it is one Decibel names (`nil` for other libsndfile formats). MP4/M4A and ADTS
    /// files are read through FFmpeg's libraries when they are installed (see `AudioContainer.m4a`).
    public let container: AudioContainer?
    /// The sample encoding, when it is one Decibel names.
    public let encoding: AudioEncoding?
    /// libsndfile's (or FFmpeg's) name for the container ("WAV (Microsoft)", "QuickTime / MOV").
    public let containerName: String
    /// libsndfile's (or FFmpeg's) name for the encoding ("Signed 16 bit PCM", "AAC (Advanced Audio Coding)").
    public let encodingName: String
    /// Text tags the file carries, keyed by `AudioFileMetadataKey` raw values ("title", "artist", …).
    public let metadata: [String: String]
    /// The file's size in bytes when it was opened.
    public let fileSize: Int64
    /// Frames decoded per call into libsndfile (the scratch block's size).
    public let chunkFrames: Int

    /// The next frame `read` returns.
    public internal(set) var position: Int = 0

    var handle: OpaquePointer?
    /// The FFmpeg decoder for MP4/M4A and ADTS files (`handle` is nil then).
    var media: FFmpegReader?
    /// Bits per sample a lossless codec outside libsndfile decodes to (ALAC), else nil.
    let decodedBitDepth: Int?
    let scratch: UnsafeMutablePointer<Float>
    /// For 16-bit PCM: libsndfile's `short` read is a plain copy, so converting to float while
    /// de-interleaving makes one pass where `sf_readf_float` + de-interleave would make two.
    let shortScratch: UnsafeMutablePointer<Int16>?

    /// Opens `path` for reading. `chunkFrames` sizes the one scratch block (default 4096 frames).
    /// - Throws: `AudioError` of kind `fileNotFound` when the file does not exist; `fileUnreadable` when it is
    ///   a directory, lacks read permission or cannot be opened; `invalidFile` when it is empty, truncated,
    ///   corrupt, not audio or has an absurd header; `unsupportedFormat` for an encoding the installed
    ///   libsndfile cannot decode, or an MP4/M4A or AAC file when FFmpeg's libraries are missing; or
    ///   `invalidArgument` when `chunkFrames` is not positive or too large for the file's channels.
    public init(path: String, chunkFrames: Int = 4096) throws(AudioError) {
        guard chunkFrames > 0 else {
            throw AudioError(.invalidArgument, "AudioFile: chunkFrames must be positive, got \(chunkFrames)")
        }
        self.path = path
        fileSize = try FileErrors.checkReadable(path)
        if let problem = RIFFListCheck.problem(path: path, fileSize: fileSize) {
            throw FileErrors.invalid(path, problem)
        }
        if FFmpegReader.handles(path: path) {
            let reader = try FFmpegReader(path: path)
            media = reader
            sampleRate = Double(reader.info.sample_rate)
            channelCount = Int(reader.info.channels)
            (frameCount, frameCountIsEstimate) = reader.frameCount
            container = AudioContainer(ffmpegName: reader.containerName)
            encoding = AudioEncoding(ffmpegCodec: reader.codecName)
            containerName = reader.containerDescription
            encodingName = reader.codecDescription
            metadata = reader.metadata
            decodedBitDepth = reader.info.bits_per_sample > 0 ? Int(reader.info.bits_per_sample) : nil
        } else {
            var info = SF_INFO()
            guard let opened = sf_open(path, Int32(SFM_READ), &info) else {
                throw FileErrors.openFailure(path, handle: nil)
            }
            let checked: FileHeaderCheck.Result
            do {
                checked = try FileHeaderCheck.validate(info, handle: opened, path: path, fileSize: fileSize)
            } catch {
                sf_close(opened)
                throw error
            }
            handle = opened
            sampleRate = Double(checked.sampleRate)
            channelCount = checked.channelCount
            frameCount = checked.frameCount
            frameCountIsEstimate =
                decibel_sndfile_major(info.format) == Int32(SF_FORMAT_MPEG)
                && !MPEGLengthHeader.isPresent(path: path)
            let major = decibel_sndfile_major(info.format), subtype = decibel_sndfile_subtype(info.format)
            container = AudioContainer(sndfileMajor: major)
            encoding = AudioEncoding(sndfileSubtype: subtype)
            containerName = SndFileNames.name(ofFormat: major) ?? "unknown container 0x\(String(major, radix: 16))"
            encodingName =
                SndFileNames.name(ofFormat: subtype) ?? "unknown encoding 0x\(String(subtype, radix: 16))"
            metadata = AudioFileMetadataKey.read(from: opened)
            decodedBitDepth = nil
        }
        guard sampleRate > 0, sampleRate <= Double(Self.maxSampleRate), (1...Self.maxChannels).contains(channelCount)
        else {
            if let handle { sf_close(handle) }
            throw FileErrors.invalid(
                path, "declares \(channelCount) channels at \(sampleRate.rateText) Hz, which no real audio file has")
        }
        self.chunkFrames = chunkFrames
        // channelCount ≤ 1024 was checked, so this product cannot overflow for any sane chunk size.
        let (scratchCount, overflow) = chunkFrames.multipliedReportingOverflow(by: channelCount)
        guard !overflow, scratchCount <= 1 << 28 else {
            if let handle { sf_close(handle) }
            throw AudioError(
                .invalidArgument, "AudioFile: chunkFrames \(chunkFrames) × \(channelCount) channels is too large")
        }
        scratch = .allocate(capacity: scratchCount)
        shortScratch = encoding == .pcm16 ? .allocate(capacity: scratchCount) : nil
        // Floats come back in -1...1 whatever the encoding; integer files are not clipped on the way in.
        if let handle { sf_command(handle, Int32(SFC_SET_NORM_FLOAT), nil, Int32(SF_TRUE)) }
    }

    deinit {
        close()
        scratch.deallocate()
        shortScratch?.deallocate()
    }

    /// Closes the file; later reads throw `.invalidState`. Called by `deinit` too.
    public func close() {
        if let handle { sf_close(handle) }
        handle = nil
        media = nil
    }

    /// The length in seconds.
    public var duration: Double { Double(frameCount) / sampleRate }

    /// Whether every frame has been read.
    public var isAtEnd: Bool { position >= frameCount }

    /// Frames not read yet.
    public var remainingFrames: Int { max(0, frameCount - position) }

    /// The format of the frames `read` delivers: this file's rate and channels, non-interleaved Float32.
    public var processingFormat: AudioFormat { AudioFormat(sampleRate: sampleRate, channelCount: channelCount) }

    /// A summary of the file for display or JSON.
    public var info: AudioFileInfo { AudioFileInfo(self) }

    /// Bits per stored sample (PCM, float, ALAC); nil for lossy encodings.
    public var bitDepth: Int? { encoding?.bitDepth ?? decodedBitDepth }

    func openHandle() throws(AudioError) -> OpaquePointer {
        guard let handle else { throw AudioError(.invalidState, "\(path): the file was closed") }
        return handle
    }
}
