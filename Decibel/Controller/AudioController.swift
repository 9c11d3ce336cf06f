import DecibelCore
import DecibelGraph
import DecibelStreams
import Dispatch

/// One engine on one stream, shared by every part of an app — The Amazing Audio Engine's
/// `AEAudioController`. Microphones, players, outputs and recorders created *on* a controller are parts
/// of its one graph: a karaoke app hears and records the microphone and the backing track sample-aligned,
/// with one stream open on the server.
///
/// ```swift
/// let controller = try AudioController()                      // runtime-picked backend, its default output
/// let backing = try AudioPlayer(path: "backing.flac", on: controller)
/// let microphone = try Microphone(on: controller)
/// microphone.isMonitoring = true                              // heard through the output
/// let recorder = try Recorder(path: "take.wav", format: .wav(bits: 24), on: controller)
/// let take = try recorder.record(mixing: [microphone, backing], on: controller)
/// try microphone.start()                                      // the stream becomes duplex
/// try controller.start()
/// backing.play()
/// ```
///
/// The stream opens in the app's rate and channel counts through `makeAdaptedStream` (a device that
/// refuses them is converted at the edge), playback only until a part needs input. The rate, once
/// known, stays for the controller's life: switching devices or opening the input never changes what
/// the parts were prepared for.
public final class AudioController: Sendable {
    /// What a controller posts to its observers, on a control thread.
    public enum Event: Sendable, Hashable {
        /// The stream reported something (xrun, latency, device lost, server shut down, …).
        case stream(StreamEvent)
        /// Playback moved to another device: by `setOutputDevice(_:)` (the id asked for, `nil` for the
        /// default) or because the server moved the stream (the new id).
        case outputDeviceChanged(String?)
        /// Capture moved to another device, as `outputDeviceChanged` for the input.
        case inputDeviceChanged(String?)
        /// The stream opened again with input (a part needed it); it plays on if it was playing.
        case inputOpened
    }

    /// The backend the stream runs on.
    public let backend: any AudioBackend
    /// The graph every part lives in.
    public let engine: AudioEngine
    /// Output channels (0: a controller that only captures).
    public let channelCount: Int
    /// Channels `engine.inputNode` delivers once input is open.
    public let inputChannelCount: Int

    private let settings: Settings
    let observers = EventObservers<Event>()
    /// Stream events reach observers from here, never from the stream's own thread: a handler may then
    /// call back into the controller (start, stop, switch) while a switch waits on that thread.
    let delivery = DispatchQueue(label: "decibel-controller-events")
    let current: Locked<Current>
    /// Keeps stream switches (device changes, opening the input) apart.
    let switching = Locked<Void>(())

    struct Settings: Sendable {
        var bufferSize: BufferSize
        var name: String
        var inputChannels: [Int]?
    }

    struct Current: Sendable {
        var stream: any AudioStream
        var outputDevice: String?
        var inputDevice: String?
        var usesInput: Bool
        /// The rate the engine runs at since the first stream: later streams keep it.
        var sampleRate: Double
        /// Whether the app wants it running (`start()`), so a switch after a lost device plays on.
        var running = false
        var closed = false
    }

