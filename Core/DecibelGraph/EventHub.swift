import DecibelCore
import Synchronization

/// Hands render-thread events to users on a control thread, and releases retired plans, every
/// `ServicePeriod` while an engine runs on a stream (offline engines call `AudioEngine.deliverEvents()`).
final class EventHub: @unchecked Sendable {
    private struct WeakSource { weak var source: (any RenderEventSource)? }
    private let sources = Locked<[WeakSource]>([])
    private let delivery = ControlLock()
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private var thread: AudioThread?

    /// How often the service thread wakes (`ServicePeriod`: half the stream's block, 20 to 500 ms). The
    /// render thread cannot wake it (that would be a system call), so this is the latest an event arrives.
    private let period = Atomic<UInt64>(ServicePeriod.shortest)

    func register(_ source: any RenderEventSource) {
        sources.withLock { list in
            list.removeAll { $0.source == nil }
            if !list.contains(where: { $0.source === source }) { list.append(WeakSource(source: source)) }
        }
    }

    /// Delivers every queued event now, on the calling thread.
    func deliver() {
        let list = sources.withLock { $0.compactMap(\.source) }
        delivery.withLock {
            for source in list { source.deliverEvents() }
        }
    }

    /// Starts the service thread (idempotent), waking every `period` nanoseconds (a running thread takes the
    /// new period). `refresh`, if given, also runs on it about every 100 ms, or every wake when the period is
    /// longer (the engine follows the stream's latency with it).
    func startService(
        renderer: EngineRenderPath, period: UInt64, refresh: (@Sendable () -> Void)? = nil
    ) throws(AudioError) {
        self.period.store(period, ordering: .relaxed)
        guard thread == nil else { return }
        stopping.store(false, ordering: .relaxed)
        thread = try AudioThread(name: "decibel-graph") { [self] in
            var lastRefresh = MonotonicClock.now()
            while !stopping.load(ordering: .acquiring) {
                wake.wait(timeoutNanoseconds: self.period.load(ordering: .relaxed))
                renderer.collectRetired()
                deliver()
                let now = MonotonicClock.now()
                // Less a millisecond: a 20 ms period then refreshes every fifth wake, not every sixth.
                if now &- lastRefresh >= 99_000_000 {
                    lastRefresh = now
                    refresh?()
                }
            }
        }
    }

    /// Stops the service thread after one last delivery.
    func stopService() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        thread?.join()
        thread = nil
    }
}
