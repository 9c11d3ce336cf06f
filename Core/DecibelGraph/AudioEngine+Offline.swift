import DecibelCore

/// Where offline rendering writes: an audio file writer (DecibelFormats conforms its writers) or
/// anything else that takes blocks of non-interleaved `Float` frames.
public protocol AudioFileWriting: AnyObject {
    /// Appends the frames of `block` (valid only during the call).
    /// - Throws: `AudioError` of the writer's choosing when the block cannot be written: DecibelFormats'
    ///   `AudioFileWriter` throws `fileUnreadable` when writing fails (a full disk), `invalidState` once it is closed,
    ///   and `unsupportedFormat` when the block would take the file past its container's size limit.
    func write(_ block: AudioBufferView) throws(AudioError)
}

extension AudioEngine {
    /// Offline: renders `buffer.frameCapacity` frames into `buffer` in blocks of `blockSize`, as fast as
    /// the CPU allows, then delivers queued node events on this thread.
    /// - Throws: `AudioError` of kind `invalidArgument` when `blockSize` is less than 1, or `invalidState` while the
    ///   engine is attached to a running stream.
    public func render(into buffer: AudioBuffer, blockSize: Int = 512) throws(AudioError) {
        let size = try checkedBlockSize(blockSize)
        var offset = 0
        let destination = buffer.view(frames: buffer.frameCapacity)
        while offset < buffer.frameCapacity {
            let count = min(size, buffer.frameCapacity - offset)
            let block = try render(frames: count)
            destination.slice(from: offset, count: count).copy(from: block)
            offset += count
        }
        buffer.frameLength = buffer.frameCapacity
        deliverEvents()
    }

    /// Offline: renders `frames` frames in blocks of `blockSize` and hands each block to `writer`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `blockSize` is less than 1, `invalidState` while the
    ///   engine is attached to a running stream, or whatever `writer` throws (DecibelFormats' `AudioFileWriter`:
    ///   `fileUnreadable` when writing fails, `invalidState` once closed, `unsupportedFormat` past its container's size
    ///   limit).
    public func render(frames: Int, blockSize: Int = 512, to writer: some AudioFileWriting) throws(AudioError) {
        let size = try checkedBlockSize(blockSize)
        var remaining = frames
        while remaining > 0 {
            let count = min(size, remaining)
            try writer.write(try render(frames: count))
            remaining -= count
        }
        deliverEvents()
    }

    /// Offline: renders `seconds` of audio into a new buffer.
    /// - Throws: `AudioError` of kind `invalidArgument` when `seconds` is negative, not finite, or 24 hours or more,
    ///   or when `blockSize` is less than 1, or `invalidState` while the engine is attached to a running stream.
    public func render(seconds: Double, blockSize: Int = 512) throws(AudioError) -> AudioBuffer {
        guard seconds.isFinite, seconds >= 0, seconds < 86_400 else {
            throw AudioError(.invalidArgument, "render(seconds: \(seconds)) must be between 0 and 24 hours")
        }
        let buffer = AudioBuffer(
            channelCount: channelCount, frameCapacity: Int((seconds * format.sampleRate).rounded()))
        try render(into: buffer, blockSize: blockSize)
        return buffer
    }

    private func checkedBlockSize(_ blockSize: Int) throws(AudioError) -> Int {
        guard blockSize >= 1 else { throw AudioError(.invalidArgument, "blockSize must be at least 1 frame") }
        return blockSize
    }
}
