import CDecibelSIMD

/// A lock-free single-producer, single-consumer ring of multi-channel frames.
///
/// Samples are stored non-interleaved, one plane per channel, so copies in and out are plain vector copies
/// of at most two segments per channel. The producer (often the render thread) and the consumer (often a
/// writer or UI thread) never block each other; `write` and `read` move as many frames as fit and say how
/// many, so overflow and underflow are visible to the caller, never silent.
public final class FrameRingBuffer: @unchecked Sendable {
    /// Channels per frame.
    public let channelCount: Int
    @usableFromInline let cursors: RingCursors
    @usableFromInline let planes: AudioBuffer
    /// `planes`' channel pointers, kept here so a copy costs no property chain or precondition.
    @usableFromInline let planePointers: UnsafePointer<UnsafeMutablePointer<Float>>

    /// Creates a ring holding at least `capacity` frames (rounded up to a power of two).
    public init(channelCount: Int, capacity: Int) {
        precondition(channelCount >= 1, "FrameRingBuffer needs at least one channel")
        self.channelCount = channelCount
        cursors = RingCursors(capacity: capacity)
        planes = AudioBuffer(channelCount: channelCount, frameCapacity: cursors.capacity)
        planePointers = planes.channelPointers
    }

    deinit { cursors.deallocate() }

    /// Frames the ring holds at most.
    public var capacity: Int { cursors.capacity }

    /// Frames that can be written now: exact on the producer's thread, a snapshot on any other (a control
    /// thread watching the fill). Reads both counters and leaves the producer's cached copy alone.
    public var availableToWrite: Int { capacity - cursors.filledCount() }

    /// Frames that can be read now: exact on the consumer's thread, a snapshot on any other. Reads both
    /// counters and leaves the consumer's cached copy alone, so a control thread may ask while the render
    /// thread reads (it used to refresh that cache, a data race ThreadSanitizer caught).
    public var availableToRead: Int { cursors.filledCount() }

    /// Producer: appends up to `source.frameCount` frames and returns how many fit. Channels of
    /// `source` beyond the ring's are ignored; missing ones are written as silence.
    ///
    /// Inlinable, and one call copying every channel (two when the copy wraps): the cost of a write is the
    /// copy itself, measured against `jack_ringbuffer` in Benchmarks' `ring-bench`.
    @inlinable @discardableResult
    public func write(_ source: AudioBufferView) -> Int {
        let (start, free) = cursors.writable(wanting: source.frameCount)
        let count = Swift.min(free, source.frameCount)
        guard count > 0 else { return 0 }
        let index = start & cursors.mask
        let firstCount = Swift.min(count, cursors.capacity - index)
        let secondCount = count - firstCount
        let copied = Swift.min(channelCount, source.channelCount)
        if copied > 0, let sources = source.channelPointers {
            // One call for every channel: a planar ring would otherwise pay a memcpy call per channel.
            let destinations = UnsafeRawPointer(planePointers).assumingMemoryBound(
                to: UnsafeMutablePointer<Float>?.self)
            let inputs = UnsafeRawPointer(sources).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            decibel_copy_planes(destinations, index, inputs, source.frameOffset, copied, firstCount)
            if secondCount > 0 {
                decibel_copy_planes(destinations, 0, inputs, source.frameOffset + firstCount, copied, secondCount)
            }
        }
        var channel = copied
        while channel < channelCount {
            let plane = planePointers[channel]
            (plane + index).update(repeating: 0, count: firstCount)
            if secondCount > 0 { plane.update(repeating: 0, count: secondCount) }
            channel += 1
        }
        cursors.commitWrite(from: start, count: count)
        return count
    }

    /// Producer: appends up to `frames` frames of silence and returns how many fit.
    @discardableResult
    public func writeSilence(frames: Int) -> Int {
        let (start, free) = cursors.writable(wanting: frames)
        let count = Swift.min(free, frames)
        guard count > 0 else { return 0 }
        let (first, second) = cursors.segments(start: start, count: count)
        let store = planes.view(frames: cursors.capacity)
        for channel in 0..<channelCount {
            let plane = store.samples(channel)
            (plane + first.lowerBound).update(repeating: 0, count: first.count)
            plane.update(repeating: 0, count: second.count)
        }
        cursors.commitWrite(from: start, count: count)
        return count
    }

    /// Consumer: removes up to `destination.frameCount` frames into `destination` and returns how many.
    /// Channels of `destination` beyond the ring's are left untouched.
    @inlinable @discardableResult
    public func read(into destination: AudioBufferView) -> Int {
        let (start, filled) = cursors.readable(wanting: destination.frameCount)
        let count = Swift.min(filled, destination.frameCount)
        guard count > 0 else { return 0 }
        let index = start & cursors.mask
        let firstCount = Swift.min(count, cursors.capacity - index)
        let secondCount = count - firstCount
        let channels = Swift.min(channelCount, destination.channelCount)
        if channels > 0, let outputs = destination.channelPointers {
            let destinations = UnsafeRawPointer(outputs).assumingMemoryBound(to: UnsafeMutablePointer<Float>?.self)
            let planes = UnsafeRawPointer(planePointers).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            decibel_copy_planes(destinations, destination.frameOffset, planes, index, channels, firstCount)
            if secondCount > 0 {
                decibel_copy_planes(
                    destinations, destination.frameOffset + firstCount, planes, 0, channels, secondCount)
            }
        }
        cursors.commitRead(from: start, count: count)
        return count
    }

    /// Producer: appends the first `frameLength` frames of `buffer`; returns how many fit.
    @discardableResult
    public func write(_ buffer: AudioBuffer) -> Int { buffer.withView { write($0) } }

    /// Consumer: removes up to `buffer.frameLength` frames into `buffer`; returns how many.
    @discardableResult
    public func read(into buffer: AudioBuffer) -> Int { buffer.withView { read(into: $0) } }

    /// Consumer: drops up to `frames` frames without copying them and returns how many were dropped.
    @discardableResult
    public func skip(frames: Int) -> Int {
        let (start, filled) = cursors.readable(wanting: frames)
        let count = Swift.min(filled, frames)
        if count > 0 { cursors.commitRead(from: start, count: count) }
        return count
    }
}
