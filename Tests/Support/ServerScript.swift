import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `Scripts/servers ACTION TARGET` with posix_spawn and waits for it with waitpid.
///
/// `TestEnvironment.servers` (Foundation's Process) can wait forever when the script leaves a daemon
/// behind (seen with pipewire here), so server control in these tests goes through this instead. Output
/// goes to `$runtime/servers-<action>.log`; the daemons' own logs are the script's business.
/// Returns the exit status, or nil on timeout (the script is then killed).
@discardableResult
public func serversScript(_ action: String, _ target: String, runtime: String? = nil, timeout: Double = 40) -> Int32? {
    let script = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
    var environment = ProcessInfo.processInfo.environment
    if let runtime { environment["DECIBEL_RUNTIME_DIR"] = runtime }
    let logDirectory = environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test"
    try? FileManager.default.createDirectory(atPath: logDirectory, withIntermediateDirectories: true)
    return spawnAndWait(
        ["/bin/bash", script, action, target], environment: environment,
        output: "\(logDirectory)/servers-\(action)-\(target).log", timeout: timeout)
}

/// Runs `arguments` (absolute path first) with an empty signal mask, stdin from /dev/null and stdout and
/// stderr into the file `output`; waits up to `timeout` seconds. Returns the exit status, or nil on timeout.
public func spawnAndWait(
    _ arguments: [String], environment: [String: String], output: String, timeout: Double
) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, output + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // Test threads block SIGINT/SIGTERM; children (and daemons they start) must get them.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 else { return -1 }
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return (status >> 8) & 0xff }
        if result < 0 { return 0 }  // reaped elsewhere; callers check the outcome themselves
        usleep(20_000)
    }
    kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
    return nil
}
