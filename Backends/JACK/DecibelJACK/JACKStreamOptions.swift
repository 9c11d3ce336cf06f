/// Where a stream's ports are connected when it starts.
public enum JACKConnections: Sendable, Hashable {
    /// To the physical ports of the configured device (or the default device), channel by channel.
    case automatic
    /// Nowhere: connect them yourself (with `jack_connect`, a patchbay, or another program).
    case none
    /// Channel `i` to the full port name at index `i` (`"system:playback_1"`, `"other:in_1"`); an empty
    /// string leaves that channel unconnected.
    case ports([String])
}

/// JACK-specific choices for a stream, beyond the generic `StreamConfiguration`.
public struct JACKStreamOptions: Sendable, Hashable {
    /// The JACK client name; `nil` uses the configuration's `name`. The server may add a suffix when the
    /// name is taken, unless `exactClientName` is set (then opening fails instead).
    public var clientName: String?
    /// Fail instead of accepting a suffixed client name.
    public var exactClientName: Bool
    /// Short names of the output ports; `nil` means `out_1`, `out_2`, …
    public var outputPortNames: [String]?
    /// Short names of the input ports; `nil` means `in_1`, `in_2`, …
    public var inputPortNames: [String]?
    /// Where output ports connect on `start()`.
    public var outputConnections: JACKConnections
    /// Where input ports connect from on `start()`.
    public var inputConnections: JACKConnections

    /// Creates options: automatic connections and default names.
    public init(
        clientName: String? = nil, exactClientName: Bool = false,
        outputPortNames: [String]? = nil, inputPortNames: [String]? = nil,
        outputConnections: JACKConnections = .automatic, inputConnections: JACKConnections = .automatic
    ) {
        self.clientName = clientName
        self.exactClientName = exactClientName
        self.outputPortNames = outputPortNames
        self.inputPortNames = inputPortNames
        self.outputConnections = outputConnections
        self.inputConnections = inputConnections
    }

    /// Whether both directions connect automatically; setting it to `false` turns both to `.none`,
    /// `true` turns both to `.automatic`.
    public var autoConnect: Bool {
        get { outputConnections == .automatic && inputConnections == .automatic }
        set {
            outputConnections = newValue ? .automatic : .none
            inputConnections = newValue ? .automatic : .none
        }
    }
}
