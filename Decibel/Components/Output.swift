import DecibelCore
import DecibelGraph
import Synchronization

/// An output in one line, after EZAudio's `EZOutput`: a data-source closure or any graph nodes, played
/// through the runtime-picked backend, with volume, pan and a level meter.
///
/// ```swift
/// let output = try Output { buffer, sampleTime in       // render thread: no allocation, no locks
///     for i in 0..<buffer.frameCount {                  // 440 Hz at 48 kHz, from the sample time: no state
///         let sample = Float(sin(2 * .pi * 440 * Double(sampleTime + Int64(i)) / 48_000)) * 0.2
///         for channel in 0..<buffer.channelCount { buffer.samples(channel)[i] = sample }
///     }
/// }
/// try output.start()
/// ```
public final class Output: ControllerPart {
    /// The controller the output plays on (its own unless created `on:` one).
    public let controller: AudioController?
    /// The group everything the output plays goes through; it carries `volume` and `pan`. Its filters
    /// are the app's: the meter listens beside them.
    public let group: ChannelGroup
    /// Measures what leaves the output's group (after its filters, volume and pan).
    public let meter: LevelMeter
    private let shared: AudioController
    private let ownsController: Bool
    /// What `add(_:)` and `playedAudio` put in a shared controller's graph, for `close()` to take out.
    private let placed = Locked<(nodes: [any AudioNode], taps: [GraphTap])>(([], []))

    /// Opens an output on `device` of `backend` (defaults: the runtime-picked backend, its default
    /// output), optionally with a data source that fills each block on the render thread. The output has
    /// a controller of its own; `init(on:name:dataSource:)` puts one on a shared controller instead.
    /// - Throws: `AudioError` of kind `invalidArgument` for a channel count, rate or buffer size out of range;
    ///   with `backend` nil, `unknownBackend` when `DECIBEL_BACKEND` names no backend; or what opening the stream
    ///   throws: `backendUnavailable` when the backend's library or server is missing (or the backend named is
    ///   unavailable), `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device
    ///   refuses even its own rate and channels, `timedOut` when the server does not answer in time,
    ///   `streamInvalidated` when a PulseAudio server goes away meanwhile, or `backendError` when the backend's
    ///   library fails otherwise (a busy ALSA device, say) or a thread cannot start.
    public convenience init(
        backend: (any AudioBackend)? = nil, device: String? = nil, channelCount: Int = 2,
        sampleRate: Double? = nil, bufferSize: BufferSize = .automatic, name: String = "Decibel output",
        dataSource: (@Sendable (AudioBufferView, Int64) -> Void)? = nil,
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        guard (1...64).contains(channelCount) else {
            throw AudioError(.invalidArgument, "an output plays 1 to 64 channels, not \(channelCount)")
        }
        var forward: (@Sendable (AudioController.Event) -> Void)? = nil
        if let onEvent {
            forward = { event in if case .stream(let streamEvent) = event { onEvent(streamEvent) } }
        }
        let controller = try AudioController(
            backend: backend, outputDevice: device, channelCount: channelCount, sampleRate: sampleRate,
            bufferSize: bufferSize, name: name, onEvent: forward)
        try self.init(controller: controller, owns: true, name: "output", dataSource: dataSource)
    }

    /// An output on `controller`: a group of its own in the controller's graph, with volume, pan and a
    /// meter, optionally with a data source. `start()` and `stop()` then sound and silence this output
    /// only; the controller runs with `controller.start()`.
    /// - Throws: `AudioError` of kind `invalidState` for a controller with no output channels.
    public convenience init(
        on controller: AudioController, name: String = "output",
        dataSource: (@Sendable (AudioBufferView, Int64) -> Void)? = nil
    ) throws(AudioError) {
        try self.init(controller: controller, owns: false, name: name, dataSource: dataSource)
    }

    private init(
        controller: AudioController, owns: Bool, name: String, dataSource: (@Sendable (AudioBufferView, Int64) -> Void)?
    ) throws(AudioError) {
        guard controller.channelCount > 0 else {
            throw AudioError(.invalidState, "the controller only captures; create it with channelCount above 0")
        }
        self.controller = controller
        shared = controller
        ownsController = owns
        let engine = controller.engine
        group = ChannelGroup(name: name, channelCount: engine.channelCount)
        meter = LevelMeter(channelCount: engine.channelCount)
        try engine.mainGroup.add(group)
        try engine.connect(group.fader, to: meter)
        if let dataSource {
            try add(BlockSource(channelCount: engine.channelCount, fill: dataSource))
        }
    }

    /// Whether the output has its stream to itself (a controller of its own) and that stream buffers more
    /// than 150 ms: then a part may drop what the server has queued (`stream.discardQueuedOutput()`) to be heard at
    /// once. A shared controller's other parts would lose audio they have already rendered, and a shallow
    /// buffer plays out soon enough.
    var hasDeepBufferOfItsOwn: Bool {
        ownsController && Double(stream.format.bufferSize) / stream.format.sampleRate > 0.15
    }

    /// The most frames the stream asks the graph for at once: after a drop, a PulseAudio stream asks for its
    /// whole buffer and an ALSA stream renders all of its PCM's (two periods or more) before it plays.
    var largestRequest: Int { max(format.bufferSize, format.maximumFrameCount, stream.latency.outputFrames) }

    /// The engine rendering the output (its controller's).
    public var engine: AudioEngine { shared.engine }

    /// The backend the output plays through.
    public var backend: any AudioBackend { shared.backend }

