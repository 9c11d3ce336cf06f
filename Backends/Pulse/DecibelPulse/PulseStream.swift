import DecibelCore

/// A playback, capture or duplex stream on a PulseAudio server.
///
/// Playback is driven by the server's write callback: the render callback fills exactly the frames the
/// server asks for, in pieces of at most 4096 frames (a duplex stream's whole). Capture hands the render
/// callback complete blocks of `format.bufferSize` frames from the read callback. Duplex runs a record and a
/// playback stream on one connection; captured blocks reach the playback callback through a ring.
///
/// `format.bufferSize` is also the target latency: it becomes the playback `tlength` / capture `fragsize`
/// with `PA_STREAM_ADJUST_LATENCY`; `latency` reports what `pa_stream_get_latency` measures. An output-only
/// stream's buffer of half a second or more is one for playing, not a latency: it connects without that flag,
/// as paplay's does, so the server chooses the sink's latency itself (deeper) and wakes as seldom as for
/// paplay; what is heard lags by the buffer plus the sink's latency.
/// When the server goes away the stream posts `serverShutDown` and becomes `invalidated`; with
/// `PulseBackend.Options.reconnect` it reconnects once the server is back and posts `reconnected`.
public final class PulseStream: AudioStream, @unchecked Sendable {
    private let supervisor: PulseStreamSupervisor

    init(configuration: StreamConfiguration, options: PulseStreamOptions, backend: PulseBackend) throws(AudioError) {
        supervisor = try PulseStreamSupervisor(configuration: configuration, stream: options, backend: backend)
    }

    /// Dropping the stream closes it (stopping audio and freeing its threads).
    deinit { supervisor.close() }

    public var configuration: StreamConfiguration { supervisor.configuration }
    public var format: StreamFormat { supervisor.format }
    public var latency: StreamLatency { supervisor.latency }
    public var xrunCount: Int { supervisor.xrunCount }
    public func events(capacity: Int) -> EventSequence<StreamEvent> { supervisor.events(capacity: capacity) }
    public var state: StreamState { supervisor.state }

    /// The sink and source the stream plays to and records from right now (`nil` while not running).
    public var currentDevices: (output: String?, input: String?) { supervisor.currentDevices }

    /// The server's buffer attributes as frames (`tlength` and `minreq` for playback, `fragsize` for
    /// capture), `nil` while not running.
    public var serverBufferFrames: (target: Int, minimumRequest: Int, fragment: Int)? { supervisor.serverBufferFrames }

    /// Drops what the playback stream has queued in the server (`pa_stream_flush`); the server then asks
    /// for a full buffer at once. Does nothing while the stream is not connected or has no output.
    public func discardQueuedOutput() { supervisor.discardQueuedOutput() }

    public func start() throws(AudioError) { try supervisor.start() }
    public func stop() throws(AudioError) { try supervisor.stop() }
    public func close() { supervisor.close() }
}
