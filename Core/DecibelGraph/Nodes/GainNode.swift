import DecibelCore

/// Multiplies its input by a ramped linear gain.
public final class GainNode: RenderNode, @unchecked Sendable {
    /// Linear gain (0 … 16, default 1).
    public let gain: AudioParameter

    /// Creates a gain node of `channelCount` channels.
    public init(channelCount: Int = 2, gain initial: Float = 1) {
        gain = AudioParameter(
            .init(identifier: "gain", name: "Gain", range: 0...16, unit: .linearGain, defaultValue: initial))
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [gain])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(
            source: context.input(0), output: context.output, frames: context.frameCount, volume: gain, pan: nil,
            accumulate: false)
    }
}
