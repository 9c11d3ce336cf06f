import Synchronization

/// Events that arrive over time, as an async sequence with a bounded buffer.
///
/// A producer on a control thread yields into a buffer of `capacity` events; when the consumer falls that
/// far behind, the **oldest** waiting event is dropped to make room and counted in `droppedCount`, so the
/// consumer always sees the newest state and the producer never blocks. One loop consumes it: leaving
/// the loop (`break`, `return`, a thrown error) or cancelling the task that runs it ends the sequence and
/// stops what feeds it.
///
/// ```swift
/// for await event in try backend.deviceEvents() {
///     print(event)
/// }
/// ```
public struct EventSequence<Element: Sendable>: AsyncSequence, Sendable {
    private let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation
    private let dropped: DropCounter

    /// Events dropped so far because the consumer was `capacity` events behind.
    public var droppedCount: Int { dropped.count.load(ordering: .relaxed) }

    /// Creates a sequence fed through the ``EventSequence/Feed`` handed to `start`, which returns the
    /// action that stops the producer; that runs once, when the sequence ends or is dropped.
    /// - Throws: Whatever `start` throws (its `Failure`); no sequence is made then.
    public init<Failure: Error>(
        capacity: Int = 64, start: (Feed) throws(Failure) -> @Sendable () -> Void
    ) throws(Failure) {
        let (stream, continuation) = AsyncStream<Element>.makeStream(
            bufferingPolicy: .bufferingNewest(Swift.max(1, capacity)))
        let dropped = DropCounter()
        let stop = try start(Feed(continuation: continuation, dropped: dropped))
        continuation.onTermination = { _ in stop() }
        self.stream = stream
        self.continuation = continuation
        self.dropped = dropped
    }

    public func makeAsyncIterator() -> Iterator {
        let continuation = continuation
        return Iterator(base: stream.makeAsyncIterator(), loop: LoopLifetime { continuation.finish() })
    }

    /// Iterates the events; when the loop lets go of it, the sequence ends.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Element>.Iterator
        private let loop: LoopLifetime

        fileprivate init(base: AsyncStream<Element>.Iterator, loop: LoopLifetime) {
            self.base = base
            self.loop = loop
        }

        public mutating func next() async -> Element? { await base.next() }
    }

    /// The producer's end: `yield` from any thread but a render thread (it may allocate).
    public struct Feed: Sendable {
        fileprivate let continuation: AsyncStream<Element>.Continuation
        fileprivate let dropped: DropCounter

        /// Hands `event` to the consumer, dropping the oldest waiting event if the buffer is full.
        public func yield(_ event: Element) {
            if case .dropped = continuation.yield(event) { dropped.count.add(1, ordering: .relaxed) }
        }

        /// Ends the sequence (the producer has nothing more to say).
        public func finish() { continuation.finish() }
    }
}

private final class DropCounter: Sendable {
    let count = Atomic<Int>(0)
}

/// Ends the sequence when the last copy of its loop's iterator goes away.
private final class LoopLifetime: Sendable {
    private let end: @Sendable () -> Void
    init(_ end: @escaping @Sendable () -> Void) { self.end = end }
    deinit { end() }
}

extension AudioBackend {
    /// Device-list changes (devices added and removed, defaults changed) as an async sequence: the
    /// `for await` form of ``observeDevices(_:)``. At most `capacity` events wait for a slow consumer;
    /// older ones are dropped and counted. Leaving the loop, or cancelling its task, stops the observation.
    /// - Throws: `AudioError` of the kinds `observeDevices(_:)` throws: `backendUnavailable` when the backend's library
    ///   does not load or its server is not running, `timedOut` when the server does not answer in time, or
    ///   `backendError` when the watch cannot be set up.
    public func deviceEvents(capacity: Int = 64) throws(AudioError) -> EventSequence<DeviceEvent> {
        try EventSequence(capacity: capacity) { (feed) throws(AudioError) in
            let observation = try observeDevices { feed.yield($0) }
            return { observation.cancel() }
        }
    }
}
