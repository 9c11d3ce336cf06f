// The DSP of the example gain plugin, apart from the LV2 entry point (GainPlugin): the node is the whole
// plugin, its parameter becomes the control port and `process` runs on already-sliced, already-ramped blocks.
import DecibelGraph
import DecibelPluginAuthoring
import Glibc

/// A mono gain, -60 … +12 dB, ramped over 20 ms.
public final class Gain: RenderNode, @unchecked Sendable {
    public let gain = AudioParameter(
        .init(identifier: "gain", name: "Gain", range: -60...12, unit: .decibels, defaultValue: 0), rampDuration: 0.02)

    private var steadyDecibels = Float.nan, steadyFactor: Float = 0

    public init() { super.init(inputBusCount: 1, channelCount: 1, parameters: [gain]) }

    override public func process(_ context: NodeRenderContext) {
        let input = context.input(0).samples(0), output = context.output.samples(0)
        if !gain.isRamping {
            // A steady gain: one factor for the slice, computed again only when the value moved.
            if gain.renderValue != steadyDecibels {
                steadyDecibels = gain.renderValue
                steadyFactor = decibelsToFactor(steadyDecibels)
            }
            for frame in 0..<context.frameCount { output[frame] = input[frame] * steadyFactor }
            gain.advance(context.frameCount)
            return
        }
        for frame in 0..<context.frameCount { output[frame] = input[frame] * decibelsToFactor(gain.next()) }
    }

    private func decibelsToFactor(_ decibels: Float) -> Float {
        decibels <= -60 ? 0 : powf(10, decibels / 20)
    }
}

public let gainPlugin = LV2PluginDefinition(
    uri: "urn:decibel:examples:gain", name: "Decibel Gain", category: .amplifier
) {
    Gain()
}
