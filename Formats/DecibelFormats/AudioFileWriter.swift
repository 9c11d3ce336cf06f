import CSndFile
import DecibelCore

/// Writes non-interleaved `Float` frames to WAV, AIFF, FLAC, Ogg Vorbis or Ogg Opus (the EZRecorder file
/// side, without threads; `Recorder` adds those).
///
/// With `keepsHeaderValid` (the default) libsndfile rewrites the header after every write
/// (`SFC_SET_UPDATE_HEADER_AUTO`) for WAV, AIFF, CAF, AU and W64, so a process that dies mid-write leaves a
/// file whose header matches the frames on disk. (FLAC and Ogg have no rewritable length; a killed FLAC
/// or Ogg writer leaves a stream without its final block, so crash-safe recording uses WAV.) WAV is written as RF64 with auto-downgrade: a plain WAV header while the file is
/// under 4 GiB, RF64 beyond. AIFF, whose header cannot describe more than 4 GiB, throws
/// `.unsupportedFormat` before a write would cross that limit. Not thread-safe.
public final class AudioFileWriter: @unchecked Sendable {
    /// Where the file is written.
    public let path: String
    /// Container and encoding.
    public let format: Format
    /// Frames per second.
    public let sampleRate: Double
    /// Channels per frame.
    public let channelCount: Int
    /// Frames written so far.
    public private(set) var framesWritten: Int = 0
    private var isClosed = false
    /// Largest audio payload in bytes for containers with 32-bit sizes (AIFF, AU); internal so tests
    /// can lower it instead of writing 4 GiB.
    var sizeLimitBytes: Int64? = nil

    var handle: OpaquePointer?
    /// The encoder for M4A/AAC/ALAC (`handle` is nil then).
    let media: FFmpegWriter?
    let scratch: UnsafeMutablePointer<Float>
    let chunkFrames: Int

    /// Creates (or truncates) `path`. `metadata` keys are written as the container allows (WAV INFO,
    /// AIFF annotations, Vorbis comments).
    /// - Throws: `AudioError` of kind `invalidArgument` when `channelCount` is not in 1…`AudioFile.maxChannels`,
    ///   `sampleRate` is not a whole number of Hz in 1…`AudioFile.maxSampleRate` or `chunkFrames` is not
    ///   positive; `unsupportedFormat` when the installed libsndfile (or, for M4A and AAC, FFmpeg) cannot write
    ///   `format` at that rate and channel count, FFmpeg's libraries are missing, or ADTS is asked for ALAC
    ///   (FFmpeg reports a file it cannot create this way too); or `fileUnreadable` when libsndfile cannot
    ///   create the file (a missing directory, no permission).
    public convenience init(
        path: String, format: Format, sampleRate: Double, channelCount: Int,
        metadata: [AudioFileMetadataKey: String] = [:], keepsHeaderValid: Bool = true, chunkFrames: Int = 4096
    ) throws(AudioError) {
        guard (1...AudioFile.maxChannels).contains(channelCount) else {
            throw AudioError(
                .invalidArgument, "\(path): cannot write \(channelCount) channels (1…\(AudioFile.maxChannels))")
        }
        // Files store whole frames per second.
        guard sampleRate == sampleRate.rounded(), (1...Double(AudioFile.maxSampleRate)).contains(sampleRate),
            chunkFrames > 0
        else {
            throw AudioError(
                .invalidArgument,
                "\(path): cannot write at \(sampleRate.rateText) Hz; files take a whole number of Hz from 1 to \(AudioFile.maxSampleRate)"
            )
        }
        if format.container.usesFFmpeg {
            let media = try FFmpegWriter(
                path: path, format: format, sampleRate: sampleRate, channelCount: channelCount, metadata: metadata)
            self.init(
                opened: nil, media: media, path: path, format: format, sampleRate: sampleRate,
                channelCount: channelCount, chunkFrames: chunkFrames, framesWritten: 0)
            return
        }
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = Int32(channelCount)
        info.format = format.sndfileFormat
        guard sf_format_check(&info) == SF_TRUE else {
            throw FileErrors.unsupported(
                path,
                "the installed libsndfile cannot write \(format.container.rawValue) with \(format.encoding.rawValue) at \(sampleRate) Hz, \(channelCount) channels"
            )
        }
        guard let opened = sf_open(path, Int32(SFM_WRITE), &info) else {
            let text = String(cString: sf_strerror(nil)), code = sf_error(nil)
            if Int(code) == SF_ERR_SYSTEM {
                throw AudioError(
                    .fileUnreadable, "\(path): cannot be created for writing: \(text)", code: code,
                    codeDescription: text)
            }
            throw FileErrors.unsupported(
                path,
                "libsndfile refused to write \(format.container.rawValue) with \(format.encoding.rawValue) at \(sampleRate) Hz, \(channelCount) channels",
                code: code, detail: text)
        }
        self.init(
            opened: opened, media: nil, path: path, format: format, sampleRate: sampleRate,
            channelCount: channelCount, chunkFrames: chunkFrames, framesWritten: 0)
        configure(opened, metadata: metadata, keepsHeaderValid: keepsHeaderValid)
    }

