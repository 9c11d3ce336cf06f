import DecibelCore

/// The PulseAudio backend (also PipeWire's Pulse server): sinks and sources as devices, streams driven
/// by the server's write and read callbacks on a `pa_threaded_mainloop`.
///
/// libpulse is loaded with `dlopen` on first use (`DECIBEL_PULSE_LIBRARY` names another file), so a
/// program that includes this backend runs where libpulse is missing; the backend then reports
/// `.unavailable(reason:)`. Every call opens its own short connection, so results are never stale.
public final class PulseBackend: AudioBackend {
    /// How the backend finds its library and server, and what its streams do unless told otherwise.
    public struct Options: Sendable {
        /// Server address (`unix:/run/user/1000/pulse/native`, `tcp:127.0.0.1:4713`, a host name);
        /// `nil` uses `PULSE_SERVER` or libpulse's default. The server is never autospawned.
        public var server: String?
        /// The libpulse file to load.
        public var libraryPath: String
        /// How long connecting and each request may take before failing with `timedOut`, in seconds.
        public var timeout: Double
        /// The client name the server shows.
        public var clientName: String
        /// What `makeStream(_:)` opens streams with; `makePulseStream(_:options:)` takes others per stream.
        public var streams: PulseStreamOptions

        /// `server` and `libraryPath` nil mean `DECIBEL_PULSE_SERVER` and `DECIBEL_PULSE_LIBRARY` from
        /// `environment`, else libpulse's default server and `libpulse.so.0`.
        public init(
            server: String? = nil, libraryPath: String? = nil, timeout: Double = 2, clientName: String = "Decibel",
            streams: PulseStreamOptions = PulseStreamOptions(),
            environment: [String: String] = BackendEnvironment.current()
        ) {
            self.server = server ?? BackendEnvironment.value("DECIBEL_PULSE_SERVER", in: environment)
            self.libraryPath = PulseLibrary.description.resolvePath(libraryPath, environment: environment)
            self.timeout = timeout
            self.clientName = clientName
            self.streams = streams
        }

        var timeoutNanoseconds: UInt64 { UInt64(max(0.05, timeout) * 1e9) }
    }

    public let id = "pulse"
    public let name = "PulseAudio"
    /// What this backend was created with.
    public let options: Options

    /// Nothing connects until a device list or a stream is asked for, so creating one is free.
    public init(options: Options) { self.options = options }

    /// Creates the backend talking to `server` (`nil`: `PULSE_SERVER` or the default), optionally
    /// reconnecting streams after the server restarts.
    public convenience init(server: String? = nil, reconnect: Bool = false) {
        self.init(options: Options(server: server, streams: PulseStreamOptions(reconnect: reconnect)))
    }

    public var availability: BackendAvailability {
        do {
            let connection = try connect()
            defer { connection.close() }
            let info = try connection.serverInfo()
            return .available(
                detail: "\(info.name) \(info.version) at \(connection.serverAddress), \(Int(info.sampleRate)) Hz")
        } catch {
            return .unavailable(reason: error.messageWithCode)
        }
    }

    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try makePulseStream(configuration)
    }

    /// Opens a stream as a `PulseStream` with `options` (`nil`: the backend's `Options.streams`), for what
    /// only PulseAudio offers (its buffer attributes, reconnection).
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out
    ///   of range, `unsupportedConfiguration` for more than 32 channels, `backendUnavailable` when libpulse is
    ///   missing or no server answers, `timedOut` when the server does not answer the connection (within
    ///   `Options.timeout`) or a query in time, `deviceNotFound` when the output device is no sink or the input
    ///   device no source, `streamInvalidated` when the server goes away during a query, or `backendError` when
    ///   libpulse cannot set up its main loop or a query, or a thread cannot start.
    public func makePulseStream(
        _ configuration: StreamConfiguration, options streamOptions: PulseStreamOptions? = nil
    ) throws(AudioError) -> PulseStream {
        try PulseStream(configuration: configuration, options: streamOptions ?? options.streams, backend: self)
    }

    /// A new connection to the configured server.
    func connect(name: String? = nil) throws(AudioError) -> PulseConnection {
        let library = try PulseLibrary.load(path: options.libraryPath)
        return try PulseConnection(
            library: library, server: options.server, name: name ?? options.clientName,
            timeoutNanoseconds: options.timeoutNanoseconds)
    }
}
