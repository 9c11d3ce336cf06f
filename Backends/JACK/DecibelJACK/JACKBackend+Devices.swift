import CJACK
import DecibelCore

/// The physical ports of one JACK client: what Decibel calls a device.
struct JACKPhysicalClient: Hashable, Sendable {
    /// The client part of the port names (`system`); the device id.
    var name: String
    /// Physical capture ports (JACK outputs), full names in server order.
    var capturePorts: [String]
    /// Physical playback ports (JACK inputs), full names in server order.
    var playbackPorts: [String]
}

extension JACKClient {
    /// The physical audio ports grouped by the client that owns them, in the server's order.
    func physicalClients() -> [JACKPhysicalClient] {
        let capture = ports(flags: JackPortFlags(rawValue: JackPortIsPhysical.rawValue | JackPortIsOutput.rawValue))
        let playback = ports(flags: JackPortFlags(rawValue: JackPortIsPhysical.rawValue | JackPortIsInput.rawValue))
        var clients: [JACKPhysicalClient] = []
        func add(_ port: String, capture: Bool) {
            let owner = String(port.prefix { $0 != ":" })
            let index = clients.firstIndex { $0.name == owner } ?? {
                clients.append(JACKPhysicalClient(name: owner, capturePorts: [], playbackPorts: []))
                return clients.count - 1
            }()
            if capture { clients[index].capturePorts.append(port) } else { clients[index].playbackPorts.append(port) }
        }
        for port in capture { add(port, capture: true) }
        for port in playback { add(port, capture: false) }
        return clients
    }

    /// Devices for the physical clients: `system` (or else the first client with such ports) is the default.
    func devices() -> [AudioDevice] {
        JACKBackend.devices(from: physicalClients(), sampleRate: sampleRate)
    }
}

extension JACKBackend {
    static func devices(from clients: [JACKPhysicalClient], sampleRate: Double) -> [AudioDevice] {
        func preferred(_ hasPorts: (JACKPhysicalClient) -> Bool) -> String? {
            clients.first { $0.name == "system" && hasPorts($0) }?.name ?? clients.first(where: hasPorts)?.name
        }
        let defaultInput = preferred { !$0.capturePorts.isEmpty }
        let defaultOutput = preferred { !$0.playbackPorts.isEmpty }
        return clients.map { client in
            let direction: AudioDirection = client.capturePorts.isEmpty ? .output : (client.playbackPorts.isEmpty ? .input : .duplex)
            return AudioDevice(
                id: client.name, name: "JACK \(client.name) ports", backend: "jack", direction: direction,
                inputChannelCount: client.capturePorts.count, outputChannelCount: client.playbackPorts.count,
                sampleRates: [sampleRate], preferredSampleRate: sampleRate, sampleTypes: [.float32],
                isDefaultInput: client.name == defaultInput, isDefaultOutput: client.name == defaultOutput)
        }
    }

    /// The physical ports grouped by client, as devices with the server's rate. Opens a short-lived
    /// client for the query, so the list is always current.
    public func devices() throws(AudioError) -> [AudioDevice] {
        let client = try openClient(suffix: "query")
        defer { client.close() }
        return client.devices()
    }

    /// The device JACK programs treat as default for `direction`: `system`, else the first client with
    /// physical ports that way.
    public func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? {
        try devices().first { $0.isDefault(for: direction) }
    }
}
