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
            let index =
                clients.firstIndex { $0.name == owner }
                ?? {
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
