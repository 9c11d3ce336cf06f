import DecibelCore
import DecibelGraph
import Synchronization

/// Receives what a `Microphone` captures, on a consumer thread (never the render thread).
public protocol MicrophoneDelegate: AnyObject, Sendable {
    /// A block of captured audio: one `Float` array per channel, valid only during the call.
    func microphone(_ microphone: Microphone, didReceive buffer: AudioBufferView)
    /// The capture stream reported something (xrun, device lost, server shut down).
    func microphone(_ microphone: Microphone, didReceive event: StreamEvent)
    /// The backend's device list changed (a device appeared, vanished, or the default moved).
    func microphone(_ microphone: Microphone, didObserve change: DeviceEvent)
}

extension MicrophoneDelegate {
    public func microphone(_ microphone: Microphone, didReceive event: StreamEvent) {}
    public func microphone(_ microphone: Microphone, didObserve change: DeviceEvent) {}
}

/// A microphone in one line, after EZAudio's `EZMicrophone`: start it, and float buffers arrive on a
/// consumer thread through a closure or a delegate. The render thread only copies into a ring buffer; a
/// slow receiver loses blocks (counted in `droppedFrames`) instead of glitching the capture.
///
/// ```swift
/// let microphone = try Microphone { buffer in
///     print("peak", buffer[0].map(abs).max() ?? 0)   // consumer thread, not real-time
/// }
/// try microphone.start()
/// ```
public final class Microphone: @unchecked Sendable {
    /// The backend the microphone captures from.
    public let backend: any AudioBackend
    /// Channels delivered per buffer.
    public let channelCount: Int
    /// Frames per delivered buffer.
    public let bufferSize: Int
    /// The device channels captured (0-based), or `nil` for the first `channelCount`.
    public let channels: [Int]?
    /// Receives buffers, events and device changes; held weakly. Set it from any thread: buffers arrive on
    /// the consumer thread, which reads it under a lock (ThreadSanitizer found the plain weak property raced).
    public var delegate: (any MicrophoneDelegate)? {
        get { delegateHolder.withLock { $0.delegate } }
        set { delegateHolder.withLock { $0.delegate = newValue } }
    }
    private struct WeakDelegate { weak var delegate: (any MicrophoneDelegate)? }
    private let delegateHolder = Locked(WeakDelegate())

    private let onBuffer: (@Sendable (AudioBufferView) -> Void)?
    private let sampleRate: Double?
    private struct Session {
        let engine: AudioEngine
        let tap: GraphTap
        let meter: LevelMeter
    }
    private let state = Locked<(session: Session?, device: String?, running: Bool)>((nil, nil, false))
    private var deviceObservation: DeviceObservation?
    private let bufferLoops = EventFanOut<[[Float]]>()

    /// Opens the microphone on `device` of `backend` (defaults: the runtime-picked backend and its default
    /// input). `onBuffer`, if given, receives every buffer before the delegate does.
    /// - Throws: `AudioError` of kind `invalidArgument` when `channelCount` is not 1...64 or `bufferSize` is not
    ///   16...65536; with `backend` nil, `unknownBackend` when `DECIBEL_BACKEND` names no backend or
    ///   `backendUnavailable` when the one it names is unavailable. The stream opens, and `device` is checked,
    ///   in `start()`.
    public convenience init(
        backend: (any AudioBackend)? = nil, device: String? = nil, channelCount: Int = 1,
        sampleRate: Double? = nil, bufferSize: Int = 1024,
        onBuffer: (@Sendable (AudioBufferView) -> Void)? = nil
    ) throws(AudioError) {
        try self.init(
            backend: backend, device: device, channels: nil, channelCount: channelCount, sampleRate: sampleRate,
            bufferSize: bufferSize, onBuffer: onBuffer)
    }

    /// Opens the microphone on chosen input channels of the device (0-based, in the order given): channels
    /// 3 and 4 of an 8-channel interface are `[2, 3]`, delivered as a 2-channel buffer. Works on every
    /// backend: the capture opens up to the highest channel asked for.
    /// - Throws: `AudioError` of kind `invalidArgument` when `channels` is empty, holds more than 64 channels or
    ///   a number outside 0...1023, or `bufferSize` is not 16...65536; with `backend` nil, `unknownBackend` when
    ///   `DECIBEL_BACKEND` names no backend or `backendUnavailable` when the one it names is unavailable. The
    ///   stream opens, and `device` is checked, in `start()`.
    public convenience init(
        backend: (any AudioBackend)? = nil, device: String? = nil, channels: [Int], sampleRate: Double? = nil,
        bufferSize: Int = 1024, onBuffer: (@Sendable (AudioBufferView) -> Void)? = nil
    ) throws(AudioError) {
        guard !channels.isEmpty, channels.allSatisfy({ (0..<1024).contains($0) }) else {
            throw AudioError(.invalidArgument, "a microphone takes channel numbers from 0 to 1023, not \(channels)")
        }
        try self.init(
            backend: backend, device: device, channels: channels, channelCount: channels.count, sampleRate: sampleRate,
            bufferSize: bufferSize, onBuffer: onBuffer)
    }

    private init(
        backend: (any AudioBackend)?, device: String?, channels: [Int]?, channelCount: Int, sampleRate: Double?,
        bufferSize: Int, onBuffer: (@Sendable (AudioBufferView) -> Void)?
    ) throws(AudioError) {
        guard (1...64).contains(channelCount) else {
            throw AudioError(.invalidArgument, "a microphone takes 1 to 64 channels, not \(channelCount)")
        }
        guard (16...65536).contains(bufferSize) else {
            throw AudioError(.invalidArgument, "a microphone buffer holds 16 to 65536 frames, not \(bufferSize)")
        }
        self.backend = try resolveBackend(backend)
        self.channelCount = channelCount
        self.bufferSize = bufferSize
        self.sampleRate = sampleRate
        self.channels = channels
        self.onBuffer = onBuffer
        state.withLock { $0.device = device }
        deviceObservation = try? self.backend.observeDevices { [weak self] change in
            guard let self else { return }
            self.delegate?.microphone(self, didObserve: change)
        }
    }

