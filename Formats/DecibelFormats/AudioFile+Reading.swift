import CSndFile
import DecibelCore

extension AudioFile {
    /// Reads up to `destination.frameCount` frames at `position` into `destination`'s channels and returns
    /// how many were read (fewer only at the end of the file; 0 at the end). Channels the file has beyond
    /// the destination's are dropped; destination channels beyond the file's are filled with silence.
    /// - Throws: `AudioError` of kind `invalidFile` when the audio ends before the frame count its header
    ///   declared or cannot be decoded (a truncated or corrupt stream), with the decoder's reason, or
    ///   `invalidState` when the file was closed.
    public func read(into destination: AudioBufferView) throws(AudioError) -> Int {
        if let media { return try read(from: media, into: destination) }
        let handle = try openHandle()
        var done = 0
        while done < destination.frameCount, position < frameCount {
            let wanted = min(chunkFrames, destination.frameCount - done, frameCount - position)
            let got: Int
            if let shorts = shortScratch {
                got = Int(sf_readf_short(handle, shorts, sf_count_t(wanted)))
                if got > 0 {
                    Self.deinterleave(shorts, channels: channelCount, frames: got, into: destination, at: done)
                }
            } else {
                got = Int(sf_readf_float(handle, scratch, sf_count_t(wanted)))
                if got > 0 {
                    Self.deinterleave(scratch, channels: channelCount, frames: got, into: destination, at: done)
                }
            }
            if got > 0 {
                done += got
                position += got
            }
            if got < wanted {
                let code = sf_error(handle)
                if frameCountIsEstimate, code == 0 {
                    frameCount = position  // the length was an estimate; this is where the stream ends
                    break
                }
                let reason = String(cString: sf_strerror(handle))
                throw FileErrors.invalid(
                    path,
                    "is truncated or corrupt: the audio ends at frame \(position) of the \(frameCount) its header declares",
                    code: code == 0 ? nil : code, detail: code == 0 ? nil : reason)
            }
        }
        return done
    }

    /// `read(into:)` for files FFmpeg decodes. An estimated length (ADTS) gives way to the real end in
    /// either direction.
    private func read(from media: FFmpegReader, into destination: AudioBufferView) throws(AudioError) -> Int {
        var done = 0
        while done < destination.frameCount, position < frameCount || frameCountIsEstimate {
            let left = frameCountIsEstimate ? Int.max : frameCount - position
            let wanted = min(chunkFrames, destination.frameCount - done, left)
            let got = try media.read(into: scratch, frames: wanted)
            Self.deinterleave(scratch, channels: channelCount, frames: got, into: destination, at: done)
            done += got
            position += got
            if frameCountIsEstimate { frameCount = max(frameCount, position) }
            if got < wanted {
                guard frameCountIsEstimate else {
                    throw FileErrors.invalid(
                        path,
                        "is truncated or corrupt: the audio ends at frame \(position) of the \(frameCount) its sample table declares"
                    )
                }
                frameCount = position
                break
            }
        }
        return done
    }

    /// Reads up to `frames` interleaved frames as libsndfile's 16-bit samples; fewer only at the end.
    func readInterleavedShorts(into destination: UnsafeMutablePointer<Int16>, frames: Int) throws(AudioError) -> Int {
        let handle = try openHandle()
        let wanted = min(frames, frameCount - position)
        guard wanted > 0 else { return 0 }
        let got = Int(sf_readf_short(handle, destination, sf_count_t(wanted)))
        position += max(0, got)
        if got < wanted {
            let code = sf_error(handle)
            if frameCountIsEstimate, code == 0 {
                frameCount = position
                return got
            }
            throw FileErrors.invalid(
                path,
                "is truncated or corrupt: the audio ends at frame \(position) of the \(frameCount) its header declares",
                code: code == 0 ? nil : code, detail: code == 0 ? nil : String(cString: sf_strerror(handle)))
        }
        return got
    }

    /// Reads up to `buffer.frameCapacity` frames into `buffer`, sets its `frameLength` to the count read
    /// and returns it.
    /// - Throws: `AudioError` of kind `invalidFile` when the audio ends before the frame count its header
    ///   declared or cannot be decoded (a truncated or corrupt stream), or `invalidState` when the file was
    ///   closed.
    @discardableResult
    public func read(into buffer: AudioBuffer) throws(AudioError) -> Int {
        let count = try read(into: buffer.view(frames: buffer.frameCapacity))
        buffer.frameLength = count
        return count
    }

