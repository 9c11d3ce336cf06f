import DecibelCore

extension PipeWireBackend {
    public func devices() throws(AudioError) -> [AudioDevice] {
        let connection = try connect(watchRegistry: true)
        defer { connection.close() }
        return connection.withLock { connection.devices() }
    }

    public func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? {
        try devices().first {
            direction == .input
                ? $0.direction.hasInput && $0.isDefaultInput : $0.direction.hasOutput && $0.isDefaultOutput
        }
    }

    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let watcher = try PipeWireDeviceWatcher(backend: self, handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
