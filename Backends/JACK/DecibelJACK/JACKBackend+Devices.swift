import CJACK
import DecibelCore

extension JACKBackend {
    static func devices(from clients: [JACKPhysicalClient], sampleRate: Double) -> [AudioDevice] {
        func preferred(_ hasPorts: (JACKPhysicalClient) -> Bool) -> String? {
            clients.first { $0.name == "system" && hasPorts($0) }?.name ?? clients.first(where: hasPorts)?.name
        }
        let defaultInput = preferred { !$0.capturePorts.isEmpty }
        let defaultOutput = preferred { !$0.playbackPorts.isEmpty }
        return clients.map { client in
            let direction: AudioDirection =
                client.capturePorts.isEmpty ? .output : (client.playbackPorts.isEmpty ? .input : .duplex)
            return AudioDevice(
                id: client.name, name: "JACK \(client.name) ports", backend: "jack", direction: direction,
                inputChannelCount: client.capturePorts.count, outputChannelCount: client.playbackPorts.count,
                sampleRates: [sampleRate], preferredSampleRate: sampleRate, sampleTypes: [.float32],
                isDefaultInput: client.name == defaultInput, isDefaultOutput: client.name == defaultOutput)
        }
    }

    /// The physical ports grouped by client, as devices with the server's rate. Opens a short-lived
    /// client for the query, so the list is always current.
    /// - Throws: `AudioError` of kind `backendUnavailable` when libjack is missing or no server runs, or
    ///   `backendError` when the server refuses the query client.
    public func devices() throws(AudioError) -> [AudioDevice] {
        let client = try openClient(suffix: "query")
        defer { client.close() }
        return client.devices()
    }

    /// Reports physical ports and clients appearing and vanishing, from a monitor client named
    /// `<clientName>-monitor`. Events arrive on a worker thread until the observation is cancelled.
    /// - Throws: `AudioError` of kind `backendUnavailable` when libjack is missing or no server runs, or
    ///   `backendError` when the server refuses or cannot activate the monitor client, or its worker thread
    ///   cannot start.
    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        let watcher = try JACKDeviceWatcher(client: openClient(suffix: "monitor"), handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
