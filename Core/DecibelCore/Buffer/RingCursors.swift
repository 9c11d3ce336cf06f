import Synchronization

/// The two counters of a single-producer, single-consumer ring and each side's cached copy of the
/// other's counter, laid out on two separate 64-byte cache lines.
///
/// Counters only grow (`&+`, 64-bit: they cannot wrap in practice); `written - read` is the fill level.
/// The producer publishes with a releasing store after writing the slots, the consumer observes it with an
/// acquiring load before reading them, and the same in the other direction for freed space.
@usableFromInline
struct RingCursors {
    @usableFromInline let capacity: Int
    @usableFromInline let mask: Int
    @usableFromInline let memory: UnsafeMutableRawPointer

    private static let cacheLine = 64

    /// `capacity` is rounded up to a power of two (at least 1).
    init(capacity requested: Int) {
        precondition(requested >= 1, "a ring buffer needs a capacity of at least 1")
        precondition(requested <= 1 << 40, "ring buffer capacity is absurdly large")
        var capacity = 1
        while capacity < requested { capacity <<= 1 }
        self.capacity = capacity
        self.mask = capacity - 1
        memory = .allocate(byteCount: 2 * Self.cacheLine, alignment: Self.cacheLine)
        memory.bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        (memory + 8).bindMemory(to: Int.self, capacity: 1).initialize(to: 0)
        (memory + Self.cacheLine).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        (memory + Self.cacheLine + 8).bindMemory(to: Int.self, capacity: 1).initialize(to: 0)
    }

    func deallocate() {
        memory.assumingMemoryBound(to: Atomic<Int>.self).deinitialize(count: 1)
        (memory + Self.cacheLine).assumingMemoryBound(to: Atomic<Int>.self).deinitialize(count: 1)
        memory.deallocate()
    }

    @usableFromInline var written: UnsafeMutablePointer<Atomic<Int>> {
        memory.assumingMemoryBound(to: Atomic<Int>.self)
    }
    @usableFromInline var producerCachedRead: UnsafeMutablePointer<Int> {
        (memory + 8).assumingMemoryBound(to: Int.self)
    }
    @usableFromInline var read: UnsafeMutablePointer<Atomic<Int>> {
        (memory + 64).assumingMemoryBound(to: Atomic<Int>.self)
    }
    @usableFromInline var consumerCachedWritten: UnsafeMutablePointer<Int> {
        (memory + 72).assumingMemoryBound(to: Int.self)
    }

    /// Producer side: the first free slot counter and how many slots are free. The consumer's counter is
    /// re-read only when the cached one shows fewer than `wanted` free slots.
    @inlinable @inline(__always)
    func writable(wanting wanted: Int = .max) -> (start: Int, count: Int) {
        let start = written.pointee.load(ordering: .relaxed)
        var free = capacity - (start &- producerCachedRead.pointee)
        if free < wanted {
            producerCachedRead.pointee = read.pointee.load(ordering: .acquiring)
            free = capacity - (start &- producerCachedRead.pointee)
        }
        return (start, free)
    }

    /// Producer side: publishes `count` slots written from `start`.
    @inlinable @inline(__always)
    func commitWrite(from start: Int, count: Int) {
        written.pointee.store(start &+ count, ordering: .releasing)
    }

    /// Consumer side: the first filled slot counter and how many slots are filled. The producer's counter
    /// is re-read only when the cached one shows fewer than `wanted` filled slots.
    @inlinable @inline(__always)
    func readable(wanting wanted: Int = .max) -> (start: Int, count: Int) {
        let start = read.pointee.load(ordering: .relaxed)
        var filled = consumerCachedWritten.pointee &- start
        if filled < wanted {
            consumerCachedWritten.pointee = written.pointee.load(ordering: .acquiring)
            filled = consumerCachedWritten.pointee &- start
        }
        return (start, filled)
    }

    /// Consumer side: releases `count` slots read from `start`.
    @inlinable @inline(__always)
    func commitRead(from start: Int, count: Int) {
        read.pointee.store(start &+ count, ordering: .releasing)
    }

    /// Exact fill level as seen from either side at this instant (a snapshot; for monitoring).
    func filledCount() -> Int {
        let read = read.pointee.load(ordering: .acquiring)
        return written.pointee.load(ordering: .acquiring) &- read
    }

    /// Splits `count` slots starting at counter `start` into at most two contiguous index ranges.
    @inlinable @inline(__always)
    func segments(start: Int, count: Int) -> (first: Range<Int>, second: Range<Int>) {
        let index = start & mask
        let firstCount = Swift.min(count, capacity - index)
        return (index..<(index + firstCount), 0..<(count - firstCount))
    }
}
