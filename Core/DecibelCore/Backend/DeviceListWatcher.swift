import Synchronization

/// The worker behind every backend's `observeDevices`: one behaviour, whatever the library.
///
/// A backend's library callbacks only call ``listMayHaveChanged()`` or ``serverLost()``: both just set a
/// flag and wake the worker, so they are safe from a library's own thread (JACK's notification thread,
/// PulseAudio's and PipeWire's loops), where calling back into the library is not allowed. The worker's
/// thread lists the devices again with the backend's `list` closure, diffs the list against the last one
/// (``DeviceEvent/changes(from:to:)``) and calls the handler, so the handler may block or call the backend.
///
/// When the server is gone the watcher reports every device it knew as removed, then
/// ``DeviceEvent/listChanged``, and stops: the same on every backend.
public final class DeviceListWatcher: Sendable {
    private let signals = Signals()
    private let thread: AudioThread
    private let onCancel: @Sendable () -> Void

    /// Starts watching. `devices` is the list as it is now (the first change is diffed against it); `list`
    /// lists the devices again on the watcher's thread, settling the library first if it needs to, and
    /// returns nil when it cannot (the next change tries again); `onCancel` releases the backend's
    /// connection once the thread has stopped. With `reportsUnlistedChanges`, a change the list does not
    /// show is reported as ``DeviceEvent/listChanged`` (ALSA: a sound card's nodes changed, yet alsa-lib
    /// names the same PCMs).
    /// - Throws: `AudioError` of kind `backendError` when the thread cannot be created.
    public init(
        name: String, devices: [AudioDevice], reportsUnlistedChanges: Bool = false,
        list: @escaping @Sendable () -> [AudioDevice]?, onCancel: @escaping @Sendable () -> Void = {},
        handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) {
        self.onCancel = onCancel
        thread = try AudioThread(name: name) { [signals] in
            Self.watch(
                devices, signals: signals, reportsUnlistedChanges: reportsUnlistedChanges, list: list,
                handler: handler)
        }
    }

    /// Says the device list may have changed; the worker lists and diffs it soon. Safe from any thread.
    public func listMayHaveChanged() {
        signals.changed.store(true, ordering: .releasing)
        signals.wake.signal()
    }

    /// Says the server is gone; the worker reports every device removed and stops. Safe from any thread.
    public func serverLost() {
        signals.serverGone.store(true, ordering: .releasing)
        signals.wake.signal()
    }

    /// Stops delivery, then runs `onCancel`. When it returns the handler is no longer called, unless it is
    /// called from inside the handler, where it returns at once and the handler runs no more after it.
    /// Idempotent.
    public func cancel() {
        guard !signals.cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        signals.wake.signal()
        thread.join()
        onCancel()
    }

    deinit { cancel() }

    private static func watch(
        _ initial: [AudioDevice], signals: Signals, reportsUnlistedChanges: Bool, list: () -> [AudioDevice]?,
        handler: (DeviceEvent) -> Void
    ) {
        var known = initial
        func deliver(_ events: [DeviceEvent]) {
            for event in events where !signals.cancelled.load(ordering: .acquiring) { handler(event) }
        }
        while !signals.cancelled.load(ordering: .acquiring) {
            _ = signals.wake.wait(timeoutNanoseconds: 500_000_000)
            if signals.serverGone.load(ordering: .acquiring) {
                deliver(known.map { .removed(id: $0.id) } + [.listChanged])
                return
            }
            guard signals.changed.exchange(false, ordering: .acquiringAndReleasing),
                !signals.cancelled.load(ordering: .acquiring), let current = list()
            else { continue }
            // The server may have gone while listing: a partial list must not read as removals.
            if signals.serverGone.load(ordering: .acquiring) { continue }
            let events = DeviceEvent.changes(from: known, to: current)
            known = current
            deliver(events.isEmpty && reportsUnlistedChanges ? [.listChanged] : events)
        }
    }

    private final class Signals: Sendable {
        let changed = Atomic<Bool>(false)
        let serverGone = Atomic<Bool>(false)
        let cancelled = Atomic<Bool>(false)
        let wake = WakeSignal()
    }
}