    /// Takes over `opened`, a libsndfile handle open for writing at the end of `framesWritten` frames, or
    /// `media`, an FFmpeg encoder.
    init(
        opened: OpaquePointer?, media: FFmpegWriter?, path: String, format: Format, sampleRate: Double,
        channelCount: Int, chunkFrames: Int, framesWritten: Int
    ) {
        self.media = media
        self.path = path
        self.format = format
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.chunkFrames = chunkFrames
        self.framesWritten = framesWritten
        handle = opened
        scratch = .allocate(capacity: chunkFrames * channelCount)
        if format.container == .aiff || format.container == .au, let bits = format.encoding.bitDepth, bits >= 8 {
            sizeLimitBytes = Int64(UInt32.max) - 4096  // the header's own bytes count against the 32-bit size
        }
    }

    private func configure(_ opened: OpaquePointer, metadata: [AudioFileMetadataKey: String], keepsHeaderValid: Bool) {
        for (key, value) in metadata { sf_set_string(opened, key.sndfileCode, value) }
        if format.container == .wav { sf_command(opened, Int32(SFC_RF64_AUTO_DOWNGRADE), nil, Int32(SF_TRUE)) }
        // Floats beyond ±1 clip instead of wrapping around in integer encodings.
        sf_command(opened, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        if var quality = format.quality {
            quality = min(max(quality, 0), 1)
            if format.container == .flac {
                sf_command(opened, Int32(SFC_SET_COMPRESSION_LEVEL), &quality, Int32(MemoryLayout<Double>.size))
            } else {
                sf_command(opened, Int32(SFC_SET_VBR_ENCODING_QUALITY), &quality, Int32(MemoryLayout<Double>.size))
            }
        }
        // Only containers with a rewritable header: libsndfile 1.2's Ogg writer produces an unreadable
        // stream when asked to update a header (measured), and FLAC/Ogg have no length to keep valid.
        if keepsHeaderValid, ![.ogg, .flac, .mp3].contains(format.container) {
            sf_command(opened, Int32(SFC_SET_UPDATE_HEADER_AUTO), nil, Int32(SF_TRUE))
        }
    }

    deinit {
        if let handle { sf_close(handle) }
        scratch.deallocate()
    }

    /// Appends every frame of `source`. Channels beyond the file's are dropped; missing ones are silent.
    /// - Throws: `AudioError` of kind `invalidState` when the writer was closed, `unsupportedFormat` when an
    ///   AIFF or AU file would pass 4 GiB, or `fileUnreadable` when writing fails (a full disk, say).
    public func write(_ source: AudioBufferView) throws(AudioError) {
        try write(frames: source.frameCount) { scratch, offset, count in
            Self.interleave(source, from: offset, frames: count, channels: self.channelCount, into: scratch)
        }
    }

    /// Appends `frames` frames of silence.
    /// - Throws: `AudioError` of kind `invalidArgument` when `frames` is negative, `invalidState` when the
    ///   writer was closed, `unsupportedFormat` when an AIFF or AU file would pass 4 GiB, or `fileUnreadable`
    ///   when writing fails (a full disk, say).
    public func writeSilence(frames: Int) throws(AudioError) {
        try write(frames: frames) { scratch, _, count in scratch.update(repeating: 0, count: count * self.channelCount)
        }
    }

    /// Rewrites the header now so it matches the frames written (automatic with `keepsHeaderValid`).
    public func updateHeader() {
        if let handle { sf_command(handle, Int32(SFC_UPDATE_HEADER_NOW), nil, 0) }
    }

    /// Finishes the file (final header, codec flush) and closes it. Later writes throw `.invalidState`.
    /// - Throws: `AudioError` of kind `fileUnreadable` when libsndfile or FFmpeg fails to finish and close the
    ///   file. Closing a closed writer does nothing.
    public func close() throws(AudioError) {
        if let media {
            isClosed = true
            return try media.finish()
        }
        guard let handle else { return }
        self.handle = nil
        let status = sf_close(handle)
        guard status == 0 else {
            throw AudioError(
                .fileUnreadable, "\(path): closing failed", code: status,
                codeDescription: String(cString: sf_error_number(status)))
        }
    }

    private func write(frames: Int, fill: (UnsafeMutablePointer<Float>, Int, Int) -> Void) throws(AudioError) {
        guard handle != nil || (media != nil && !isClosed) else {
            throw AudioError(.invalidState, "\(path): the writer was closed")
        }
        guard frames >= 0 else { throw AudioError(.invalidArgument, "\(path): cannot write \(frames) frames") }
        try checkSizeLimit(adding: frames)
        var done = 0
        while done < frames {
            let count = min(chunkFrames, frames - done)
            fill(scratch, done, count)
            if let media {
                try media.write(scratch, frames: count)
                framesWritten += count
                done += count
                continue
            }
            guard let handle else { return }
            let written = Int(sf_writef_float(handle, scratch, sf_count_t(count)))
            framesWritten += max(0, written)
            guard written == count else {
                let text = String(cString: sf_strerror(handle))
                throw AudioError(
                    .fileUnreadable, "\(path): writing failed after \(framesWritten) frames (disk full?)",
                    code: sf_error(handle), codeDescription: text)
            }
            done += count
        }
    }

    private func checkSizeLimit(adding frames: Int) throws(AudioError) {
        guard let limit = sizeLimitBytes, let bits = format.encoding.bitDepth else { return }
        let bytesPerFrame = Int64(bits / 8 * channelCount)
        let total = Int64(framesWritten + frames) * bytesPerFrame
        guard total <= limit else {
            throw FileErrors.unsupported(
                path,
                "\(format.container.rawValue.uppercased()) cannot hold more than 4 GiB of audio (this write would make \(total) bytes); record to WAV (written as RF64 past 4 GiB), CAF or FLAC instead"
            )
        }
    }

    /// Interleaves `frames` frames of `source` starting at `offset` into `destination`.
    @inline(__always)
    static func interleave(
        _ source: AudioBufferView, from offset: Int, frames: Int, channels: Int,
        into destination: UnsafeMutablePointer<Float>
    ) {
        for channel in 0..<channels {
            var output = destination + channel
            if channel < source.channelCount {
                let input = source.samples(channel) + offset
                for frame in 0..<frames {
                    output.pointee = input[frame]
                    output += channels
                }
            } else {
                for _ in 0..<frames {
                    output.pointee = 0
                    output += channels
                }
            }
        }
    }
}