    /// Opens a controller on `backend` (default: the runtime pick, as `BackendRegistry` chooses it with
    /// `DECIBEL_BACKEND`). `channelCount` output channels at `sampleRate` (default: the device's);
    /// `inputChannelCount` channels of input (or the device channels `inputChannels`, 0-based) once a part
    /// needs them, or at once with `usesInput`. The stream opens now, so a wrong device fails here; it
    /// starts with `start()`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `channelCount` is not 0...64, `inputChannelCount`
    ///   not 1...64, `inputChannels` empty or outside 0...1023, a controller has neither output nor input, or the
    ///   rate or buffer size is out of range; with `backend` nil, `unknownBackend` when `DECIBEL_BACKEND` names no
    ///   backend; or what opening the stream throws: `backendUnavailable` when the backend's library or server is
    ///   missing, `deviceNotFound` for an unknown device, `unsupportedConfiguration` when the device refuses even
    ///   its own rate and channels, `timedOut` when the server does not answer in time, `streamInvalidated` when
    ///   the server goes away meanwhile, or `backendError` when the backend's library fails otherwise (a busy
    ///   ALSA device, say) or a thread cannot start.
    public init(
        backend: (any AudioBackend)? = nil, outputDevice: String? = nil, inputDevice: String? = nil,
        channelCount: Int = 2, inputChannelCount: Int = 1, inputChannels: [Int]? = nil, usesInput: Bool = false,
        sampleRate: Double? = nil, bufferSize: BufferSize = .automatic, name: String = "Decibel",
        onEvent: (@Sendable (Event) -> Void)? = nil
    ) throws(AudioError) {
        guard (0...64).contains(channelCount) else {
            throw AudioError(.invalidArgument, "a controller plays 0 to 64 channels, not \(channelCount)")
        }
        let inputCount = inputChannels?.count ?? inputChannelCount
        guard (1...64).contains(inputCount) else {
            throw AudioError(.invalidArgument, "a controller captures 1 to 64 channels, not \(inputCount)")
        }
        if let inputChannels, !inputChannels.allSatisfy({ (0..<1024).contains($0) }) {
            throw AudioError(.invalidArgument, "input channel numbers run from 0 to 1023, not \(inputChannels)")
        }
        guard channelCount > 0 || usesInput else {
            throw AudioError(
                .invalidArgument, "a controller with no output channels must capture: pass usesInput: true")
        }
        self.backend = try resolveBackend(backend)
        self.channelCount = channelCount
        self.inputChannelCount = inputCount
        settings = Settings(bufferSize: bufferSize, name: name, inputChannels: inputChannels)
        engine = AudioEngine(
            sampleRate: sampleRate ?? 48_000, channelCount: max(1, channelCount),
            inputChannelCount: inputChannels.map { ($0.max() ?? 0) + 1 } ?? inputCount, inputChannels: inputChannels)
        engine.name = name
        if let onEvent { observers.add(onEvent) }
        let stream = try Self.openStream(
            StreamRequest(
                backend: self.backend, engine: engine, settings: settings, observers: observers, delivery: delivery,
                channelCount: channelCount, inputChannelCount: inputCount, outputDevice: outputDevice,
                inputDevice: inputDevice, usesInput: usesInput, sampleRate: sampleRate))
        current = Locked(
            Current(
                stream: stream, outputDevice: outputDevice, inputDevice: inputDevice, usesInput: usesInput,
                sampleRate: stream.format.sampleRate))
    }

    deinit { current.withLock { $0.stream }.close() }

    /// The stream the engine renders into (a new one after a device switch or when input opens).
    public var stream: any AudioStream { current.withLock { $0.stream } }

    /// The negotiated format: the rate every part runs at, channels, block size.
    public var format: StreamFormat { stream.format }

    /// The playback device asked for (`nil`: the backend's default output).
    public var outputDevice: String? { current.withLock { $0.outputDevice } }

    /// The capture device asked for (`nil`: the backend's default input).
    public var inputDevice: String? { current.withLock { $0.inputDevice } }

    /// Whether the stream captures (a microphone on it, or `usesInput`).
    public var usesInput: Bool { current.withLock { $0.usesInput } }

    /// Whether the stream is running.
    public var isRunning: Bool { stream.state == .running }

    /// Starts the stream: every part on the controller sounds and captures from now on.
    /// Observers hear stream events on a control thread of the controller's, in order.
    /// - Throws: `AudioError` of kind `invalidState` after `close()`, `streamInvalidated` when the server or device
    ///   has gone away, `backendUnavailable` or `timedOut` when a PipeWire or PulseAudio server does not answer as
    ///   the stream connects, `unsupportedConfiguration` when PulseAudio refuses the stream, or `backendError` when
    ///   the backend's library fails to start it (or its thread cannot start).
    public func start() throws(AudioError) {
        try switching.withLock { (_: inout Void) throws(AudioError) in
            guard !current.withLock({ $0.closed }) else {
                throw AudioError(.invalidState, "the controller is closed; create another")
            }
            try stream.start()
            current.withLock { $0.running = true }
        }
    }

    /// Stops the stream; every part keeps its state.
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot deactivate the stream's client (the other
    ///   backends do not throw when stopping).
    public func stop() throws(AudioError) {
        try switching.withLock { (_: inout Void) throws(AudioError) in
            guard !current.withLock({ $0.closed }) else { return }
            current.withLock { $0.running = false }
            try stream.stop()
        }
    }

