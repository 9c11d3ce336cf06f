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
    /// The microphone moved to another device: by `setDevice(_:)` (the id asked for, `nil` for the
    /// default) or because the server moved the capture stream (the new id).
    func microphone(_ microphone: Microphone, didChangeDevice device: String?)
}

extension MicrophoneDelegate {
    public func microphone(_ microphone: Microphone, didReceive event: StreamEvent) {}
    public func microphone(_ microphone: Microphone, didObserve change: DeviceEvent) {}
    public func microphone(_ microphone: Microphone, didChangeDevice device: String?) {}
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
///
/// Created `on:` an `AudioController`, the microphone is one part of a shared graph: its `soundNode`
/// can be recorded with players, and `isMonitoring` plays it through the controller's output (with the
/// filters on `monitor`) — TAAE's playthrough channel.
public final class Microphone: ControllerPart {
    /// The backend the microphone captures from.
    public let backend: any AudioBackend
    /// Channels delivered per buffer.
    public let channelCount: Int
    /// Frames per delivered buffer.
    public let bufferSize: Int
    /// The channels captured (0-based): device channels for a stand-alone microphone, the controller's
    /// input channels for one on a controller; `nil` for the first `channelCount`.
    public let channels: [Int]?
    /// Receives buffers, events and device changes; held weakly. Set it from any thread: buffers arrive on
    /// the consumer thread, which reads it under a lock (ThreadSanitizer found the plain weak property raced).
    public var delegate: (any MicrophoneDelegate)? {
        get { delegateHolder.withLock { $0.delegate } }
        set { delegateHolder.withLock { $0.delegate = newValue } }
    }
    private struct WeakDelegate { weak var delegate: (any MicrophoneDelegate)? }
    private let delegateHolder = Locked(WeakDelegate())

    /// The captured channels as a node: record it (`Recorder.record(mixing:on:)`), tap it, or connect it.
    public let node: ChannelSelector
    /// The group the microphone is heard through when `isMonitoring`; put effects in its filters.
    public let monitor: ChannelGroup
    private let meter: LevelMeter
    private let onBuffer: (@Sendable (AudioBufferView) -> Void)?
    private let sampleRate: Double?
    private let sharedController: AudioController?
    struct Capture {
        var controller: AudioController?
        var tap: GraphTap?
        var device: String?
        var running = false
        var watch: UInt64?
    }
    let capture = Locked(Capture())
    let deviceObservers = EventObservers<String?>()
    private let deviceObservation = Locked<DeviceObservation?>(nil)
    private let bufferLoops = EventFanOut<[[Float]]>()

