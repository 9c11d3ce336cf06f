import Synchronization

/// The state a stream shares between its control calls, its render thread and the user's event handler.
///
/// Backends keep one per stream. The render thread only touches atomics and a preallocated queue here
/// (`recordXrunFromRenderThread`, `postFromRenderThread`); a delivery thread polls those while the
/// stream runs and calls the user's handler, so the handler can be slow without hurting audio.
public final class StreamStatus: @unchecked Sendable {
    private let stateValue = Atomic<UInt8>(StreamState.stopped.rawValue)
    private let xruns = Atomic<Int>(0)
    private let realtimeEvents = SPSCQueue<StreamEvent>(capacity: 64)
    private let droppedRealtimeEvents = Atomic<Int>(0)
    private let pending = Locked<[StreamEvent]>([])
    private let stopping = Atomic<Bool>(false)
    private let closing = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private let handler: (@Sendable (StreamEvent) -> Void)?
    private let loops = EventFanOut<StreamEvent>()
    private var deliveryThread: AudioThread?
    private var reportedXruns = 0  // delivery thread only

    /// How often the delivery thread looks for render-thread events while the stream runs: the latest an
    /// xrun is reported (`ServicePeriod`: half a block, 20 to 500 ms); nil when nothing is ever posted from the
    /// render thread, so the thread sleeps until an event comes.
    private let pollInterval: UInt64?

    /// Creates the status of a new (stopped) stream; events go to `handler` on a delivery thread, which
    /// looks for render-thread events as often as `format`'s blocks call for (`ServicePeriod`; every 20 ms
    /// without a format).
    ///
    /// A stream whose render thread never calls `recordXrunFromRenderThread()` or `postFromRenderThread(_:)`
    /// (its xruns are seen outside the render callback, which then calls `recordXrun()`) passes
    /// `rendersPostEvents: false`: the delivery thread then sleeps until something is posted instead of waking
    /// twice a block for nothing.
    /// - Throws: `AudioError` of kind `backendError` when the event delivery thread cannot be started (`pthread_create`
    ///   failed; `code` is its error).
    public init(
        name: String, format: StreamFormat? = nil, rendersPostEvents: Bool = true,
        handler: (@Sendable (StreamEvent) -> Void)?
    )
        throws(AudioError)
    {
        self.handler = handler
        pollInterval =
            rendersPostEvents ? format.map(ServicePeriod.nanoseconds(for:)) ?? ServicePeriod.shortest : nil
        RealtimeSanitizer.prepare()
        deliveryThread = try AudioThread(name: "\(name.prefix(8))-events") { [unowned self] in self.deliver() }
    }

    deinit { shutdown() }

    /// Where the stream is in its life.
    public var state: StreamState {
        StreamState(rawValue: stateValue.load(ordering: .acquiring)) ?? .closed
    }

    /// Throws what `start()` and `stop()` throw on a closed stream, the same on every backend.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is closed.
    public func refuseIfClosed(backend: String) throws(AudioError) {
        guard state == .closed else { return }
        throw Self.closedError(backend: backend)
    }

    /// `close()`'s first step: marks the stream as closing. `close()` then stops the stream under the lock its
    /// `start()` checks `refuseIfClosing` under; a second `close()` racing it does the same, so that neither
    /// returns while the stream may still run.
    public func beginClosing() {
        closing.store(true, ordering: .releasing)
    }

    /// What `start()` throws, under its lock, once a close has begun: a start that waited for the lock while
    /// `close()` stopped the stream would otherwise run it again after the stop, and it would play on, closed.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is closed or closing.
    public func refuseIfClosing(backend: String) throws(AudioError) {
        guard closing.load(ordering: .acquiring) || state == .closed else { return }
        throw Self.closedError(backend: backend)
    }

    private static func closedError(backend: String) -> AudioError {
        AudioError(.invalidState, "the stream is closed; open a new one", backend: backend)
    }

    /// Moves to `state` unconditionally.
    public func setState(_ state: StreamState) {
        stateValue.store(state.rawValue, ordering: .releasing)
        wake.signal()
    }

    /// Moves from `expected` to `desired` if the stream is in `expected`; returns whether it moved.
    @discardableResult
    public func transition(from expected: StreamState, to desired: StreamState) -> Bool {
        let moved = stateValue.compareExchange(
            expected: expected.rawValue, desired: desired.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
        if moved { wake.signal() }
        return moved
    }

    /// Underruns and overruns counted so far.
    public var xrunCount: Int { xruns.load(ordering: .relaxed) }

    /// Render thread: counts one xrun. Lock-free; the event reaches the handler on the delivery thread.
    @inline(__always)
    public func recordXrunFromRenderThread() { xruns.wrappingAdd(1, ordering: .relaxed) }

    /// Control or notification thread: counts one xrun.
    public func recordXrun() {
        xruns.wrappingAdd(1, ordering: .relaxed)
        wake.signal()
    }

    /// Render thread: queues an event without blocking; if the queue is full it is counted and dropped.
    @inline(__always)
    public func postFromRenderThread(_ event: StreamEvent) {
        if !realtimeEvents.push(event) { droppedRealtimeEvents.wrappingAdd(1, ordering: .relaxed) }
    }

    /// Any thread but the render thread: queues an event for the handler.
    public func post(_ event: StreamEvent) {
        pending.withLock { $0.append(event) }
        wake.signal()
    }

    /// The stream's events as an async sequence for `for await` loops, delivered on the same thread as the
    /// handler; it ends when the stream closes. See `AudioStream.events(capacity:)`.
    public func events(capacity: Int) -> EventSequence<StreamEvent> { loops.sequence(capacity: capacity) }

    /// Delivers what is queued and stops the delivery thread. Called by `close()`; idempotent. When called
    /// from inside the handler it returns without waiting for the thread.
    public func shutdown() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        deliveryThread?.join()
        loops.finish()
    }

    private func deliver() {
        while true {
            wake.wait(timeoutNanoseconds: sleepNanoseconds(running: state == .running))
            flush()
            if stopping.load(ordering: .acquiring) {
                flush()
                return
            }
        }
    }

    /// How long the delivery thread sleeps unless signalled: the poll interval while the render thread runs, 200 ms
    /// once it stops (what a last callback posted still arrives), and until signalled when the render path posts nothing.
    private func sleepNanoseconds(running: Bool) -> UInt64? {
        guard let pollInterval else { return nil }
        return running ? pollInterval : 200_000_000
    }

    private func flush() {
        let total = xruns.load(ordering: .relaxed)
        if total != reportedXruns {
            reportedXruns = total
            emit(.xrun(total: total))
        }
        while let event = realtimeEvents.pop() { emit(event) }
        let events = pending.withLock { events in
            defer { events.removeAll() }
            return events
        }
        for event in events { emit(event) }
    }

    private func emit(_ event: StreamEvent) {
        handler?(event)
        loops.yield(event)
    }
}
