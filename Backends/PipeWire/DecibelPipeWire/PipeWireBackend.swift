import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The native PipeWire backend: audio sinks, sources and sink monitors from the registry as devices,
/// streams as `pw_stream`s on a `pw_thread_loop`.
///
/// libpipewire is loaded with `dlopen` on first use (`DECIBEL_PIPEWIRE_LIBRARY` names another file), so a
/// program that includes this backend runs where libpipewire is missing; the backend then reports
/// `.unavailable(reason:)`. Where the daemon's socket is missing it is not loaded at all. Every call opens its
/// own short connection, so results are never stale.
public final class PipeWireBackend: AudioBackend {
    /// How the backend finds its library and daemon, and what it calls itself there.
    public struct Options: Sendable {
        /// The daemon's socket: a name in the runtime dir (`pipewire-0`) or an absolute path
        /// (`/run/user/1000/pipewire-0`); `nil` uses `PIPEWIRE_REMOTE`, else `pipewire-0` in
        /// `PIPEWIRE_RUNTIME_DIR` or `XDG_RUNTIME_DIR`, as libpipewire does.
        public var remote: String?
        /// The libpipewire file to load.
        public var libraryPath: String
        /// How long connecting and each request may take before failing with `timedOut`, in seconds.
        public var timeout: Double
        /// The application name the daemon shows.
        public var clientName: String

        /// `remote` nil means `DECIBEL_PIPEWIRE_REMOTE` from `environment`, else libpipewire's default;
        /// `libraryPath` nil means `DECIBEL_PIPEWIRE_LIBRARY`, else `libpipewire-0.3.so.0`.
        public init(
            remote: String? = nil, libraryPath: String? = nil, timeout: Double = 2, clientName: String = "Decibel",
            environment: [String: String] = BackendEnvironment.current()
        ) {
            self.remote = remote ?? BackendEnvironment.value("DECIBEL_PIPEWIRE_REMOTE", in: environment)
            self.libraryPath = PipeWireLibrary.description.resolvePath(libraryPath, environment: environment)
            self.timeout = timeout
            self.clientName = clientName
        }

        var timeoutNanoseconds: UInt64 { UInt64(max(0.05, timeout) * 1e9) }
    }

    public let id = "pipewire"
    public let name = "PipeWire"
    /// What this backend was created with.
    public let options: Options

    /// Nothing connects until a device list or a stream is asked for, so creating one is free.
    public init(options: Options = Options()) { self.options = options }

    /// Creates the backend talking to the daemon at `remote` (a socket name or absolute path).
    public convenience init(remote: String?) {
        self.init(options: Options(remote: remote))
    }

    public var availability: BackendAvailability {
        do {
            let connection = try connect()
            defer { connection.close() }
            let (name, version, properties) = connection.withLock {
                (connection.serverName, connection.serverVersion, connection.serverProperties)
            }
            var detail = "\(name) \(version) (libpipewire \(connection.library.version))"
            if let rate = properties["default.clock.rate"], let quantum = properties["default.clock.quantum"] {
                detail += ", \(rate) Hz, quantum \(quantum)"
            }
            return .available(detail: detail)
        } catch {
            return .unavailable(reason: error.messageWithCode)
        }
    }

    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try makePipeWireStream(configuration)
    }

    /// Opens a stream as a `PipeWireStream`, for what only PipeWire offers (its node id and quantum).
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out
    ///   of range, `unsupportedConfiguration` for more than 64 channels, `backendUnavailable` when libpipewire
    ///   is missing, no daemon answers at `remote` or the daemon fails while answering, `timedOut` when it does
    ///   not answer within `Options.timeout`, `deviceNotFound` when a configured device is no node the stream's
    ///   way, or `backendError` when the stream's event thread cannot start.
    public func makePipeWireStream(_ configuration: StreamConfiguration) throws(AudioError) -> PipeWireStream {
        try PipeWireStream(configuration: configuration, backend: self)
    }

    /// A new connection to the configured daemon.
    func connect(name: String? = nil, watchRegistry: Bool = false) throws(AudioError) -> PipeWireConnection {
        // A missing socket means no daemon, which is said without loading libpipewire and the modules and SPA
        // plugins its context loads before it tries the socket (nine libraries, some 5 ms of a `decibel play` on
        // a machine without PipeWire). A library named by its path is tried first, so a wrong path says so.
        let missingSocket = Self.socketPath(remote: options.remote, environment: BackendEnvironment.current())
            .flatMap { access($0, F_OK) == 0 ? nil : $0 }
        if let missingSocket, !options.libraryPath.hasPrefix("/") { throw Self.noDaemon(at: missingSocket) }
        let library = try PipeWireLibrary.load(path: options.libraryPath)
        if let missingSocket { throw Self.noDaemon(at: missingSocket) }
        return try PipeWireConnection(
            library: library, name: name ?? options.clientName, remote: options.remote,
            watchRegistry: watchRegistry, timeoutNanoseconds: options.timeoutNanoseconds)
    }

    /// The socket libpipewire connects to, where that can be told without it: `remote`, else `PIPEWIRE_REMOTE`,
    /// else `pipewire-0`, as an absolute path or a name in `PIPEWIRE_RUNTIME_DIR`, `XDG_RUNTIME_DIR` or
    /// `USERPROFILE`. Nil when libpipewire must decide (no runtime dir, a list of names), and when the name is
    /// not in the runtime dir but is in `/run/pipewire`, where a system-wide daemon listens.
    static func socketPath(remote: String?, environment: [String: String]) -> String? {
        let name = remote ?? BackendEnvironment.value("PIPEWIRE_REMOTE", in: environment) ?? "pipewire-0"
        guard !name.isEmpty, !name.contains(","), !name.hasPrefix("@") else { return nil }
        if name.hasPrefix("/") { return name }
        let directory = ["PIPEWIRE_RUNTIME_DIR", "XDG_RUNTIME_DIR", "USERPROFILE"].lazy
            .compactMap { BackendEnvironment.value($0, in: environment) }.first
        guard let directory, access("/run/pipewire/\(name)", F_OK) != 0 else { return nil }
        return "\(directory)/\(name)"
    }

    private static func noDaemon(at socket: String) -> AudioError {
        AudioError(
            .backendUnavailable, "no PipeWire daemon at \(socket) (no such socket); start pipewire or set the remote",
            backend: "pipewire")
    }
}
