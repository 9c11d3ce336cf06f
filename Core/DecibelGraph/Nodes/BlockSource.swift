import DecibelCore
import Synchronization

/// A source whose samples come from a closure called on the render thread for every slice.
///
/// The closure receives the output view (all channels, zeroed) and the engine sample time of its first
/// frame. It runs on the real-time thread: it must not allocate, lock, wait or do I/O.
public final class BlockSource: RenderNode, @unchecked Sendable {
    /// Linear volume applied after the closure (0 … 4, default 1).
    public let volume: AudioParameter
    private let fill: @Sendable (AudioBufferView, Int64) -> Void

    /// Creates a source of `channelCount` channels filled by `fill`.
    public init(channelCount: Int = 2, startsImmediately: Bool = true, fill: @escaping @Sendable (AudioBufferView, Int64) -> Void) {
        volume = AudioParameter(.init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        self.fill = fill
        super.init(inputBusCount: 0, channelCount: channelCount, parameters: [volume], startsImmediately: startsImmediately)
    }

    override public func process(_ context: NodeRenderContext) {
        let output = context.output
        output.clear()
        guard isStarted else {
            volume.advance(context.frameCount)
            return
        }
        fill(output, context.sampleTime)
        if volume.isRamping || volume.renderValue != 1 {
            GainPan.apply(source: output, output: output, frames: context.frameCount, volume: volume, pan: nil, accumulate: false)
        }
    }
}
