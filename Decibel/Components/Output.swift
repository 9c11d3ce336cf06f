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
public final class Output: @unchecked Sendable {
    /// The engine rendering into the output stream.
    public let engine: AudioEngine
    /// The group everything the output plays goes through; it carries `volume` and `pan`.
    public let group: ChannelGroup
    /// The backend the output plays through.
    public let backend: any AudioBackend
    /// Measures what leaves the output (after volume and pan).
    public let meter: LevelMeter
    private let configuration: StreamConfiguration
    private let current: Locked<(stream: any AudioStream, device: String?)>
    private let switching = Locked<Void>(())
    private let deviceHandlers = Locked<[UInt64: @Sendable (String?) -> Void]>([:])
    private let nextHandler = Atomic<UInt64>(0)

    /// Opens an output on `device` of `backend` (defaults: the runtime-picked backend, its default
    /// output), optionally with a data source that fills each block on the render thread.
    /// - Throws: `AudioError` of kind `invalidArgument` for a channel count, rate or buffer size out of range;
    ///   with `backend` nil, `unknownBackend` when `DECIBEL_BACKEND` names no backend; or what opening the stream
    ///   throws: `backendUnavailable` when the backend's library or server is missing (or the backend named is
    ///   unavailable), `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device
    ///   refuses even its own rate and channels, `timedOut` when the server does not answer in time,
    ///   `streamInvalidated` when a PulseAudio server goes away meanwhile, or `backendError` when the backend's
    ///   library fails otherwise (a busy ALSA device, say) or a thread cannot start.
    public init(
        backend: (any AudioBackend)? = nil, device: String? = nil, channelCount: Int = 2,
        sampleRate: Double? = nil, bufferSize: BufferSize = .automatic, name: String = "Decibel output",
        dataSource: (@Sendable (AudioBufferView, Int64) -> Void)? = nil,
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil
    ) throws(AudioError) {
        let backend = try resolveBackend(backend)
        self.backend = backend
        let handlers = deviceHandlers
        let configuration = StreamConfiguration(
            direction: .output, device: device, sampleRate: sampleRate, channelCount: channelCount,
            bufferSize: bufferSize, name: name,
            onEvent: { event in
                onEvent?(event)
                // The server moved the stream (it followed the default, or a user moved it).
                if case .deviceChanged(let id) = event {
                    for handler in handlers.withLock({ Array($0.values) }) { handler(id) }
                }
            },
            render: { _ in }
        )
        self.configuration = configuration
        engine = try AudioEngine.adapted(backend: backend, configuration: configuration)
        guard let stream = engine.stream else { throw AudioError(.invalidState, "the output's engine has no stream") }
        current = Locked((stream, device))
        group = ChannelGroup(name: "output", channelCount: engine.channelCount)
        try engine.mainGroup.add(group)
        meter = LevelMeter(channelCount: engine.channelCount)
        try engine.mainGroup.setFilters([meter])
        if let dataSource {
            try add(BlockSource(channelCount: engine.channelCount, fill: dataSource))
        }
    }

    /// The stream the engine renders into (a new one after `setDevice(_:)`).
    public var stream: any AudioStream { current.withLock { $0.stream } }

    /// The device asked for (`nil`: the backend's default output).
    public var device: String? { current.withLock { $0.device } }

