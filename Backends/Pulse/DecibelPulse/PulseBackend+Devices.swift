import DecibelCore

extension PulseBackend {
    public func devices() throws(AudioError) -> [AudioDevice] {
        let connection = try connect()
        defer { connection.close() }
        return try connection.devices()
    }

    public func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? {
        try devices().first { $0.direction == (direction == .input ? .input : .output) && $0.isDefault(for: direction) }
    }

    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let watcher = try PulseDeviceWatcher(connection: connect(), handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
