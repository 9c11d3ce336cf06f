import DecibelCore

/// Multiplies its input by a ramped linear gain, its `volume`.
public final class GainNode: RenderNode, @unchecked Sendable {
    /// Linear gain (0 … 4, default 1), by the same name and in the same range as every volume in Decibel
    /// (players, groups, mixer inputs, `Output`, the CLI's `--volume`).
    public let volume: AudioParameter

    /// Creates a gain node of `channelCount` channels at `volume`.
    public init(channelCount: Int = 2, volume initial: Float = 1) {
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: initial))
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [volume])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(
            source: context.input(0), output: context.output, frames: context.frameCount, volume: volume, pan: nil,
            accumulate: false)
    }
}
