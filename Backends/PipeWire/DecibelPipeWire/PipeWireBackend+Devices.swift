import DecibelCore

extension PipeWireBackend {
    public func devices() throws(AudioError) -> [AudioDevice] {
        let connection = try connect(watchRegistry: true)
        defer { connection.close() }
        return connection.withLock { connection.devices() }
    }

    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let watcher = try PipeWireDeviceWatcher(backend: self, handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
