import CJACK
import DecibelCore
import Synchronization

/// Tells Core's `DeviceListWatcher` when a JACK server's clients or ports come and go, and when the server
/// shuts down. JACK's notification callbacks may not call the server, so that is all they do; the watcher's
/// thread lists the physical ports again.
final class JACKDeviceWatcher: Sendable {
    private let client: JACKClient
    private let watcher: DeviceListWatcher
    private let serverGone = Atomic<Bool>(false)

    init(client: JACKClient, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        self.client = client
        do throws(AudioError) {
            watcher = try DeviceListWatcher(
                name: "jack-devices", devices: client.devices(), list: { client.devices() }, handler: handler)
        } catch {
            client.close()
            throw error
        }
        let api = client.api
        let argument = Unmanaged.passUnretained(self).toOpaque()
        _ = api.jack_set_port_registration_callback(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue().watcher.listMayHaveChanged()
            }, argument)
        _ = api.jack_set_client_registration_callback(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue().watcher.listMayHaveChanged()
            }, argument)
        api.jack_on_info_shutdown(
            client.handle,
            { _, _, argument in
                guard let argument else { return }
                let monitor = Unmanaged<JACKDeviceWatcher>.fromOpaque(argument).takeUnretainedValue()
                monitor.serverGone.store(true, ordering: .releasing)
                monitor.watcher.serverLost()
            }, argument)
        let result = api.jack_activate(client.handle)
        guard result == 0 else {
            watcher.cancel()
            client.close()
            throw AudioError(
                .backendError, "cannot activate the JACK device monitor client", backend: "jack", code: result)
        }
    }

    /// Stops the watcher and closes the client (with a bounded wait if the server is gone).
    func cancel() {
        watcher.cancel()
        let timeout: UInt64 = serverGone.load(ordering: .acquiring) ? 300_000_000 : 2_000_000_000
        // A client that did not close may still call back: keep what its callbacks point at.
        if !client.close(timeoutNanoseconds: timeout) { _ = Unmanaged.passRetained(self) }
    }
}
