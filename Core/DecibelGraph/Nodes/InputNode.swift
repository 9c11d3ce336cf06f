import DecibelCore

/// The device input as a source: copies what the stream captured (silence when it captures nothing).
/// Route it into a group for monitoring (`AudioEngine.setPlaythrough`) or tap it to record.
public final class InputNode: RenderNode, @unchecked Sendable {
    /// Linear volume applied to the captured signal (0 … 4, default 1).
    public let volume: AudioParameter

    /// Creates an input node of `channelCount` channels.
    public init(channelCount: Int) {
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        super.init(inputBusCount: 0, channelCount: channelCount, parameters: [volume])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(
            source: context.deviceInput, output: context.output, frames: context.frameCount, volume: volume, pan: nil,
            accumulate: false)
    }
}
