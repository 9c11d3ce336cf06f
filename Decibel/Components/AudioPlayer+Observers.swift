import DecibelCore
import DecibelGraph
import Synchronization

extension AudioPlayer {
    /// Calls `handler` with every `Event`, in order, on the thread that caused it (the caller's, or a
    /// control thread for end of file, device moves and positions). Any number of observers; returns a
    /// token for `removeObserver(_:)`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (Event) -> Void) -> UInt64 { observers.add(handler) }

    /// Stops the calls of an `addObserver(_:)` handler.
    public func removeObserver(_ token: UInt64) { observers.remove(token) }

    /// Every event as an async sequence (the `for await` form of `addObserver`); at most `capacity`
    /// events wait for a slow loop, older ones are dropped and counted.
    public func events(capacity: Int = 16) -> EventSequence<Event> { observers.sequence(capacity: capacity) }

    /// Seconds between `position` events while playing (`nil`, the default: none). EZAudioPlayer reported
    /// the position every render; a UI wants it at its own rate, from a control thread.
    public var positionUpdateInterval: Double? {
        get { positionTimer.withLock { $0?.interval } }
        set {
            let old = positionTimer.withLock { timer in
                defer { timer = nil }
                return timer
            }
            old?.stop()
            guard let interval = newValue, interval > 0, interval.isFinite else { return }
            let timer = try? PositionTimer(interval: interval) { [weak self] in
                guard let self, self.state == .playing else { return }
                self.post(.position(self.currentTime))
            }
            positionTimer.withLock { $0 = timer }
        }
    }

    /// Hands `handler` the audio the player plays (after its volume and pan), in buffers of `bufferSize`
    /// frames on a consumer thread — for meters and scopes, EZAudioPlayer's `playedAudio`. Follows file
    /// swaps; remove with `output.engine.removeTap(_:)`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is below 1, or `backendError` when the
    ///   tap's consumer thread cannot start.
    public func playedAudio(
        bufferSize: Int = 1024, _ handler: @escaping @Sendable (AudioBufferView) -> Void
    ) throws(AudioError) -> GraphTap {
        try output.playedAudio(bufferSize: bufferSize, handler)
    }

    func post(_ event: Event) { observers.post(event) }
}
/// A thread that calls `tick` every `interval` seconds until stopped.
final class PositionTimer: Sendable {
    let interval: Double
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private let thread = Locked<AudioThread?>(nil)

    init(interval: Double, tick: @escaping @Sendable () -> Void) throws(AudioError) {
        self.interval = interval
        let nanoseconds = UInt64(max(0.001, interval) * 1e9)
        let started = try AudioThread(name: "decibel-player-position") { [self] in
            while !stopping.load(ordering: .acquiring) {
                _ = wake.wait(timeoutNanoseconds: nanoseconds)
                if !stopping.load(ordering: .acquiring) { tick() }
            }
        }
        thread.withLock { $0 = started }
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        thread.withLock { $0 }?.join()
    }
}
