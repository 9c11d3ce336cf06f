/// A bounded, lock-free queue of elements between exactly one producer thread and one consumer thread.
///
/// This is the message queue between the control thread and the render thread: `push` and `pop` never
/// allocate, lock or wait. Elements that own references must not be dropped for the last time on the
/// render thread (that would free memory there); send them back to the control thread on a second queue
/// instead, as `EngineRenderPath` does with retired render plans.
public final class SPSCQueue<Element>: @unchecked Sendable {
    @usableFromInline let cursors: RingCursors
    @usableFromInline let slots: UnsafeMutablePointer<Element>

    /// Creates a queue holding at least `capacity` elements (rounded up to a power of two).
    public init(capacity: Int) {
        cursors = RingCursors(capacity: capacity)
        slots = .allocate(capacity: cursors.capacity)
    }

    deinit {
        let (start, count) = cursors.readable()
        for offset in 0..<count {
            (slots + ((start &+ offset) & cursors.mask)).deinitialize(count: 1)
        }
        slots.deallocate()
        cursors.deallocate()
    }

    /// How many elements the queue holds at most.
    public var capacity: Int { cursors.capacity }

    /// Elements waiting right now (a snapshot).
    public var count: Int { cursors.filledCount() }

    /// Producer: appends `element`; returns `false` (and drops nothing) when the queue is full.
    @inlinable
    @discardableResult
    public func push(_ element: Element) -> Bool {
        let (start, free) = cursors.writable(wanting: 1)
        guard free > 0 else { return false }
        (slots + (start & cursors.mask)).initialize(to: element)
        cursors.commitWrite(from: start, count: 1)
        return true
    }

    /// Consumer: removes and returns the oldest element, or `nil` when the queue is empty.
    @inlinable
    public func pop() -> Element? {
        let (start, filled) = cursors.readable(wanting: 1)
        guard filled > 0 else { return nil }
        let element = (slots + (start & cursors.mask)).move()
        cursors.commitRead(from: start, count: 1)
        return element
    }
}
