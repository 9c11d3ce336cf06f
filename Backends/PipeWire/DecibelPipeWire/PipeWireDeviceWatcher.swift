import DecibelCore

/// Keeps one registry-watching connection open and tells Core's `DeviceListWatcher` when the registry
/// changes or the daemon goes away. The watcher's thread lets a burst settle (one round trip) before it
/// lists the nodes again, so the handler never runs on PipeWire's thread and may be slow.
final class PipeWireDeviceWatcher: Sendable {
    private let connection: PipeWireConnection
    private let watcher: DeviceListWatcher

    init(backend: PipeWireBackend, handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) {
        let connection = try backend.connect(name: backend.options.clientName + " device watcher", watchRegistry: true)
        self.connection = connection
        do throws(AudioError) {
            watcher = try DeviceListWatcher(
                name: "pw-devices", devices: connection.withLock { connection.devices() },
                list: {
                    try? connection.roundTrip()  // let the nodes' info and the metadata that follow arrive too
                    return connection.withLock { connection.devices() }
                },
                onCancel: { connection.close() }, handler: handler)
        } catch {
            connection.close()
            throw error
        }
        connection.withLock {
            connection.onChange = { [watcher] in watcher.listMayHaveChanged() }
            connection.onFailure = { [watcher] _ in watcher.serverLost() }
            // What happened between the first list and the hooks: a change is listed again, a death reported.
            if connection.failure != nil { watcher.serverLost() } else { watcher.listMayHaveChanged() }
        }
    }

    /// Stops delivery and closes the connection; returns once the handler is no longer called.
    func cancel() {
        connection.withLock {
            connection.onChange = nil
            connection.onFailure = nil
        }
        watcher.cancel()
    }
}
