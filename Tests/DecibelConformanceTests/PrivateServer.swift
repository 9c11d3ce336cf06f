import Decibel
import DecibelTestSupport
import Foundation

/// A server of one test's own, for behaviours that kill it: jackd (dummy driver), pulseaudio (null sink) or
/// PipeWire with WirePlumber, each started by `Scripts/servers` in a runtime folder of its own.
final class PrivateServer {
    let backend: any AudioBackend
    private let pidFile: String
    private let stopServer: () -> Void

    private init(backend: any AudioBackend, pidFile: String, stop: @escaping () -> Void) {
        self.backend = backend
        self.pidFile = pidFile
        stopServer = stop
    }

    /// Starts one for `backend`; nil for the backends that have no server (ALSA, Null).
    static func start(for backend: BackendUnderTest) throws -> PrivateServer? {
        let base = (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-conformance"
        switch backend {
        case .jack:
            let server = try PrivateJACKServer("conformance")
            return PrivateServer(
                backend: JACKBackend(options: .init(serverName: server.name, clientName: "dcb-conformance")),
                pidFile: "\(server.runtimeDirectory)/jackd.pid", stop: { try? server.servers("stop") })
        case .pulse:
            let runtime = base + "-pulse"
            return try scripted(
                "pulse", in: runtime, pidFile: "pulseaudio.pid",
                PulseBackend(options: .init(server: "unix:\(runtime)/pulse/native")))
        case .pipewire:
            let runtime = base + "-pipewire"
            return try scripted(
                "pipewire", in: runtime, pidFile: "pipewire.pid",
                PipeWireBackend(options: .init(remote: "\(runtime)/pulse/pw/pipewire-0")))
        case .alsa, .null:
            return nil
        }
    }

    /// Kills the server with SIGKILL (no goodbye to its clients).
    func kill() throws {
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ServerError(message: "no process id in \(pidFile)")
        }
        Foundation.kill(pid, SIGKILL)
    }

    /// Stops what is left (the session manager, the runtime folder's other daemons).
    func stop() { stopServer() }

    /// `Scripts/servers start SERVER` in `runtime`, and the backend that talks to it.
    private static func scripted(
        _ server: String, in runtime: String, pidFile: String, _ backend: any AudioBackend
    ) throws -> PrivateServer {
        let status = serversScript("start", server, runtime: runtime)
        guard status == 0 else {
            let log = (try? String(contentsOfFile: "\(runtime)/servers-start-\(server).log.err", encoding: .utf8)) ?? ""
            throw ServerError(message: "\(server) did not start in \(runtime): \(log)")
        }
        return PrivateServer(
            backend: backend, pidFile: "\(runtime)/\(pidFile)",
            stop: { serversScript("stop", server, runtime: runtime) })
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
