import DecibelCore
import Synchronization

/// Hands render-thread events to users on a control thread, and releases retired plans, every
/// `servicePeriod` while an engine runs on a stream (offline engines call `AudioEngine.deliverEvents()`).
final class EventHub: @unchecked Sendable {
    private struct WeakSource { weak var source: (any RenderEventSource)? }
    private let sources = Locked<[WeakSource]>([])
    private let delivery = ControlLock()
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private var thread: AudioThread?

    /// How often the service thread wakes. The render thread cannot wake it (that would be a system call),
    /// so this is the latest an event arrives: 20 ms is sooner than a person notices, and a player that
    /// woke every 5 ms spent a third of its CPU here (perf, `decibel play` of 30 s into PulseAudio).
    static let servicePeriod: UInt64 = 20_000_000

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

    /// Starts the service thread (idempotent). `every100ms`, if given, also runs on it about every
    /// 100 ms (the engine follows the stream's latency with it).
    func startService(renderer: EngineRenderPath, every100ms: (@Sendable () -> Void)? = nil) throws(AudioError) {
        guard thread == nil else { return }
        stopping.store(false, ordering: .relaxed)
        thread = try AudioThread(name: "decibel-graph") { [self] in
            var rounds: UInt64 = 0
            while !stopping.load(ordering: .acquiring) {
                wake.wait(timeoutNanoseconds: Self.servicePeriod)
                renderer.collectRetired()
                deliver()
                rounds += 1
                if rounds % (100_000_000 / Self.servicePeriod) == 0 { every100ms?() }
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