    /// Reads the rest of the file into a new buffer. Memory grows with the file: prefer `read(into:)`
    /// in a loop (or `AudioFileSource`) for long files. `maxFrames` guards against surprises. When the
    /// length is an estimate (`frameCountIsEstimate`), the buffer holds what the stream really delivers.
    /// - Throws: `AudioError` of kind `invalidArgument` when more than `maxFrames` frames remain, `invalidFile`
    ///   when the audio ends before the frame count its header declared or cannot be decoded, or `invalidState`
    ///   when the file was closed.
    public func readAll(maxFrames: Int = 1 << 27) throws(AudioError) -> AudioBuffer {
        guard remainingFrames <= maxFrames else {
            throw AudioError(
                .invalidArgument,
                "\(path): \(remainingFrames) frames is more than readAll's limit of \(maxFrames); read in blocks instead"
            )
        }
        guard frameCountIsEstimate, media != nil else {
            let buffer = AudioBuffer(channelCount: channelCount, frameCapacity: remainingFrames)
            try read(into: buffer)
            return buffer
        }
        var blocks: [AudioBuffer] = []
        var total = 0
        while true {
            let block = AudioBuffer(channelCount: channelCount, frameCapacity: max(chunkFrames, remainingFrames))
            let count = try read(into: block)
            if count == 0 { break }
            blocks.append(block)
            total += count
            guard total <= maxFrames else {
                throw AudioError(
                    .invalidArgument,
                    "\(path): more than readAll's limit of \(maxFrames) frames; read in blocks instead")
            }
        }
        let buffer = AudioBuffer(channelCount: channelCount, frameCapacity: total)
        var offset = 0
        for block in blocks {
            for channel in 0..<channelCount {
                (buffer.view(frames: total).samples(channel) + offset).update(
                    from: block.view(frames: block.frameLength).samples(channel), count: block.frameLength)
            }
            offset += block.frameLength
        }
        buffer.frameLength = total
        return buffer
    }

    /// Converts 16-bit samples to float (÷ 32768, exactly what libsndfile's float read does) while
    /// splitting `frames` interleaved frames into `destination` starting at `offset`.
    @inline(__always)
    static func deinterleave(
        _ source: UnsafePointer<Int16>, channels: Int, frames: Int, into destination: AudioBufferView, at offset: Int
    ) {
        let scale: Float = 1.0 / 32_768
        let shared = min(channels, destination.channelCount)
        if channels == 2, shared == 2 {
            let left = destination.samples(0) + offset, right = destination.samples(1) + offset
            for frame in 0..<frames {
                left[frame] = Float(source[2 &* frame]) * scale
                right[frame] = Float(source[2 &* frame &+ 1]) * scale
            }
        } else {
            for channel in 0..<shared {
                let output = destination.samples(channel) + offset
                for frame in 0..<frames { output[frame] = Float(source[frame &* channels &+ channel]) * scale }
            }
        }
        for channel in shared..<max(shared, destination.channelCount) {
            (destination.samples(channel) + offset).update(repeating: 0, count: frames)
        }
    }

    /// Splits `frames` interleaved frames of `channels` channels into `destination` starting at `offset`.
    @inline(__always)
    static func deinterleave(
        _ source: UnsafePointer<Float>, channels: Int, frames: Int, into destination: AudioBufferView, at offset: Int
    ) {
        let shared = min(channels, destination.channelCount)
        if channels == 1, shared == 1 {
            (destination.samples(0) + offset).update(from: source, count: frames)
        } else if channels == 2, shared == 2 {
            let left = destination.samples(0) + offset, right = destination.samples(1) + offset
            for frame in 0..<frames {
                left[frame] = source[2 &* frame]
                right[frame] = source[2 &* frame &+ 1]
            }
        } else {
            for channel in 0..<shared {
                let output = destination.samples(channel) + offset
                var input = source + channel
                for frame in 0..<frames {
                    output[frame] = input.pointee
                    input += channels
                }
            }
        }
        for channel in shared..<max(shared, destination.channelCount) {
            (destination.samples(channel) + offset).update(repeating: 0, count: frames)
        }
    }
}
