// The example delay: the graph's stereo delay (time, feedback, dry/wet mix) becomes a plugin with a
// declaration and nothing else.
import DecibelGraph
import DecibelPluginAuthoring

public let delayPlugin = LV2PluginDefinition(
    uri: "urn:decibel:examples:delay", name: "Decibel Stereo Delay", category: .delay,
    designations: ["time": .delay, "mix": .wetDryRatio]
) { DelayNode(time: 0.25, feedback: 0.3, mix: 0.5, maximumDelay: 2, channelCount: 2) }
