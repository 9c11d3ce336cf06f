/// The format a stream actually runs with, after negotiation.
public struct StreamFormat: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Double
    /// Capture channels the render callback receives (0 for output streams).
    public var inputChannelCount: Int
    /// Playback channels the render callback fills (0 for input streams).
    public var outputChannelCount: Int
    /// Nominal frames per callback.
    public var bufferSize: Int
    /// The largest `frameCount` a callback can receive; prepare buffers for this.
    public var maximumFrameCount: Int
    /// The encoding on the device side (converted to and from `Float` at the edge), as granted when the stream
    /// opened: a PulseAudio stream the server moves to another device keeps it (the server converts).
    public var deviceSampleType: SampleType

    /// Backends report the format they granted with this; `deviceSampleType` is what the device takes at its edge.
    public init(
        sampleRate: Double, inputChannelCount: Int, outputChannelCount: Int, bufferSize: Int, maximumFrameCount: Int,
        deviceSampleType: SampleType = .float32
    ) {
        self.sampleRate = sampleRate
        self.inputChannelCount = inputChannelCount
        self.outputChannelCount = outputChannelCount
        self.bufferSize = bufferSize
        self.maximumFrameCount = maximumFrameCount
        self.deviceSampleType = deviceSampleType
    }

    /// The most frames Decibel's own render code (an `AudioEngine`'s nodes, a PulseAudio playback callback)
    /// handles at once: a longer callback, such as a player's second-long request, is rendered in pieces this long,
    /// so buffers sized for a piece stay small whatever the stream's latency.
    package static let largestRenderPiece = 4096

    public var description: String {
        "\(Int(sampleRate)) Hz, in \(inputChannelCount) ch, out \(outputChannelCount) ch, \(bufferSize) frames/callback, device \(deviceSampleType)"
    }
}

/// How far the stream's audio is from the outside world, in frames.
public struct StreamLatency: Hashable, Sendable {
    /// Frames between a sound reaching the device and the render callback seeing it.
    public var inputFrames: Int
    /// Frames between the render callback writing a sample and the device playing it.
    public var outputFrames: Int

    /// Frames between the device and the render callback: `inputFrames` on capture, `outputFrames` on playback.
    public init(inputFrames: Int = 0, outputFrames: Int = 0) {
        self.inputFrames = inputFrames
        self.outputFrames = outputFrames
    }
}

/// Where a stream is in its life.
public enum StreamState: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// Open, not running.
    case stopped
    /// Calling the render callback.
    case running
    /// Its device or server is gone; it cannot start again. Open a new stream.
    case invalidated
    /// Closed; every resource is released.
    case closed

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .running: "running"
        case .invalidated: "invalidated"
        case .closed: "closed"
        }
    }
}

/// A stream of audio between the render callback and a device.
///
/// Control calls (`start`, `stop`, `close`) are thread-safe and may block briefly; never call them from
/// the render callback. `close` is idempotent and always returns promptly, even when the server is gone.
public protocol AudioStream: AnyObject, Sendable {
    /// The configuration the stream was opened with.
    var configuration: StreamConfiguration { get }
    /// The format after negotiation with the device or server.
    var format: StreamFormat { get }
    /// Latency reported by the backend, in frames.
    var latency: StreamLatency { get }
    /// Underruns and overruns since the stream opened.
    var xrunCount: Int { get }
    /// Where the stream is in its life.
    var state: StreamState { get }
    /// Starts calling the render callback.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is closed, `streamInvalidated` when its device or
    ///   server has gone (open a new stream), or `backendError` when the backend's library refuses to start it;
    ///   backends that connect the stream when it starts (PulseAudio, PipeWire) also throw what
    ///   `AudioBackend.makeStream(_:)` does, such as `deviceNotFound`, `unsupportedConfiguration` or `timedOut`. Each
    ///   backend documents its own.
    func start() throws(AudioError)
    /// Stops calling the render callback; when this returns no callback is running.
    /// - Throws: `AudioError` of kind `invalidState` when the stream is already closed, or `backendError` when the
    ///   backend's library refuses to stop it (JACK failing to deactivate its client); stopping a stream that is not
    ///   running is not an error. Each backend documents its own; most never throw here.
    func stop() throws(AudioError)
    /// Stops and releases everything. Further `start()` calls throw `invalidState`.
    func close()
    /// The stream's events (started, xruns, device lost, …) as an async sequence, besides the
    /// configuration's `onEvent` handler. At most `capacity` events wait for a slow loop; older ones are
    /// dropped and counted. The sequence ends when the stream closes, or when its loop is left.
    func events(capacity: Int) -> EventSequence<StreamEvent>
    /// Drops the output the server holds but has not played yet, so what the render callback renders next is
    /// heard at once: a player with a deep buffer calls it when it starts, pauses or seeks. The server asks
    /// for a full buffer again right away. PulseAudio's streams drop their buffer (`pa_stream_flush`), ALSA's
    /// playback streams their PCM's (`snd_pcm_drop`, which the render thread makes); the other backends hold
    /// no more than a period or two and do nothing. A control call; it does not wait.
    func discardQueuedOutput()
}

extension AudioStream {
    /// Does nothing: a stream that queues no more than a period or two has nothing worth dropping.
    public func discardQueuedOutput() {}

    /// The stream's events, with room for 64 waiting: see ``events(capacity:)``.
    public func events() -> EventSequence<StreamEvent> { events(capacity: 64) }

    /// Latency in seconds at the stream's rate.
    public var outputLatencySeconds: Double { Double(latency.outputFrames) / format.sampleRate }
}
