import DecibelCore
import Synchronization

/// Keeps one registry-watching connection open and reports device-list changes as `DeviceEvent`s.
///
/// The loop thread only flags a change; a control thread lets the burst settle (one round trip), takes
/// the list and diffs it against the last one with `DeviceEvent.changes(from:to:)`, so the handler
/// never runs on PipeWire's thread and may be slow.
final class PipeWireDeviceWatcher: @unchecked Sendable {
    private let connection: PipeWireConnection
    private let handler: @Sendable (DeviceEvent) -> Void
    private let wake = WakeSignal()
    private let cancelled = Atomic<Bool>(false)
    private let changed = Atomic<Bool>(false)
    private var thread: AudioThread?
    private var known: [AudioDevice]  // watcher thread only (after init)

    init(backend: PipeWireBackend, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        let connection = try backend.connect(name: backend.options.clientName + " device watcher", watchRegistry: true)
        self.connection = connection
        self.handler = handler
        known = connection.withLock { connection.devices() }
        connection.withLock {
            connection.onChange = { [weak self] in
                self?.changed.store(true, ordering: .releasing)
                self?.wake.signal()
            }
            connection.onFailure = { [weak self] _ in self?.wake.signal() }
        }
        thread = try AudioThread(name: "pw-devices") { [unowned self] in self.watch() }
    }

    /// Stops delivery and closes the connection; returns once the handler is no longer called.
    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        thread?.join()
        connection.withLock {
            connection.onChange = nil
            connection.onFailure = nil
        }
        connection.close()
    }

    private func watch() {
        while !cancelled.load(ordering: .acquiring) {
            wake.wait(timeoutNanoseconds: 500_000_000)
            guard changed.exchange(false, ordering: .acquiringAndReleasing), !cancelled.load(ordering: .acquiring)
            else { continue }
            try? connection.roundTrip()  // let the nodes' info and the metadata that follow arrive too
            changed.store(false, ordering: .releasing)
            let current = connection.withLock { connection.devices() }
            let events = DeviceEvent.changes(from: known, to: current)
            known = current
            for event in events where !cancelled.load(ordering: .acquiring) { handler(event) }
        }
    }
}
