import DecibelCore

/// A filter whose processing is a closure or a value you write: an `AudioRenderer` the node owns gets each slice's input
/// (what is connected to bus 0, or the group it filters) and output, with the engine's sample time and, as
/// host time, when the slice's first frame reaches the output (the callback's time plus the output
/// latency). TAAE's `AEBlockFilter`, as `BlockSource` is its `AEBlockChannel`.
///
/// ```swift
/// struct Tremolo: AudioRenderer {
///     var phase = 0.0
///     mutating func render(_ context: RenderContext) {
///         let step = 5 / context.sampleRate
///         for frame in 0..<context.frameCount {
///             let gain = Float(0.75 + 0.25 * sin(2 * .pi * phase))
///             for channel in 0..<context.output.channelCount {
///                 context.output[channel][frame] = context.input[channel][frame] * gain
///             }
///             phase += step
///         }
///     }
/// }
/// try engine.mainGroup.setFilters([BlockFilter(renderer: Tremolo())])
/// ```
///
/// The renderer runs on the real-time thread: it must not allocate, lock, wait or do I/O. Its input has the
/// channels of what feeds it; a renderer that writes fewer output channels than the node has leaves the
/// others silent.
public final class BlockFilter: RenderNode, @unchecked Sendable {
    private let render: RenderCallback

    /// Creates a filter of `channelCount` channels processed by `renderer`, which the node then owns.
    public init<Renderer: AudioRenderer>(channelCount: Int = 2, renderer: sending Renderer) {
        render = makeRenderCallback(owning: renderer)
        super.init(inputBusCount: 1, channelCount: channelCount)
    }

    /// Creates a filter of `channelCount` channels processed by `process(input, output, timestamp)`, whose
    /// output arrives zeroed; the timestamp's host time is when the slice's first frame reaches the output.
    public convenience init(
        channelCount: Int = 2,
        process: @escaping @Sendable (AudioBufferView, AudioBufferView, AudioTimestamp) -> Void
    ) {
        self.init(channelCount: channelCount, renderer: ClosureRenderer(process: process))
    }

    private struct ClosureRenderer: AudioRenderer {
        let process: @Sendable (AudioBufferView, AudioBufferView, AudioTimestamp) -> Void
        mutating func render(_ context: RenderContext) { process(context.input, context.output, context.timestamp) }
    }

    override public func process(_ context: NodeRenderContext) {
        context.output.clear()
        render(
            RenderContext(
                input: context.input(0), output: context.output, frameCount: context.frameCount,
                timestamp: AudioTimestamp(sampleTime: context.sampleTime, hostTime: context.timing.outputHostTime),
                sampleRate: sampleRate))
    }
}