    /// Moves playback to `device` (`nil`: the default output) without touching what is added: a stream
    /// opens on the new device, the engine moves to it (re-preparing nodes if the rate differs) and, if
    /// the output was playing, plays on. Device-change observers hear the new id. The old device is
    /// released first, so a device that allows one client at a time works too; when the new one cannot be
    /// opened, the output opens its old device again (and plays on if it was playing) before throwing, so a
    /// mistyped device id loses nothing.
    /// - Throws: `AudioError` of kind `invalidState` (after `close()`) or `backendError` when JACK cannot stop the
    ///   old stream; opening the new one, `deviceNotFound` for an unknown `device`, `backendUnavailable` when the
    ///   backend's library or server is missing, `unsupportedConfiguration` when the device refuses even its own
    ///   rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not answer in
    ///   time, `streamInvalidated` when the server or device goes away, or `backendError` when the backend's
    ///   library fails or a thread cannot start; starting it (if the output was playing), the same kinds.
    public func setDevice(_ device: String?) throws(AudioError) {
        // The streams are stopped, opened and started outside `current`'s lock: a stream event handler that
        // reads `stream` or `device` meanwhile must not wait on it. `switching` keeps two switches apart.
        try switching.withLock { (_: inout Void) throws(AudioError) in
            let (old, oldDevice) = current.withLock { ($0.stream, $0.device) }
            let wasRunning = old.state == .running
            try old.stop()
            old.close()
            let new: any AudioStream
            do throws(AudioError) {
                new = try openStream(on: device)
            } catch {
                if let back = try? openStream(on: oldDevice) {
                    current.withLock { $0 = (back, oldDevice) }
                    if wasRunning { try? back.start() }
                }
                throw error
            }
            current.withLock { $0 = (new, device) }
            if wasRunning { try new.start() }
        }
        for handler in deviceHandlers.withLock({ Array($0.values) }) { handler(device) }
    }

    /// A stream on `device` with the output's configuration, the engine attached to it (not started).
    private func openStream(on device: String?) throws(AudioError) -> any AudioStream {
        var configuration = configuration
        configuration.outputDevice = device
        configuration.render = engine.renderCallback
        let stream = try backend.makeAdaptedStream(configuration)
        do {
            try engine.attach(to: stream)
        } catch {
            stream.close()
            throw error
        }
        return stream
    }

    /// Calls `handler` on a control thread whenever the output's device changes: by `setDevice(_:)` (the
    /// id asked for, `nil` for the default) or because the server moved the stream (the new id). Returns
    /// a token; `removeDeviceObserver(_:)` stops the calls.
    @discardableResult
    public func observeDevice(_ handler: @escaping @Sendable (String?) -> Void) -> UInt64 {
        let token = nextHandler.add(1, ordering: .relaxed).newValue
        deviceHandlers.withLock { $0[token] = handler }
        return token
    }

    /// Stops the calls of an `observeDevice(_:)` handler.
    public func removeDeviceObserver(_ token: UInt64) { _ = deviceHandlers.withLock { $0.removeValue(forKey: token) } }

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

    deinit { stream.close() }

    /// Adds a node (a player, a tone, a group) to what the output plays.
    /// - Throws: `AudioError` of kind `invalidArgument` when adding `node` would make a cycle in the graph (a node
    ///   fed by what the output itself plays).
    public func add(_ node: any AudioNode) throws(AudioError) { try group.add(node) }

    /// Removes a node added with `add(_:)`.
    /// - Throws: `AudioError` of kind `invalidArgument` only if the graph could not be re-planned (a cycle), which
    ///   removing a node never causes: in practice it does not throw.
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
    /// - Throws: `AudioError` of kind `invalidState` after `close()`, `streamInvalidated` when the stream's server
    ///   or device has gone away, `backendUnavailable` or `timedOut` when a PipeWire or PulseAudio server does not
    ///   answer as the stream connects, `unsupportedConfiguration` when PulseAudio refuses the stream, or
    ///   `backendError` when the backend's library fails to start it (or its thread cannot start).
    public func start() throws(AudioError) { try stream.start() }

    /// Stops playing; nodes keep their state.
    /// - Throws: `AudioError` of kind `invalidState` (after `close()`) or `backendError` when JACK cannot
    ///   deactivate the stream's client; the other backends do not throw when stopping.
    public func stop() throws(AudioError) { try stream.stop() }

    /// Stops and releases the device.
    public func close() { stream.close() }

    /// The backend and device this output plays on, and the negotiated format.
    public var format: StreamFormat { stream.format }
}
