import DecibelCore

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
        GainPan.apply(
            source: context.input(0), output: context.output, frames: context.frameCount, volume: nil, pan: pan,
            accumulate: false)
    }
}
