import DecibelCore
import Foundation

/// Runs a program to its end as a `ChildProcess`, its output going through files rather than pipes:
/// `Scripts/servers start jack` leaves a jackd behind that would inherit the pipes and hold them open.
public func runWithOutputInFiles(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:]
) throws -> ProcessResult {
    let directory = TestEnvironment.temporaryDirectory("spawn-files")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
    let child = try ChildProcess(
        executable, arguments, environment: environment, standardInput: .null, standardOutput: .file(out),
        standardError: .file(err))
    let termination = child.wait()
    return ProcessResult(
        termination, output: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(),
        error: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data())
}

/// A jackd of the test's own (dummy driver, via `Scripts/servers` with its own name and runtime
/// directory), for tests that kill the server, change its period, make it xrun or need a period other
/// than the shared server's: other suites keep using the shared server undisturbed.
public final class PrivateJACKServer {
    /// The server's name (what `JACK_DEFAULT_SERVER` or a backend's `serverName` takes).
    public let name: String
    /// Where `Scripts/servers` keeps this server's pid file and log.
    public let runtimeDirectory: String
    /// The period the server started with (frames).
    public let period: Int
    /// What a JACK tool needs in its environment to talk to this server.
    public var environment: [String: String] {
        [
            "DECIBEL_RUNTIME_DIR": runtimeDirectory, "DECIBEL_TEST_JACK_SERVER": name, "JACK_DEFAULT_SERVER": name,
            "DECIBEL_TEST_JACK_PERIOD": String(period),
        ]
    }

    /// Starts a server named after the shared one plus `suffix`, with a period of `period` frames (by
    /// default the shared server's).
    public init(_ suffix: String, period: Int? = nil) throws {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["DECIBEL_TEST_JACK_SERVER"] ?? environment["JACK_DEFAULT_SERVER"] ?? "decibel-test"
        name = "\(base)-\(suffix)"
        runtimeDirectory = "\(environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test")/\(suffix)"
        self.period = period ?? environment["DECIBEL_TEST_JACK_PERIOD"].flatMap { Int($0) } ?? 256
        try servers("start")
    }

    deinit { try? servers("stop") }

    /// `Scripts/servers ACTION jack` for this server.
    public func servers(_ action: String) throws {
        let script = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
        let result = try runWithOutputInFiles(script, [action, "jack"], environment: environment)
        guard result.status == 0 else {
            throw AudioError(.backendError, "Scripts/servers \(action) jack (\(name)) failed: \(result.standardError)")
        }
    }

    /// Runs a JACK tool (`jack_bufsize`, `jack_lsp`, `jack_connect`) against this server.
    @discardableResult
    public func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        try runWithOutputInFiles(name, arguments, environment: environment)
    }

    /// The server process id, from the pid file `Scripts/servers` writes.
    public func pid() throws -> pid_t {
        let text = try String(contentsOfFile: "\(runtimeDirectory)/jackd.pid", encoding: .utf8)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw AudioError(.backendError, "no pid in \(runtimeDirectory)/jackd.pid")
        }
        return pid
    }
}
