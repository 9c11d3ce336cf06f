import DecibelCore
import Synchronization

/// A source whose samples come from a closure called on the render thread for every slice.
///
/// The closure receives the output view (all channels, zeroed) and the engine sample time of its first
/// frame; or, created with `init(renderer:)`, an `AudioRenderer` value the node owns gets a
/// `RenderContext` (no input; the graph's sample time and rate; as host time, when the block's first frame
/// reaches the output: the callback's time plus the output latency). Either runs on the real-time thread:
/// it must not allocate, lock, wait or do I/O. TAAE's `AEBlockChannel`; `BlockFilter` is its filter.
public final class BlockSource: RenderNode, @unchecked Sendable {
    /// Linear volume applied after the closure (0 … 4, default 1).
    public let volume: AudioParameter
    /// Fills the output view: (view, the slice's timing, sample rate).
    private let fill: @Sendable (AudioBufferView, RenderTiming, Double) -> Void

    /// Creates a source of `channelCount` channels filled by `fill`.
    public convenience init(
        channelCount: Int = 2, startsImmediately: Bool = true,
        fill: @escaping @Sendable (AudioBufferView, Int64) -> Void
    ) {
        self.init(
            channelCount: channelCount, startsImmediately: startsImmediately,
            filling: { view, timing, _ in fill(view, timing.sampleTime) })
    }

    /// Creates a source of `channelCount` channels played by `renderer`, which the node then owns (see
    /// `AudioRenderer`).
    public convenience init<Renderer: AudioRenderer>(
        channelCount: Int = 2, startsImmediately: Bool = true, renderer: sending Renderer
    ) {
        let render = makeRenderCallback(owning: renderer)
        self.init(
            channelCount: channelCount, startsImmediately: startsImmediately,
            filling: { view, timing, rate in
                render(
                    RenderContext(
                        input: .empty, output: view, frameCount: view.frameCount,
                        timestamp: AudioTimestamp(sampleTime: timing.sampleTime, hostTime: timing.outputHostTime),
                        sampleRate: rate))
            })
    }

    private init(
        channelCount: Int, startsImmediately: Bool,
        filling fill: @escaping @Sendable (AudioBufferView, RenderTiming, Double) -> Void
    ) {
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        self.fill = fill
        super.init(
            inputBusCount: 0, channelCount: channelCount, parameters: [volume], startsImmediately: startsImmediately)
    }

    override public func process(_ context: NodeRenderContext) {
        let output = context.output
        output.clear()
        guard isStarted else {
            volume.advance(context.frameCount)
            return
        }
        fill(output, context.timing, sampleRate)
        if volume.isRamping || volume.renderValue != 1 {
            GainPan.apply(
                source: output, output: output, frames: context.frameCount, volume: volume, pan: nil, accumulate: false)
        }
    }
}