    deinit {
        deviceObservation?.cancel()
        state.withLock { $0.session }?.engine.stream?.close()
    }

    /// The device id captured from (`nil`: the backend's default input).
    public var device: String? { state.withLock { $0.device } }

    /// Whether capture is running.
    public var isRunning: Bool { state.withLock { $0.running } }

    /// The rate buffers arrive at (known once started).
    public var actualSampleRate: Double? { state.withLock { $0.session?.engine.format.sampleRate } }

    /// Frames lost because the receiver was too slow.
    public var droppedFrames: Int { state.withLock { $0.session?.tap.droppedFrames ?? 0 } }

    /// Peak level since the last read, per channel, in dBFS.
    public func peakDBFS(channel: Int = 0) -> Double {
        state.withLock { $0.session?.meter.peakDBFS(channel: channel) ?? -.infinity }
    }

    /// Starts capturing (opening the stream on first use).
    /// - Throws: `AudioError` of kind `invalidArgument` when `sampleRate` is out of range (1000...768000 Hz);
    ///   opening the stream, `backendUnavailable` when the backend's library or server is missing,
    ///   `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device refuses even its own
    ///   rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not answer in time;
    ///   `streamInvalidated` when the server or device goes away; or `backendError` when the backend's library
    ///   fails (a busy ALSA device, say) or a thread cannot start.
    public func start() throws(AudioError) {
        try state.withLock { (state: inout (session: Session?, device: String?, running: Bool)) throws(AudioError) in
            guard !state.running else { return }
            let session: Session
            if let existing = state.session {
                session = existing
            } else {
                session = try makeSession(device: state.device)
            }
            state.session = session
            try session.engine.stream?.start()
            state.running = true
        }
    }

    /// Stops capturing; buffers already captured are still delivered.
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot deactivate the stream's client (the other
    ///   backends do not throw when stopping).
    public func stop() throws(AudioError) {
        try state.withLock { (state: inout (session: Session?, device: String?, running: Bool)) throws(AudioError) in
            guard state.running else { return }
            try state.session?.engine.stream?.stop()
            state.running = false
        }
    }

    /// The captured buffers as an async sequence, one `Float` array per channel (copies, so they outlive
    /// the loop's iteration). At most `capacity` buffers wait for a slow loop; older ones are dropped and
    /// counted in `droppedCount`. Leaving the loop, or cancelling its task, stops the delivery (not the
    /// microphone).
    ///
    /// ```swift
    /// let microphone = try Microphone()
    /// try microphone.start()
    /// var peaks: [Float] = []
    /// for await buffer in microphone.buffers() {
    ///     peaks.append(buffer[0].map(abs).max() ?? 0)
    ///     if peaks.count == 10 { break }
    /// }
    /// try microphone.stop()
    /// ```
    public func buffers(capacity: Int = 16) -> EventSequence<[[Float]]> { bufferLoops.sequence(capacity: capacity) }

    /// Consumer thread: copies `buffer` once for the loops over `buffers()`, if there are any.
    private func feedLoops(_ buffer: AudioBufferView) {
        guard bufferLoops.hasLoops else { return }
        bufferLoops.yield(
            (0..<buffer.channelCount).map {
                Array(UnsafeBufferPointer(start: buffer.samples($0), count: buffer.frameCount))
            })
    }

    /// Moves capture to another device (`nil`: the default input), restarting if it was running. When it was
    /// running and the new device cannot be opened or started, capture goes back to the old device before
    /// the error is thrown, so a mistyped device id loses nothing.
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot stop the old stream; and, when it was
    ///   running, what `start()` throws opening `device`: `deviceNotFound` for an unknown `device`,
    ///   `backendUnavailable`, `unsupportedConfiguration`, `timedOut`, `streamInvalidated`, `invalidArgument` or
    ///   `backendError`.
    public func setDevice(_ device: String?) throws(AudioError) {
        let wasRunning = isRunning
        try stop()
        let (old, oldDevice) = state.withLock { state in
            defer { state.session = nil; state.device = device }
            return (state.session, state.device)
        }
        old?.engine.stream?.close()
        guard wasRunning else { return }
        do {
            try start()
        } catch {
            let failed = state.withLock { state in
                defer { state.session = nil; state.device = oldDevice }
                return state.session
            }
            failed?.engine.stream?.close()
            try? start()
            throw error
        }
    }

    private func makeSession(device: String?) throws(AudioError) -> Session {
        let configuration = StreamConfiguration(
            direction: .input, device: device, sampleRate: sampleRate, channelCount: channelCount,
            bufferSize: .automatic, name: "Decibel microphone",
            onEvent: { [weak self] event in
                guard let self else { return }
                self.delegate?.microphone(self, didReceive: event)
            },
            render: { _ in }
        )
        let engine = try AudioEngine.adapted(backend: backend, configuration: configuration, inputChannels: channels)
        let meter = LevelMeter(channelCount: channelCount)
        try engine.attach(meter)
        try engine.connect(engine.inputNode, to: meter)
        let tap = try engine.installTap(on: engine.inputNode, bufferSize: bufferSize) { [weak self] buffer in
            guard let self else { return }
            self.onBuffer?(buffer)
            self.feedLoops(buffer)
            self.delegate?.microphone(self, didReceive: buffer)
        }
        return Session(engine: engine, tap: tap, meter: meter)
    }
}
