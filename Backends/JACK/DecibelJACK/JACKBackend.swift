import CJACK
import DecibelCore

/// The JACK backend: streams are JACK clients whose render callback works on JACK's own port buffers.
///
/// The library is loaded with `dlopen` on first use (`libjack.so.0`, or the file named by
/// `DECIBEL_JACK_LIBRARY`); the backend is available only when a JACK server answers, and it never
/// starts one. Devices are the physical ports grouped by client (`system`); see `devices()`.
public final class JACKBackend: AudioBackend {
    /// How the backend finds its library and server, and what its streams do unless told otherwise.
    public struct Options: Sendable, Hashable {
        /// The JACK server to talk to; `nil` uses `JACK_DEFAULT_SERVER`, else the server named "default".
        /// Name a networked (netjack) server's local master here too.
        public var serverName: String?
        /// The client name streams use when their configuration does not name one.
        public var clientName: String
        /// The libjack file to load.
        public var libraryPath: String
        /// What `makeStream(_:)` opens streams with (connections, port names); `makeJACKStream(_:options:)`
        /// takes others per stream.
        public var streams: JACKStreamOptions

        /// `libraryPath` nil means `DECIBEL_JACK_LIBRARY` from `environment`, else `libjack.so.0`.
        public init(
            serverName: String? = nil, clientName: String = "Decibel", libraryPath: String? = nil,
            streams: JACKStreamOptions = JACKStreamOptions(),
            environment: [String: String] = BackendEnvironment.current()
        ) {
            self.serverName = serverName
            self.clientName = clientName
            self.libraryPath = JACKLibrary.description.resolvePath(libraryPath, environment: environment)
            self.streams = streams
        }
    }

    public let id = "jack"
    public let name = "JACK"
    /// The options the backend was created with.
    public let options: Options

    /// Creates the backend. Nothing is loaded or contacted until it is used.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The library file this backend loads.
    public var libraryPath: String { options.libraryPath }

    func library() throws(AudioError) -> JACKLibrary {
        try JACKLibrary.load(path: options.libraryPath)
    }

    /// Opens a short-lived client for a query (control thread only).
    func openClient(suffix: String) throws(AudioError) -> JACKClient {
        try JACKClient(library: library(), name: "\(options.clientName)-\(suffix)", serverName: options.serverName)
    }

    /// Available when libjack loads and a server answers a client opened with `JackNoStartServer`.
    /// When the libjack is PipeWire's JACK implementation the backend works only when named: the
    /// automatic pick leaves the stream to the native PipeWire backend, which negotiates the quantum.
    public var availability: BackendAvailability {
        do {
            let client = try openClient(suffix: "probe")
            defer { client.close() }
            let server = JACKClient.describeServer(options.serverName)
            let detail = "\(server) at \(Int(client.sampleRate)) Hz, \(client.bufferSize) frames per period"
            if client.library.isPipeWireJACK {
                return .availableOnRequest(
                    detail: detail
                        + "; this libjack (\(client.library.path)) is PipeWire's JACK implementation, so the native PipeWire backend is the better pick"
                )
            }
            return .available(detail: detail)
        } catch {
            return .unavailable(reason: error.messageWithCode)
        }
    }

    /// Opens a stream with the backend's `Options.streams` (by default: connected to the device's physical ports).
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out of
    ///   range, `backendUnavailable` when libjack is missing or no server runs, `backendError` when the server refuses
    ///   the client, a port or a callback, or a thread cannot start, `deviceNotFound` when the configured device is no
    ///   client with physical ports, or `unsupportedConfiguration` when `sampleRate` is not the server's or the device
    ///   has no physical ports the stream's way.
    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try makeJACKStream(configuration)
    }

    /// Opens a stream as a JACK client with `options` (connections, port and client names; `nil`: the
    /// backend's `Options.streams`).
    ///
    /// The server fixes rate and period: a `sampleRate` other than the server's is refused, and
    /// `bufferSize` is not applied (the stream runs at the server's period and reports it in `format`).
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out of
    ///   range or the port names are not one distinct, non-empty name per channel, `backendUnavailable` when libjack is
    ///   missing or no server runs, `backendError` when the server refuses the client (a taken name with
    ///   `exactClientName`), a port or a callback, or a thread cannot start, `deviceNotFound` when an automatically
    ///   connected direction's device is no client with physical ports, or `unsupportedConfiguration` when `sampleRate`
    ///   is not the server's or that device has no physical ports the stream's way.
    public func makeJACKStream(
        _ configuration: StreamConfiguration, options requested: JACKStreamOptions? = nil
    ) throws(AudioError) -> JACKStream {
        try configuration.validate(backend: id)
        let streamOptions = requested ?? options.streams
        let clientName =
            streamOptions.clientName ?? (configuration.name.isEmpty ? options.clientName : configuration.name)
        let client = try JACKClient(
            library: library(), name: clientName, serverName: options.serverName,
            exactName: streamOptions.exactClientName)
        do throws(AudioError) {
            let wiring = try JACKPortWiring(configuration: configuration, options: streamOptions, client: client)
            return try JACKStream(configuration: configuration, options: streamOptions, client: client, wiring: wiring)
        } catch {
            client.close()
            throw error
        }
    }
}
