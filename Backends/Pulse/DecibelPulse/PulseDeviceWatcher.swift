import CPulse
import DecibelCore

/// Tells Core's `DeviceListWatcher` when the server's sinks, sources or defaults change (a context
/// subscription) and when the connection to the server is lost. The subscription callback runs on the
/// mainloop thread and only flags the change; the watcher's thread lists the devices again.
final class PulseDeviceWatcher: Sendable {
    private let connection: PulseConnection
    private let watcher: DeviceListWatcher

    init(connection: PulseConnection, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        self.connection = connection
        do throws(AudioError) {
            watcher = try DeviceListWatcher(
                name: "pulse-devices", devices: connection.devices(), list: { try? connection.devices() },
                onCancel: { connection.close() }, handler: handler)
        } catch {
            connection.close()
            throw error
        }
        // Weak: the connection keeps its failure handler for its life, and the watcher's onCancel keeps
        // the connection.
        connection.onFailure { [weak watcher] _ in watcher?.serverLost() }
        connection.locked { subscribe() }
        // What happened between the first list and the hooks: a change is listed again, a death reported.
        if connection.hasFailed { watcher.serverLost() } else { watcher.listMayHaveChanged() }
    }

    /// Stops events and disconnects. Idempotent; safe from inside the handler.
    func cancel() { watcher.cancel() }

    /// Mainloop lock held.
    private func subscribe() {
        let api = connection.api
        api.pa_context_set_subscribe_callback(
            connection.context,
            { _, _, _, userdata in
                guard let userdata else { return }
                Unmanaged<DeviceListWatcher>.fromOpaque(userdata).takeUnretainedValue().listMayHaveChanged()
            }, Unmanaged.passUnretained(watcher).toOpaque())
        let mask = pa_subscription_mask_t(
            rawValue: PA_SUBSCRIPTION_MASK_SINK.rawValue | PA_SUBSCRIPTION_MASK_SOURCE.rawValue
                | PA_SUBSCRIPTION_MASK_SERVER.rawValue)
        if let operation = api.pa_context_subscribe(connection.context, mask, nil, nil) {
            api.pa_operation_unref(operation)
        }
    }
}
