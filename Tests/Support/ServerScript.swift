import Foundation

/// Runs `Scripts/servers ACTION TARGET` and waits for it.
///
/// Its output goes to files, `$runtime/servers-<action>-<target>.log` and `.log.err`, not pipes: a daemon
/// the script leaves behind (pipewire, pulseaudio) inherits them and would keep pipes open. The daemons'
/// own logs are the script's business. Returns the exit status (128 + the signal number if a signal ended
/// it), or nil on timeout (the script is then killed).
@discardableResult
public func serversScript(_ action: String, _ target: String, runtime: String? = nil, timeout: Double = 40) -> Int32? {
    let script = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
    var environment: [String: String] = [:]
    if let runtime { environment["DECIBEL_RUNTIME_DIR"] = runtime }
    let logDirectory = runtime ?? ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test"
    try? FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
    return spawnAndWait(
        ["/bin/bash", script, action, target], environment: environment,
        output: "\(logDirectory)/servers-\(action)-\(target).log", timeout: timeout)
}

/// Runs `arguments` (program first) as a `ChildProcess` with `environment` merged over this process's,
/// stdin from /dev/null and stdout and stderr into the files `output` and `output.err`; waits up to
/// `timeout` seconds. Returns the exit status (128 + the signal number if a signal ended it; 0 if it was
/// reaped elsewhere, callers check the outcome themselves), -1 if it could not start, or nil on timeout
/// (it is then killed with SIGKILL).
public func spawnAndWait(
    _ arguments: [String], environment: [String: String], output: String, timeout: Double
) -> Int32? {
    guard
        let child = try? ChildProcess(
            arguments[0], Array(arguments.dropFirst()), environment: environment, standardInput: .null,
            standardOutput: .file(output), standardError: .file(output + ".err"))
    else { return -1 }
    guard let termination = child.wait(timeout: timeout) else {
        child.signal(SIGKILL)
        child.wait()
        return nil
    }
    switch termination {
    case .exited(let status): return status
    case .signalled(let signal): return 128 + signal
    case .unknown: return 0
    }
}
