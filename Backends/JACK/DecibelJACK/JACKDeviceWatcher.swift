import CJACK
import DecibelCore
import Synchronization

/// Watches a JACK server for port and client (de)registration and turns them into `DeviceEvent`s.
///
/// JACK's notification callbacks may not call the server, so they only raise a flag and wake a worker
/// thread; the worker lists the physical ports again and reports what was added, removed or changed.
final class JACKDeviceWatcher: @unchecked Sendable {
    private let client: JACKClient
    private let handler: @Sendable (DeviceEvent) -> Void
    private let dirty = Atomic<Bool>(false)
    private let serverGone = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private var worker: AudioThread?
    private var known: [AudioDevice]  // worker thread only after start

    init(client: JACKClient, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        self.client = client
        self.handler = handler
        known = client.devices()
        let api = client.api
        let argument = Unmanaged.passUnretained(self).toOpaque()
        _ = api.jack_set_port_registration_callback(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue().markDirty()
            }, argument)
        _ = api.jack_set_client_registration_callback(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue().markDirty()
            }, argument)
        api.jack_on_info_shutdown(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                let monitor = Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue()
                monitor.serverGone.store(true, ordering: .releasing)
                monitor.wake.signal()
            }, argument)
        let result = api.jack_activate(client.handle)
        guard result == 0 else {
            client.close()
            throw AudioError(
                .backendError, "cannot activate the JACK device monitor client", backend: "jack", code: result)
        }
        worker = try AudioThread(name: "jack-devices") { [self] in run() }
    }

    private func markDirty() {
        dirty.store(true, ordering: .releasing)
        wake.signal()
    }

    private func run() {
        while !stopping.load(ordering: .acquiring) {
            wake.wait(timeoutNanoseconds: 500_000_000)
            if stopping.load(ordering: .acquiring) { return }
            if serverGone.load(ordering: .acquiring) {
                for device in known { handler(.removed(id: device.id)) }
                known = []
                handler(.listChanged)
                return
            }
            guard dirty.exchange(false, ordering: .acquiringAndReleasing) else { continue }
            let now = client.devices()
            for event in DeviceEvent.changes(from: known, to: now) { handler(event) }
            known = now
        }
    }

    /// Stops the worker and closes the client (with a bounded wait if the server is gone).
    func cancel() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        worker?.join()
        let timeout: UInt64 = serverGone.load(ordering: .acquiring) ? 300_000_000 : 2_000_000_000
        if !client.close(timeoutNanoseconds: timeout) { _ = Unmanaged.passRetained(self) }
    }
}
