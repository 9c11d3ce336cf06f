/// Render state a stream owns: an ordinary struct (or class) whose `render(_:)` the stream calls for every
/// block on its real-time thread.
///
/// Hand the value to a stream with `StreamConfiguration(renderer:)`; it is *sent* there (Swift 6's
/// `sending`), so the render thread is its only owner and neither it nor its fields need to be `Sendable`.
/// Control threads talk to it through what it holds for that purpose — a `SharedFloat` for a level or a
/// frequency, an `SPSCQueue` for messages — never by touching it directly.
///
/// ```swift
/// struct Sine: AudioRenderer {
///     var oscillator = Oscillator(frequency: 440, amplitude: 0.3)
///     let volume: SharedFloat                           // set from any thread
///
///     mutating func render(_ context: RenderContext) {
///         oscillator.sampleRate = context.sampleRate
///         oscillator.amplitude = volume.value
///         oscillator.render(into: context.output.samples(0), count: context.frameCount)
///     }
/// }
/// ```
///
/// `render(_:)` follows the real-time rules: no allocation, locks, waiting, logging or I/O.
public protocol AudioRenderer: SendableMetatype {
    /// Fills `context.output` (arriving zeroed) and reads `context.input`, on the render thread.
    mutating func render(_ context: RenderContext)
}

extension StreamConfiguration {
    /// Creates a configuration whose render callback is `renderer`, which the stream then owns: see
    /// ``AudioRenderer``. The other arguments are those of ``init(direction:device:sampleRate:channelCount:bufferSize:sampleType:name:onEvent:render:)``.
    public init<Renderer: AudioRenderer>(
        direction: AudioDirection = .output,
        device: String? = nil,
        sampleRate: Double? = nil,
        channelCount: Int = 2,
        bufferSize: BufferSize = .automatic,
        sampleType: SampleType? = nil,
        name: String = "Decibel",
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil,
        renderer: sending Renderer
    ) {
        self.init(
            direction: direction, device: device, sampleRate: sampleRate, channelCount: channelCount,
            bufferSize: bufferSize, sampleType: sampleType, name: name, onEvent: onEvent,
            render: makeRenderCallback(owning: renderer))
    }
}

/// A render callback that owns `renderer` and calls its `render(_:)`: how APIs that take a
/// `RenderCallback` (streams, graph sources) take an `AudioRenderer` instead. Call the result from one
/// thread at a time, as streams do.
public func makeRenderCallback<Renderer: AudioRenderer>(owning renderer: sending Renderer) -> RenderCallback {
    let owner = RendererOwner(renderer)
    return { context in owner.render(context) }
}

/// Holds a renderer for the one thread that renders. The value arrived with `sending`, so nothing else
/// can reach it; the stream calls `render` from one thread at a time.
private final class RendererOwner<Renderer: AudioRenderer>: @unchecked Sendable {
    private var renderer: Renderer

    init(_ renderer: consuming Renderer) { self.renderer = renderer }

    @inline(__always)
    func render(_ context: RenderContext) { renderer.render(context) }
}
