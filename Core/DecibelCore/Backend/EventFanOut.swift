/// Hands each event to every `for await` loop currently open over it: the producer side of APIs such as
/// `AudioStream.events(capacity:)` and `Microphone.buffers(capacity:)`. Control and consumer threads
/// only (yielding may allocate).
public final class EventFanOut<Element: Sendable>: Sendable {
    private let loops = Locked<(next: Int, feeds: [Int: EventSequence<Element>.Feed], finished: Bool)>((0, [:], false))

    /// No loop is open at first; events yielded before one opens are not kept.
    public init() {}

    /// A new sequence that receives every event from now on; it ends when its loop does or at `finish()`.
    public func sequence(capacity: Int) -> EventSequence<Element> {
        EventSequence(capacity: capacity) { feed in
            let key: Int? = loops.withLock { state in
                guard !state.finished else { return nil }
                defer { state.next += 1 }
                state.feeds[state.next] = feed
                return state.next
            }
            guard let key else {
                feed.finish()
                return {}
            }
            return { [weak self] in _ = self?.loops.withLock { $0.feeds.removeValue(forKey: key) } }
        }
    }

    /// Whether any loop is open (to skip preparing an event nobody reads).
    public var hasLoops: Bool { loops.withLock { !$0.feeds.isEmpty } }

    /// Hands `event` to every open loop.
    public func yield(_ event: Element) {
        for feed in loops.withLock({ Array($0.feeds.values) }) { feed.yield(event) }
    }

    /// Ends every open loop and every later one (the producer is gone).
    public func finish() {
        let feeds = loops.withLock { state in
            state.finished = true
            defer { state.feeds.removeAll() }
            return Array(state.feeds.values)
        }
        for feed in feeds { feed.finish() }
    }
}
