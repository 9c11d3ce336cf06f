import DecibelCore

/// A source node whose audio comes from an `AudioRenderer` value it owns: the graph form of
/// `StreamConfiguration(renderer:)`. The renderer's `render(_:)` gets a context with no input, the
/// node's output (zeroed) and the graph's sample time and rate, on the render thread.
public final class RendererSource<Renderer: AudioRenderer>: RenderNode, @unchecked Sendable {
    /// Linear volume applied after the renderer (0 … 4, default 1).
    public let volume: AudioParameter
    // Sent in at init: only the render thread touches it from then on.
    @exclusivity(unchecked) private var renderer: Renderer

    /// Creates a source of `channelCount` channels that owns `renderer`.
    public init(channelCount: Int = 2, startsImmediately: Bool = true, renderer: sending Renderer) {
        volume = AudioParameter(.init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        self.renderer = renderer
        super.init(inputBusCount: 0, channelCount: channelCount, parameters: [volume], startsImmediately: startsImmediately)
    }

    override public func process(_ context: NodeRenderContext) {
        let output = context.output
        output.clear()
        guard isStarted else {
            volume.advance(context.frameCount)
            return
        }
        renderer.render(RenderContext(
            input: .empty, output: output, frameCount: context.frameCount,
            timestamp: AudioTimestamp(sampleTime: context.sampleTime, hostTime: MonotonicClock.now()), sampleRate: sampleRate))
        if volume.isRamping || volume.renderValue != 1 {
            GainPan.apply(source: output, output: output, frames: context.frameCount, volume: volume, pan: nil, accumulate: false)
        }
    }
}
