import CJACK
import DecibelCore

/// The port names a stream registers and the peers they connect to, worked out when the stream opens.
struct JACKPortWiring: Sendable {
    /// Short names of the ports to register.
    var outputPortNames: [String]
    var inputPortNames: [String]
    /// Per output channel, the peer input port to connect to (`nil`: leave unconnected).
    var outputPeers: [String?]
    /// Per input channel, the peer output port to connect from (`nil`: leave unconnected).
    var inputPeers: [String?]

    init(configuration: StreamConfiguration, options: JACKStreamOptions, client: JACKClient) throws(AudioError) {
        let outputs = configuration.direction.hasOutput ? configuration.outputChannelCount : 0
        let inputs = configuration.direction.hasInput ? configuration.inputChannelCount : 0
        outputPortNames = try Self.names(options.outputPortNames, prefix: "out", count: outputs)
        inputPortNames = try Self.names(options.inputPortNames, prefix: "in", count: inputs)

        var physical: [JACKPhysicalClient]?
        func device(_ id: String?, capture: Bool) throws(AudioError) -> [String] {
            let clients = physical ?? client.physicalClients()
            physical = clients
            let devices = JACKBackend.devices(from: clients, sampleRate: client.sampleRate)
            let wanted = id ?? devices.first { capture ? $0.isDefaultInput : $0.isDefaultOutput }?.id
            guard let wanted else { return [] }  // no physical ports at all: nothing to connect to
            guard let match = clients.first(where: { $0.name == wanted }) else {
                throw AudioError.deviceNotFound(wanted, backend: "jack", available: devices.map(\.id))
            }
            let ports = capture ? match.capturePorts : match.playbackPorts
            if ports.isEmpty {
                throw AudioError(
                    .unsupportedConfiguration,
                    "JACK device '\(wanted)' has no physical \(capture ? "capture" : "playback") ports", backend: "jack"
                )
            }
            return ports
        }
        func peers(
            _ connections: JACKConnections, count: Int, device id: String?, capture: Bool
        ) throws(AudioError) -> [String?] {
            switch connections {
            case .none: return Array(repeating: nil, count: count)
            case .ports(let names): return (0..<count).map { $0 < names.count && !names[$0].isEmpty ? names[$0] : nil }
            case .automatic:
                let ports = try device(id, capture: capture)
                return (0..<count).map { $0 < ports.count ? ports[$0] : nil }
            }
        }
        outputPeers = try peers(
            options.outputConnections, count: outputs, device: configuration.outputDevice, capture: false)
        inputPeers = try peers(
            options.inputConnections, count: inputs, device: configuration.inputDevice, capture: true)
    }

    private static func names(_ given: [String]?, prefix: String, count: Int) throws(AudioError) -> [String] {
        guard let given else { return (0..<count).map { "\(prefix)_\($0 + 1)" } }
        guard given.count == count, Set(given).count == count, !given.contains(where: \.isEmpty) else {
            throw AudioError(
                .invalidArgument, "need \(count) distinct, non-empty \(prefix)put port names, got \(given)",
                backend: "jack")
        }
        return given
    }
}
