import DecibelCore

extension PulseBackend {
    public func devices() throws(AudioError) -> [AudioDevice] {
        let connection = try connect()
        defer { connection.close() }
        return try connection.devices()
    }

    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let watcher = try PulseDeviceWatcher(connection: connect(), handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