    /// Opens the microphone on `device` of `backend` (defaults: the runtime-picked backend and its default
    /// input). `onBuffer`, if given, receives every buffer before the delegate does. The microphone has a
    /// capture-only controller of its own, opened by `start()`.
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
            backend: resolveBackend(backend), shared: nil, device: device, channels: nil, channelCount: channelCount,
            sampleRate: sampleRate, bufferSize: bufferSize, onBuffer: onBuffer)
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
        try Self.check(channels, below: 1024)
        try self.init(
            backend: resolveBackend(backend), shared: nil, device: device, channels: channels,
            channelCount: channels.count, sampleRate: sampleRate, bufferSize: bufferSize, onBuffer: onBuffer)
    }

    /// A microphone on `controller`: `channels` of the controller's input (0-based; default all of them)
    /// as a node of its graph. `start()` opens the controller's input if no part has yet (see
    /// `AudioController.openInput()`) and starts delivering buffers; the controller runs with
    /// `controller.start()`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `channels` is empty or names a channel the
    ///   controller does not capture, or `bufferSize` is not 16...65536.
    public convenience init(
        on controller: AudioController, channels: [Int]? = nil, bufferSize: Int = 1024,
        onBuffer: (@Sendable (AudioBufferView) -> Void)? = nil
    ) throws(AudioError) {
        if let channels { try Self.check(channels, below: controller.inputChannelCount) }
        try self.init(
            backend: controller.backend, shared: controller, device: nil, channels: channels,
            channelCount: channels?.count ?? controller.inputChannelCount, sampleRate: nil, bufferSize: bufferSize,
            onBuffer: onBuffer)
        try attach(to: controller)
    }

    private static func check(_ channels: [Int], below limit: Int) throws(AudioError) {
        guard !channels.isEmpty, channels.allSatisfy({ (0..<limit).contains($0) }) else {
            throw AudioError(
                .invalidArgument, "a microphone takes channel numbers from 0 to \(limit - 1), not \(channels)")
        }
    }

    private init(
        backend: any AudioBackend, shared: AudioController?, device: String?, channels: [Int]?, channelCount: Int,
        sampleRate: Double?, bufferSize: Int, onBuffer: (@Sendable (AudioBufferView) -> Void)?
    ) throws(AudioError) {
        guard (1...64).contains(channelCount) else {
            throw AudioError(.invalidArgument, "a microphone takes 1 to 64 channels, not \(channelCount)")
        }
        guard (16...65536).contains(bufferSize) else {
            throw AudioError(.invalidArgument, "a microphone buffer holds 16 to 65536 frames, not \(bufferSize)")
        }
        self.backend = backend
        self.channelCount = channelCount
        self.bufferSize = bufferSize
        self.sampleRate = sampleRate
        self.channels = channels
        self.onBuffer = onBuffer
        sharedController = shared
        // A stand-alone microphone's controller captures just its device channels; one on a shared
        // controller picks its channels from the controller's input.
        node = ChannelSelector(channels: shared == nil ? Array(0..<channelCount) : channels ?? Array(0..<channelCount))
        monitor = ChannelGroup(name: "microphone", channelCount: max(1, shared?.channelCount ?? channelCount))
        monitor.isMuted = true
        meter = LevelMeter(channelCount: channelCount)
        capture.withLock { $0.device = device }
        let observation = try? backend.observeDevices { [weak self] change in
            guard let self else { return }
            self.delegate?.microphone(self, didObserve: change)
        }
        deviceObservation.withLock { $0 = observation }
    }

    deinit {
        deviceObservation.withLock { $0 }?.cancel()
        let capture = capture.withLock { $0 }
        if let token = capture.watch { capture.controller?.removeObserver(token) }
        if sharedController == nil {
            capture.controller?.close()
        } else if let engine = capture.controller?.engine {
            if let tap = capture.tap { try? engine.removeTap(tap) }
            try? engine.edit { editor in
                editor.detach(node)
                editor.detach(meter)
                editor.remove(monitor)
            }
        }
        deviceObservers.finish()
    }

    /// The controller the microphone is a part of: the shared one it was created on, or its own once
    /// `start()` has opened it.
    public var controller: AudioController? { capture.withLock { $0.controller } }

    /// The captured channels (`node`): what a recorder of this microphone records.
    public var soundNode: any AudioNode { node }

    /// Whether the microphone is heard through its controller's output (an output-less controller, as
    /// a stand-alone microphone's, has none). Off at first; the change ramps.
    public var isMonitoring: Bool {
        get { !monitor.isMuted }
        set { monitor.isMuted = !newValue }
    }

    /// Whether capture is running.
    public var isRunning: Bool { capture.withLock { $0.running } }

    /// The rate buffers arrive at (known once the controller is open).
    public var actualSampleRate: Double? { controller?.format.sampleRate }

    /// Frames lost because the receiver was too slow.
    public var droppedFrames: Int { capture.withLock { $0.tap?.droppedFrames ?? 0 } }

    /// Peak level since the last read, per channel, in dBFS.
    public func peakDBFS(channel: Int = 0) -> Double {
        controller == nil ? -.infinity : meter.peakDBFS(channel: channel)
    }

    /// Starts capturing: a stand-alone microphone opens its stream on first use; one on a shared
    /// controller opens the controller's input if need be and delivers from now on.
    /// - Throws: `AudioError` of kind `invalidArgument` when `sampleRate` is out of range (1000...768000 Hz);
    ///   opening the stream, `backendUnavailable` when the backend's library or server is missing,
    ///   `deviceNotFound` for an unknown `device`, `unsupportedConfiguration` when the device refuses even its own
    ///   rate and channels (or PulseAudio refuses the stream), `timedOut` when the server does not answer in time;
    ///   `streamInvalidated` when the server or device goes away; `invalidState` when the shared controller is
    ///   closed; or
    ///   `backendError` when the backend's library fails (a busy ALSA device, say) or a thread cannot start.
    public func start() throws(AudioError) {
        if let shared = sharedController {
            // Outside `capture`: opening the input posts to observers, which may read this microphone.
            try shared.openInput()  // throws invalidState once the controller is closed
            capture.withLock { $0.running = true }
            return
        }
        try capture.withLock { (capture: inout Capture) throws(AudioError) in
            guard !capture.running else { return }
            if capture.controller == nil {
                let controller = try AudioController(
                    backend: backend, inputDevice: capture.device, channelCount: 0, inputChannelCount: channelCount,
                    inputChannels: channels, usesInput: true, sampleRate: sampleRate, name: "Decibel microphone")
                do throws(AudioError) {
                    try connect(to: controller, tapping: &capture)
                } catch {
                    controller.close()
                    throw error
                }
                capture.controller = controller
                capture.watch = watch(controller)
            }
            try capture.controller?.start()
            capture.running = true
        }
    }

    /// Stops capturing: buffers not yet handed to the closure, delegate or loops are dropped. A stand-alone
    /// microphone stops its stream; one on a shared controller stops delivering (the controller runs on,
    /// and monitoring and recordings of `node` go on).
    /// - Throws: `AudioError` of kind `backendError` when JACK cannot deactivate the stream's client (the other
    ///   backends do not throw when stopping).
    public func stop() throws(AudioError) {
        try capture.withLock { (capture: inout Capture) throws(AudioError) in
            guard capture.running else { return }
            if sharedController == nil { try capture.controller?.stop() }
            capture.running = false
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

    private func attach(to controller: AudioController) throws(AudioError) {
        try capture.withLock { (capture: inout Capture) throws(AudioError) in
            capture.controller = controller
            capture.watch = watch(controller)
            try connect(to: controller, tapping: &capture)
        }
    }

    /// Puts `node`, the meter and the monitor group in the controller's graph and taps `node`.
    private func connect(to controller: AudioController, tapping capture: inout Capture) throws(AudioError) {
        let engine = controller.engine
        try engine.edit { (editor: inout GraphEditor) throws(AudioError) in
            try editor.connect(engine.inputNode, to: node)
            try editor.connect(node, to: meter)
            try editor.add(monitor, to: engine.mainGroup)
            try editor.add(node, to: monitor)
        }
        capture.tap = try engine.installTap(on: node, bufferSize: bufferSize) { [weak self] buffer in
            guard let self, self.isRunning else { return }
            self.onBuffer?(buffer)
            self.feedLoops(buffer)
            self.delegate?.microphone(self, didReceive: buffer)
        }
    }

    /// Consumer thread: copies `buffer` once for the loops over `buffers()`, if there are any.
    private func feedLoops(_ buffer: AudioBufferView) {
        guard bufferLoops.hasLoops else { return }
        bufferLoops.yield(
            (0..<buffer.channelCount).map {
                Array(UnsafeBufferPointer(start: buffer.samples($0), count: buffer.frameCount))
            })
    }
}
