import DecibelCore

extension JACKBackend {
    /// Reports physical ports and clients appearing and vanishing, from a monitor client named
    /// `<clientName>-monitor`. Events arrive on a worker thread until the observation is cancelled.
    public func observeDevices(_ handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) -> DeviceObservation {
        let watcher = try JACKDeviceWatcher(client: openClient(suffix: "monitor"), handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
