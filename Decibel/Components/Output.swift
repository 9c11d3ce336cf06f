import DecibelCore
import DecibelGraph
import Synchronization

/// An output in one line, after EZAudio's `EZOutput`: a data-source closure or any graph nodes, played
/// through the runtime-picked backend, with volume, pan and a level meter.
///
/// ```swift
/// var phase = 0.0
/// let output = try Output { buffer, sampleTime in       // render thread: no allocation, no locks
///     for i in 0..<buffer.frameCount {
///         let sample = Float(sin(phase)) * 0.2
///         phase += 2 * .pi * 440 / 48_000
///         for channel in 0..<buffer.channelCount { buffer.samples(channel)[i] = sample }
///     }
/// }
/// try output.start()
/// ```
public final class Output: @unchecked Sendable {
    /// The engine rendering into the output stream.
    public let engine: AudioEngine
    /// The group everything the output plays goes through; it carries `volume` and `pan`.
    public let group: ChannelGroup
    /// The stream the engine renders into.
    public let stream: any AudioStream
    /// Measures what leaves the output (after volume and pan).
    public let meter: LevelMeter

    /// Opens an output on `device` of `backend` (defaults: the runtime-picked backend, its default
    /// output), optionally with a data source that fills each block on the render thread.
    public init(
        backend: (any AudioBackend)? = nil, device: String? = nil, channelCount: Int = 2,
        sampleRate: Double? = nil, bufferSize: BufferSize = .automatic, name: String = "Decibel output",
        dataSource: (@Sendable (AudioBufferView, Int64) -> Void)? = nil,
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        let backend = try resolveBackend(backend)
        let configuration = StreamConfiguration(
            direction: .output, device: device, sampleRate: sampleRate, channelCount: channelCount,
            bufferSize: bufferSize, name: name, onEvent: onEvent, render: { _ in }
        )
        engine = try AudioEngine(backend: backend, configuration: configuration)
        guard let stream = engine.stream else { throw AudioError(.invalidState, "the output's engine has no stream") }
        self.stream = stream
        group = ChannelGroup(name: "output", channelCount: engine.channelCount)
        try engine.mainGroup.add(group)
        meter = LevelMeter(channelCount: engine.channelCount)
        try engine.mainGroup.setFilters([meter])
        if let dataSource {
            try add(BlockSource(channelCount: engine.channelCount, fill: dataSource))
        }
    }

    /// Opens an output that plays `renderer`, a value the output then owns (see `AudioRenderer`): its
    /// `render(_:)` runs on the render thread for every block, with no `Sendable` or locks needed.
    ///
    /// ```swift
    /// struct Tone: AudioRenderer {
    ///     var oscillator = Oscillator(frequency: 330, amplitude: 0.2)
    ///     mutating func render(_ context: RenderContext) {
    ///         oscillator.sampleRate = context.sampleRate
    ///         oscillator.render(into: context.output.samples(0), count: context.frameCount)
    ///     }
    /// }
    /// let output = try Output(renderer: Tone())
    /// ```
    public convenience init<Renderer: AudioRenderer>(
        backend: (any AudioBackend)? = nil, device: String? = nil, channelCount: Int = 2,
        sampleRate: Double? = nil, bufferSize: BufferSize = .automatic, name: String = "Decibel output",
        renderer: sending Renderer, onEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        try self.init(
            backend: backend, device: device, channelCount: channelCount, sampleRate: sampleRate,
            bufferSize: bufferSize, name: name, onEvent: onEvent)
        try add(BlockSource(channelCount: engine.channelCount, renderer: renderer))
    }

    deinit { stream.close() }

    /// Adds a node (a player, a tone, a group) to what the output plays.
    public func add(_ node: any AudioNode) throws(AudioError) { try group.add(node) }

    /// Removes a node added with `add(_:)`.
    public func remove(_ node: any AudioNode) throws(AudioError) { try group.remove(node) }

    /// Output volume, 0 ... 4 (1 is unity); changes ramp, so they never click.
    public var volume: Float {
        get { group.volume.value }
        set { group.volume.value = newValue }
    }

    /// Stereo position, -1 (left) ... 1 (right).
    public var pan: Float {
        get { group.pan.value }
        set { group.pan.value = newValue }
    }

    /// Starts playing.
    public func start() throws(AudioError) { try stream.start() }

    /// Stops playing; nodes keep their state.
    public func stop() throws(AudioError) { try stream.stop() }

    /// Stops and releases the device.
    public func close() { stream.close() }

    /// The backend and device this output plays on, and the negotiated format.
    public var format: StreamFormat { stream.format }
}
