/// Observers of a component's events, both ways an app listens: closures added with `add(_:)` (called in
/// order on the posting thread) and `for await` loops over `sequence(capacity:)`. What `AudioController`,
/// `AudioPlayer` and `Recorder` post through. Control threads only (posting may allocate).
public final class EventObservers<Element: Sendable>: Sendable {
    private let handlers = Locked<(next: UInt64, list: [(UInt64, @Sendable (Element) -> Void)])>((0, []))
    private let loops = EventFanOut<Element>()

    /// No observer at first.
    public init() {}

    /// Calls `handler` with every event from now on; returns a token for `remove(_:)`.
    @discardableResult
    public func add(_ handler: @escaping @Sendable (Element) -> Void) -> UInt64 {
        handlers.withLock { state in
            state.next += 1
            state.list.append((state.next, handler))
            return state.next
        }
    }

    /// Stops the calls of the handler `add(_:)` returned `token` for.
    public func remove(_ token: UInt64) { handlers.withLock { $0.list.removeAll { $0.0 == token } } }

    /// Every event from now on as an async sequence; at most `capacity` wait for a slow loop (older ones
    /// are dropped and counted).
    public func sequence(capacity: Int) -> EventSequence<Element> { loops.sequence(capacity: capacity) }

    /// Hands `event` to every handler, in the order they were added, then to every open loop.
    public func post(_ event: Element) {
        for (_, handler) in handlers.withLock({ $0.list }) { handler(event) }
        loops.yield(event)
    }

    /// Ends every open loop (the component is gone); handlers stay until removed.
    public func finish() { loops.finish() }
}
