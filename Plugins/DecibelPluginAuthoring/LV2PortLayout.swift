import DecibelGraph

/// Where each of a plugin's ports sits, in the order the Turtle description and `connect_port` use:
/// audio inputs, audio outputs, one control input per parameter, then the MIDI input and the latency output.
struct LV2PortLayout: Sendable {
    let audioInputs: Int
    let audioOutputs: Int
    let parameters: [ParameterInfo]
    let hasMIDI: Bool
    let hasLatency: Bool

    init(node: RenderNode, definition: LV2PluginDefinition) {
        precondition(
            node.inputBusCount <= 1, "LV2PluginDefinition \(definition.uri): a plugin node has at most one input bus")
        audioInputs = node.inputBusCount > 0 ? node.channelCount : 0
        audioOutputs = node.channelCount
        parameters = node.parameters.map(\.info)
        hasMIDI = definition.receivesMIDI
        hasLatency = definition.reportsLatency
    }

    var firstOutput: Int { audioInputs }
    var firstControl: Int { audioInputs + audioOutputs }
    var midiIndex: Int? { hasMIDI ? firstControl + parameters.count : nil }
    var latencyIndex: Int? { hasLatency ? firstControl + parameters.count + (hasMIDI ? 1 : 0) : nil }
    var portCount: Int { firstControl + parameters.count + (hasMIDI ? 1 : 0) + (hasLatency ? 1 : 0) }
}