    /// Stops the stream and releases the device; the controller cannot start again.
    public func close() {
        switching.withLock { _ in
            current.withLock {
                $0.closed = true
                $0.running = false
            }
            stream.close()
        }
        delivery.async { [observers] in observers.finish() }
    }

    /// Opens the input now if no part has yet: the stream opens again as duplex (a gap of one stream
    /// start in the output) and plays on if it was playing. Posts `inputOpened`. Microphones call it.
    /// - Throws: `AudioError` of kind `invalidState` after `close()`; opening the duplex stream, `deviceNotFound`
    ///   for an unknown input device, `backendUnavailable`, `unsupportedConfiguration`, `timedOut`,
    ///   `streamInvalidated` or `backendError` (the stream before stays then, without input).
    public func openInput() throws(AudioError) {
        let opened = try reopen { state in
            defer { state.usesInput = true }
            return !state.usesInput
        }
        if opened { observers.post(.inputOpened) }
    }

    /// Calls `handler` with every event on a control thread; returns a token for `removeObserver(_:)`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (Event) -> Void) -> UInt64 { observers.add(handler) }

    /// Stops the calls of an `addObserver(_:)` handler.
    public func removeObserver(_ token: UInt64) { observers.remove(token) }

    /// Every event as an async sequence (the `for await` form of `addObserver`); at most `capacity` wait
    /// for a slow loop.
    public func events(capacity: Int = 16) -> EventSequence<Event> { observers.sequence(capacity: capacity) }

    /// A stream with the controller's configuration, the engine attached to it (not started).
    func openStream(
        outputDevice: String?, inputDevice: String?, usesInput: Bool, sampleRate: Double?
    ) throws(AudioError) -> any AudioStream {
        try Self.openStream(
            StreamRequest(
                backend: backend, engine: engine, settings: settings, observers: observers, delivery: delivery,
                channelCount: channelCount, inputChannelCount: inputChannelCount, outputDevice: outputDevice,
                inputDevice: inputDevice, usesInput: usesInput, sampleRate: sampleRate))
    }

    /// Everything opening a stream needs, so that `init` can open one before `self` is whole.
    struct StreamRequest {
        let backend: any AudioBackend
        let engine: AudioEngine
        let settings: Settings
        let observers: EventObservers<Event>
        let delivery: DispatchQueue
        let channelCount: Int
        let inputChannelCount: Int
        let outputDevice: String?
        let inputDevice: String?
        let usesInput: Bool
        let sampleRate: Double?
    }

    static func openStream(_ request: StreamRequest) throws(AudioError) -> any AudioStream {
        let direction: AudioDirection = request.channelCount == 0 ? .input : request.usesInput ? .duplex : .output
        let observers = request.observers, delivery = request.delivery, backend = request.backend
        let hasOutput = request.channelCount > 0, hasInput = direction.hasInput
        var configuration = StreamConfiguration(
            direction: direction, sampleRate: request.sampleRate, channelCount: max(1, request.channelCount),
            bufferSize: request.settings.bufferSize, name: request.settings.name,
            onEvent: { event in
                delivery.async {
                    observers.post(.stream(event))
                    // The server moved the stream (it followed the default, or a user moved it); a duplex
                    // stream's move is the input's when the device captures only.
                    guard case .deviceChanged(let id) = event else { return }
                    let device = hasInput && hasOutput ? (try? backend.devices())?.first { $0.id == id } : nil
                    let capturesOnly = device.map { $0.inputChannelCount > 0 && $0.outputChannelCount == 0 } ?? false
                    observers.post(hasOutput && !capturesOnly ? .outputDeviceChanged(id) : .inputDeviceChanged(id))
                }
            },
            render: request.engine.renderCallback)
        if direction.hasOutput { configuration.outputDevice = request.outputDevice }
        if direction.hasInput {
            configuration.inputDevice = request.inputDevice
            configuration.inputChannelCount =
                request.settings.inputChannels.map { ($0.max() ?? 0) + 1 } ?? request.inputChannelCount
        }
        let stream = try request.backend.makeAdaptedStream(configuration)
        do {
            try request.engine.attach(to: stream)
        } catch {
            stream.close()
            throw error
        }
        return stream
    }
}
