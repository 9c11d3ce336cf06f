/// Zero-copy access: the producer renders straight into the ring's free space and the consumer reads the
/// frames where they lie, as `jack_ringbuffer_get_write_vector` and TPCircularBuffer's head and tail allow.
/// Each hands its closure one view per contiguous segment: one, or two when the region wraps around the
/// end of the ring. The views are valid only inside the closure; nothing is copied, allocated or locked.
extension FrameRingBuffer {
    /// Producer: lets `body` render up to `frames` frames into the ring's free space, then publishes what it
    /// rendered. `body` gets each segment and returns how many of its frames it filled (from the start);
    /// a segment not filled to its end ends the write. Returns the frames published (0 when the ring is
    /// full). If `body` throws, nothing of this write is published.
    ///
    /// ```swift
    /// let ring = FrameRingBuffer(channelCount: 1, capacity: 4096)
    /// var oscillator = Oscillator(shape: .sine, frequency: 440, amplitude: 0.5)
    /// ring.write(frames: 256) { segment in
    ///     oscillator.render(into: segment.samples(0), count: segment.frameCount)
    ///     return segment.frameCount
    /// }
    /// ```
    @inlinable @discardableResult
    public func write(frames: Int, _ body: (AudioBufferView) -> Int) -> Int {
        writeSegments(frames: frames) { (segment) throws(Never) -> Int in body(segment) }
    }

    /// Producer: `write(frames:_:)` with a closure that throws (a decoder's error, for example).
    /// - Throws: what `body` throws (`Failure`), after which nothing of this write is published.
    @inlinable @discardableResult
    public func write<Failure: Error>(
        frames: Int, _ body: (AudioBufferView) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        try writeSegments(frames: frames, body)
    }

    @inlinable
    func writeSegments<Failure: Error>(
        frames: Int, _ body: (AudioBufferView) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        let (start, free) = cursors.writable(wanting: frames)
        let count = Swift.min(free, frames)
        guard count > 0 else { return 0 }
        let index = start & cursors.mask
        let firstCount = Swift.min(count, cursors.capacity - index)
        let first = AudioBufferView(
            channelPointers: planePointers, channelCount: channelCount, frameCount: firstCount, frameOffset: index)
        var filled = Swift.min(Swift.max(0, try body(first)), firstCount)
        if filled == firstCount && count > firstCount {
            let second = AudioBufferView(
                channelPointers: planePointers, channelCount: channelCount, frameCount: count - firstCount)
            filled += Swift.min(Swift.max(0, try body(second)), count - firstCount)
        }
        if filled > 0 { cursors.commitWrite(from: start, count: filled) }
        return filled
    }

    /// Consumer: hands up to `frames` readable frames to `body` where they lie in the ring, then frees them.
    /// Returns the frames handed over (0 when the ring is empty). If `body` throws, the frames stay in the
    /// ring.
    ///
    /// ```swift
    /// let ring = FrameRingBuffer(channelCount: 2, capacity: 4096)
    /// var peak: Float = 0
    /// ring.read(frames: 1024) { segment in
    ///     for channel in 0..<segment.channelCount {
    ///         for sample in segment[channel] { peak = max(peak, abs(sample)) }
    ///     }
    /// }
    /// ```
    @inlinable @discardableResult
    public func read(frames: Int, _ body: (AudioBufferView) -> Void) -> Int {
        readSegments(frames: frames) { (segment) throws(Never) in body(segment) }
    }

    /// Consumer: `read(frames:_:)` with a closure that throws (a file writer's error, for example).
    /// - Throws: what `body` throws (`Failure`), after which the frames stay in the ring.
    @inlinable @discardableResult
    public func read<Failure: Error>(
        frames: Int, _ body: (AudioBufferView) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        try readSegments(frames: frames, body)
    }

    @inlinable
    func readSegments<Failure: Error>(
        frames: Int, _ body: (AudioBufferView) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        let (start, filled) = cursors.readable(wanting: frames)
        let count = Swift.min(filled, frames)
        guard count > 0 else { return 0 }
        let index = start & cursors.mask
        let firstCount = Swift.min(count, cursors.capacity - index)
        try body(
            AudioBufferView(
                channelPointers: planePointers, channelCount: channelCount, frameCount: firstCount, frameOffset: index))
        if count > firstCount {
            try body(
                AudioBufferView(
                    channelPointers: planePointers, channelCount: channelCount, frameCount: count - firstCount))
        }
        cursors.commitRead(from: start, count: count)
        return count
    }

    /// Consumer: the readable frames from the oldest on, up to `frames`, if they lie in one contiguous
    /// segment (`nil` when they wrap or the ring holds fewer): for a consumer that wants one view of a
    /// whole block. Call `skip(frames:)` when done with them.
    @inlinable
    public func contiguousReadable(frames: Int) -> AudioBufferView? {
        let (start, filled) = cursors.readable(wanting: frames)
        guard frames > 0, filled >= frames else { return nil }
        let index = start & cursors.mask
        guard cursors.capacity - index >= frames else { return nil }
        return AudioBufferView(
            channelPointers: planePointers, channelCount: channelCount, frameCount: frames, frameOffset: index)
    }
}
