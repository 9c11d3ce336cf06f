import CLilv
import DecibelCore
import DecibelGraph

/// An installed LV2 plugin as its description says: what it is, its ports and what it needs of a host.
public struct PluginInfo: Hashable, Sendable, Codable {
    /// The plugin's URI, its identity (`http://plugin.org.uk/swh-plugins/amp`).
    public let uri: String
    /// Its name (`Simple amplifier`).
    public let name: String
    /// Its class label (`Amplifier`, `Instrument`, `Equaliser`, …).
    public let className: String
    /// Its author, when the description names one.
    public let author: String?
    /// Every port in index order.
    public let ports: [PluginPort]
    /// Host features the plugin cannot run without.
    public let requiredFeatures: [String]
    /// The required features Decibel does not provide (empty: the plugin can be hosted).
    public let missingFeatures: [String]
    /// The control output port that reports the plugin's latency in frames, if any.
    public let latencyPortIndex: Int?

    /// Audio inputs.
    public var audioInputCount: Int { ports.count { $0.kind == .audioInput } }
    /// Audio outputs.
    public var audioOutputCount: Int { ports.count { $0.kind == .audioOutput } }
    /// Whether an atom input takes MIDI (an instrument, or an effect that listens to MIDI).
    public var acceptsMIDI: Bool { ports.contains { $0.kind == .atomInput && $0.acceptsMIDI } }
}

/// One port of a plugin.
public struct PluginPort: Hashable, Sendable, Codable {
    /// What flows through a port, and which way.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Audio in (one channel).
        case audioInput
        /// Audio out (one channel).
        case audioOutput
        /// A control value the host sets (a parameter).
        case controlInput
        /// A control value the plugin reports (a meter, its latency).
        case controlOutput
        /// Events in (MIDI, patch messages).
        case atomInput
        /// Events out.
        case atomOutput
        /// A control signal in, at audio rate.
        case cvInput
        /// A control signal out, at audio rate.
        case cvOutput
        /// Anything else.
        case other
    }

    /// Index in the plugin.
    public let index: Int
    /// Symbol (a stable identifier: `gain`); parameters are named after it.
    public let symbol: String
    /// Human name (`Amps gain (dB)`).
    public let name: String
    /// What the port carries.
    public let kind: Kind
    /// Lowest value of a control port.
    public let minimum: Float?
    /// Highest value of a control port.
    public let maximum: Float?
    /// Default value of a control port.
    public let defaultValue: Float?
    /// An atom input that takes MIDI events.
    public let acceptsMIDI: Bool
    /// A control that is on or off.
    public let isToggle: Bool
    /// A control that takes whole numbers.
    public let isInteger: Bool
    /// The control's unit as the plugin declares it (the last part of its LV2 units URI: `db`, `hz`, `ms`,
    /// `s`, `pc`, `coef`, `semitone12TET`, …), if it declares one.
    public let unit: String?

    /// The unit a parameter made from this port carries.
    var parameterUnit: ParameterUnit {
        switch unit {
        case "db": .decibels
        case "hz": .hertz
        case "s": .seconds
        case "coef": .linearGain
        default: isToggle ? .boolean : .generic
        }
    }
}