    /// The node whose output is what this output plays (its group's fader).
    public var soundNode: any AudioNode { group.fader }

    /// The stream the engine renders into (a new one after `setDevice(_:)`).
    public var stream: any AudioStream { shared.stream }

    /// The device asked for (`nil`: the backend's default output).
    public var device: String? { shared.outputDevice }

    /// Moves playback to `device` (`nil`: the default output) without touching what is added; see
    /// `AudioController.setOutputDevice(_:)`, which this is (on a shared controller, every part moves).
    /// - Throws: `AudioError` of kind `invalidState` (after `close()`) or `backendError` when JACK cannot stop the
    ///   old stream; opening the new one, `deviceNotFound` for an unknown `device`, `backendUnavailable` when the
    ///   backend's library or server is missing, `unsupportedConfiguration` when the device refuses even its own
    ///   rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not answer in
    ///   time, `streamInvalidated` when the server or device goes away, or `backendError` when the backend's
    ///   library fails or a thread cannot start; starting it (if the output was playing), the same kinds.
    public func setDevice(_ device: String?) throws(AudioError) { try shared.setOutputDevice(device) }

    /// Calls `handler` on a control thread whenever the output's device changes: by `setDevice(_:)` (the
    /// id asked for, `nil` for the default) or because the server moved the stream (the new id). Returns
    /// a token; `removeDeviceObserver(_:)` stops the calls.
    @discardableResult
    public func observeDevice(_ handler: @escaping @Sendable (String?) -> Void) -> UInt64 {
        shared.addObserver { event in
            if case .outputDeviceChanged(let device) = event { handler(device) }
        }
    }

    /// Stops the calls of an `observeDevice(_:)` handler.
    public func removeDeviceObserver(_ token: UInt64) { shared.removeObserver(token) }

    /// Hands `handler` what the output plays (after its filters, volume and pan), in buffers of
    /// `bufferSize` frames on a consumer thread — for meters and scopes, EZOutput's played audio. Remove it
    /// with `engine.removeTap(_:)`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is below 1, or `backendError` when the
    ///   tap's consumer thread cannot start.
    @discardableResult
    public func playedAudio(
        bufferSize: Int = 1024, _ handler: @escaping @Sendable (AudioBufferView) -> Void
    ) throws(AudioError) -> GraphTap {
        let tap = try engine.installTap(on: group, bufferSize: bufferSize, handler: handler)
        placed.withLock { $0.taps.append(tap) }
        return tap
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
    /// - Throws: `AudioError` of kind `invalidArgument` for a channel count, rate or buffer size out of range;
    ///   with `backend` nil, `unknownBackend` when `DECIBEL_BACKEND` names no backend; or what opening the stream
    ///   throws: `backendUnavailable` when the backend's library or server is missing (or the backend named is
    ///   unavailable), `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device
    ///   refuses even its own rate and channels, `timedOut` when the server does not answer in time,
    ///   `streamInvalidated` when a PulseAudio server goes away meanwhile, or `backendError` when the backend's
    ///   library fails otherwise (a busy ALSA device, say) or a thread cannot start.
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

    deinit { close() }

    /// Adds a node (a player, a tone, a group) to what the output plays.
    /// - Throws: `AudioError` of kind `invalidArgument` when adding `node` would make a cycle in the graph (a node
    ///   fed by what the output itself plays).
    public func add(_ node: any AudioNode) throws(AudioError) {
        try group.add(node)
        placed.withLock { $0.nodes.append(node) }
    }

    /// Removes a node added with `add(_:)`.
    /// - Throws: `AudioError` of kind `invalidArgument` only if the graph could not be re-planned (a cycle), which
    ///   removing a node never causes: in practice it does not throw.
    public func remove(_ node: any AudioNode) throws(AudioError) {
        try group.remove(node)
        placed.withLock { $0.nodes.removeAll { $0 === node } }
    }

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

    /// Starts playing: its own controller's stream starts; on a shared controller the output's group
    /// sounds again (the controller runs with `controller.start()`, and this does not throw).
    /// - Throws: `AudioError` of kind `invalidState` after `close()` of its own controller, `streamInvalidated`
    ///   when the stream's server or device has gone away, `backendUnavailable` or `timedOut` when a PipeWire or
    ///   PulseAudio server does not answer as the stream connects, `unsupportedConfiguration` when PulseAudio refuses the stream, or
    ///   `backendError` when the backend's library fails to start it (or its thread cannot start).
    public func start() throws(AudioError) {
        if ownsController { try shared.start() } else { group.isMuted = false }
    }

    /// Stops playing, nodes keeping their state: its own controller's stream stops; on a shared controller
    /// the output's group falls silent (muted) and the other parts play on.
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot deactivate the stream's client; the other
    ///   backends do not throw when stopping.
    public func stop() throws(AudioError) {
        if ownsController { try shared.stop() } else { group.isMuted = true }
    }

    /// Releases the output: its own controller closes (the device is released); on a shared controller what
    /// it added, its taps, its meter and its group leave the graph.
    public func close() {
        if ownsController {
            shared.close()
            return
        }
        let (nodes, taps) = placed.withLock { placed in
            defer { placed = ([], []) }
            return placed
        }
        for tap in taps { try? engine.removeTap(tap) }
        try? engine.edit { editor in
            for node in nodes { editor.detach(node) }
            editor.detach(meter)
            editor.remove(group)
        }
    }

    /// The backend and device this output plays on, and the negotiated format.
    public var format: StreamFormat { stream.format }
}
