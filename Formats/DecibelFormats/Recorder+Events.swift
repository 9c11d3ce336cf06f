import DecibelCore

extension Recorder {
    /// What a recorder posts, on its writer thread (or the thread calling `close()`): a control thread,
    /// never the render thread. Call `close()` from another thread than a handler's.
    public enum Event: Sendable, Hashable {
        /// The first frames reached the file.
        case started
        /// The file holds this many frames from this recorder so far (posted after each flush that wrote).
        case framesWritten(Int)
        /// `close()` finished the file: what it holds and how long it lasts.
        case finished(RecordingSummary)
        /// Writing failed (a full disk, say); nothing more is written, and `close()` throws this error.
        case failed(AudioError)
    }

    /// Calls `handler` with every event from now on; returns a token for `removeObserver(_:)`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (Event) -> Void) -> UInt64 { state.observers.add(handler) }

    /// Stops the calls of an `addObserver(_:)` handler.
    public func removeObserver(_ token: UInt64) { state.observers.remove(token) }

    /// Every event as an async sequence, ending once `close()` returns or throws (after `finished`, or after
    /// `failed`); at most `capacity` wait for a slow loop.
    ///
    /// ```swift
    /// for await event in recorder.events() {
    ///     if case .framesWritten(let frames) = event { print(Double(frames) / recorder.sampleRate, "s") }
    /// }
    /// ```
    public func events(capacity: Int = 64) -> EventSequence<Event> { state.observers.sequence(capacity: capacity) }
}
