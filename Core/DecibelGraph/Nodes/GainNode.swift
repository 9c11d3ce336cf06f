import DecibelCore
/// Multiplies its input by a ramped linear gain.
public final class GainNode: RenderNode, @unchecked Sendable {
    /// Linear gain (0 … 16, default 1).
    public let gain: AudioParameter

    /// Creates a gain node of `channelCount` channels.
    public init(channelCount: Int = 2, gain initial: Float = 1) {
        gain = AudioParameter(.init(identifier: "gain", name: "Gain", range: 0...16, unit: .linearGain, defaultValue: initial))
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [gain])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(source: context.input(0), output: context.output, frames: context.frameCount, volume: gain, pan: nil, accumulate: false)
    }
}

/// Places its input in the stereo field with Decibel's `PanLaw`.
public final class PanNode: RenderNode, @unchecked Sendable {
    /// Position (-1 left … 1 right, default 0).
    public let pan: AudioParameter

    /// Creates a stereo pan node.
    public init(pan initial: Float = 0) {
        pan = AudioParameter(.init(identifier: "pan", name: "Pan", range: -1...1, unit: .pan, defaultValue: initial))
        super.init(inputBusCount: 1, channelCount: 2, parameters: [pan])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(source: context.input(0), output: context.output, frames: context.frameCount, volume: nil, pan: pan, accumulate: false)
    }
}
