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
        firstOutput = audioInputs
        firstControl = audioInputs + audioOutputs
        midiIndex = hasMIDI ? firstControl + parameters.count : nil
        latencyIndex = hasLatency ? firstControl + parameters.count + (hasMIDI ? 1 : 0) : nil
        portCount = firstControl + parameters.count + (hasMIDI ? 1 : 0) + (hasLatency ? 1 : 0)
    }

    // Stored, not computed: `run` reads them every block.
    let firstOutput: Int
    let firstControl: Int
    let midiIndex: Int?
    let latencyIndex: Int?
    let portCount: Int
}