extension PluginInfo {
    /// Reads `plugin`'s description (under the world's lock).
    init(_ plugin: OpaquePointer, world: LV2World) throws(AudioError) {
        let api = world.api, nodes = world.nodes
        (uri, name, className, author, ports, requiredFeatures, latencyPortIndex) = try world.withLock {
            let uri = world.string(api.lilv_plugin_get_uri(plugin)) ?? "?"
            let nameNode = api.lilv_plugin_get_name(plugin)
            defer { api.lilv_node_free(nameNode) }
            let className =
                api.lilv_plugin_get_class(plugin).flatMap { world.string(api.lilv_plugin_class_get_label($0)) }
                ?? "Plugin"
            let authorNode = api.lilv_plugin_get_author_name(plugin)
            defer { if let authorNode { api.lilv_node_free(authorNode) } }
            var ports: [PluginPort] = []
            for index in 0..<api.lilv_plugin_get_num_ports(plugin) {
                guard let port = api.lilv_plugin_get_port_by_index(plugin, index) else { continue }
                func isA(_ node: OpaquePointer) -> Bool { api.lilv_port_is_a(plugin, port, node) }
                let input = isA(nodes.input)
                let kind: PluginPort.Kind =
                    isA(nodes.audio)
                    ? (input ? .audioInput : .audioOutput)
                    : isA(nodes.control)
                        ? (input ? .controlInput : .controlOutput)
                        : isA(nodes.atom)
                            ? (input ? .atomInput : .atomOutput)
                            : isA(nodes.cv) ? (input ? .cvInput : .cvOutput) : .other
                var lowest: OpaquePointer?, highest: OpaquePointer?, fallback: OpaquePointer?
                api.lilv_port_get_range(plugin, port, &fallback, &lowest, &highest)
                func number(_ node: OpaquePointer?) -> Float? {
                    guard let node else { return nil }
                    defer { api.lilv_node_free(node) }
                    return api.lilv_node_is_float(node) || api.lilv_node_is_int(node)
                        ? api.lilv_node_as_float(node) : nil
                }
                let unitNode = api.lilv_port_get(plugin, port, nodes.unit)
                defer { if let unitNode { api.lilv_node_free(unitNode) } }
                let unit = unitNode.flatMap { node in
                    api.lilv_node_as_uri(node).map { String(cString: $0).split(separator: "#").last.map(String.init) }
                        ?? nil
                }
                let portName = api.lilv_port_get_name(plugin, port)
                defer { if let portName { api.lilv_node_free(portName) } }
                ports.append(
                    PluginPort(
                        index: Int(index),
                        symbol: world.string(api.lilv_port_get_symbol(plugin, port)) ?? "port\(index)",
                        name: world.string(portName) ?? "", kind: kind, minimum: number(lowest),
                        maximum: number(highest), defaultValue: number(fallback),
                        acceptsMIDI: kind == .atomInput && api.lilv_port_supports_event(plugin, port, nodes.midiEvent),
                        isToggle: api.lilv_port_has_property(plugin, port, nodes.toggled),
                        isInteger: api.lilv_port_has_property(plugin, port, nodes.integer), unit: unit))
            }
            var required: [String] = []
            if let features = api.lilv_plugin_get_required_features(plugin) {
                var iterator = api.lilv_nodes_begin(features)
                while !api.lilv_nodes_is_end(features, iterator) {
                    if let feature = world.string(api.lilv_nodes_get(features, iterator)) { required.append(feature) }
                    iterator = api.lilv_nodes_next(features, iterator)
                }
                api.lilv_nodes_free(features)
            }
            let latency =
                api.lilv_plugin_has_latency(plugin) ? Int(api.lilv_plugin_get_latency_port_index(plugin)) : nil
            return (
                uri, world.string(nameNode) ?? uri, className, world.string(authorNode), ports, required, latency
            )
        }
        missingFeatures = requiredFeatures.filter { !decibel_lv2_host_supports($0) }
    }
}

/// The LV2 plugins installed on this machine (lilv's search path: `LV2_PATH`, or `~/.lv2`,
/// `/usr/local/lib/lv2`, `/usr/lib/lv2`).
///
/// liblilv is loaded at run time: where it is missing, `availability` says so and what to install, and
/// everything else in Decibel keeps working.
public enum PluginCatalog {
    /// Whether plugins can be hosted, and if not, why.
    public static func availability(
        environment: [String: String] = BackendEnvironment.current()
    ) -> BackendAvailability {
        do {
            let world = try LV2World.shared(environment: environment)
            return .available(detail: "lilv at \(world.library.path)")
        } catch {
            return .unavailable(reason: error.description)
        }
    }

    /// The last lines plugins logged (the LV2 log extension; Decibel keeps them rather than letting
    /// plugins print to stderr), oldest first.
    public static func recentLog() -> [String] {
        var buffer = [CChar](repeating: 0, count: 64 * 512)
        let used = decibel_lv2_log_copy(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix(used).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    /// Every installed plugin, sorted by name.
    /// - Throws: `AudioError` of kind `backendUnavailable` when liblilv cannot be loaded (the message says what to
    ///   install; `DECIBEL_LILV_LIBRARY` names another file) or lilv cannot make its world.
    public static func plugins(
        environment: [String: String] = BackendEnvironment.current()
    ) throws(AudioError) -> [PluginInfo] {
        let world = try LV2World.shared(environment: environment)
        var found: [PluginInfo] = []
        for plugin in world.allPlugins() { found.append(try PluginInfo(plugin, world: world)) }
        return found.sorted { ($0.name.lowercased(), $0.uri) < ($1.name.lowercased(), $1.uri) }
    }

    /// The installed plugin with `uri`.
    /// - Throws: `AudioError` of kind `backendUnavailable` when liblilv cannot be loaded (the message says what to
    ///   install) or lilv cannot make its world, `invalidArgument` when lilv takes `uri` for no URI, or
    ///   `deviceNotFound` when no installed plugin has it (the message names it).
    public static func plugin(
        uri: String, environment: [String: String] = BackendEnvironment.current()
    ) throws(AudioError) -> PluginInfo {
        let world = try LV2World.shared(environment: environment)
        return try PluginInfo(try world.plugin(uri: uri), world: world)
    }
}
