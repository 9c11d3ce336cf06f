import Foundation

/// What the test run has: which servers `Scripts/test` started, where the repository is, how to run a tool.
public enum TestEnvironment {
    /// True when `Scripts/test` runs the suite: a missing server is then a failure, not a skip.
    public static var serversRequired: Bool { ProcessInfo.processInfo.environment["DECIBEL_TEST_SERVERS"] == "1" }

    /// True when the suite runs under AddressSanitizer or ThreadSanitizer (`Scripts/test` sets
    /// `DECIBEL_TEST_SANITIZER`): the render callbacks run 5–15 times slower, so a test may see an xrun the
    /// plain pass, which checks that promise, must not.
    public static var sanitizerSlowsRendering: Bool {
        ProcessInfo.processInfo.environment["DECIBEL_TEST_SANITIZER"] != nil
    }

    /// The repository root (found from this file's path).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The folder holding built products (`.build/debug`), found from the test bundle's location.
    public static let productsDirectory: URL = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var url = executable.deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("decibel").path) { return url }
            url.deleteLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug")
    }()

    /// A fresh temporary directory for one test.
    public static func temporaryDirectory(_ name: String = "decibel") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `Scripts/servers ACTION TARGET` (start, stop, restart) and waits for it.
    @discardableResult
    public static func servers(_ action: String, _ target: String) throws -> ProcessResult {
        try run(repositoryRoot.appendingPathComponent("Scripts/servers").path, [action, target])
    }
}

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var terminatedBySignal: Bool
    public var standardOutput: String
    public var standardError: String
    public var standardOutputData: Data
}

/// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` and waits, killing it after
/// `timeout` seconds.
///
/// Children start with an empty signal mask and default signal dispositions: the test runner blocks
/// SIGINT/SIGTERM on its threads, and a child that inherited that (tmux, parec, a daemon) would ignore
/// Ctrl-C, `timeout` and its own event loop's signals.
@discardableResult
public func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120,
    input: Data? = nil
) throws -> ProcessResult {
    let child = try SpawnedProcess(executable, arguments, environment: environment)
    if let input { child.write(input) }
    child.closeInput()
    let killer = DispatchWorkItem { kill(child.pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    let (output, errors) = child.readToEnd()
    let status = child.wait()
    killer.cancel()
    return ProcessResult(
        status: status.code, terminatedBySignal: status.signalled,
        standardOutput: String(decoding: output, as: UTF8.self), standardError: String(decoding: errors, as: UTF8.self),
        standardOutputData: output
    )
}

/// A child process started with `posix_spawnp`, its standard streams on pipes.
final class SpawnedProcess: @unchecked Sendable {
    let pid: pid_t
    private var input: Int32, output: Int32, errors: Int32

    init(_ executable: String, _ arguments: [String], environment: [String: String]?) throws {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else {
            throw SpawnError(message: "pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in inPipe + outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let merged = ProcessInfo.processInfo.environment.merging(environment ?? [:]) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        close(inPipe[0]); close(outPipe[1]); close(errPipe[1])
        guard status == 0 else {
            close(inPipe[1]); close(outPipe[0]); close(errPipe[0])
            throw SpawnError(message: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
    }

    func write(_ data: Data) {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Reads standard output and standard error to their ends, concurrently so neither pipe fills up.
    func readToEnd() -> (Data, Data) {
        nonisolated(unsafe) var errorData = Data()
        let done = DispatchSemaphore(value: 0)
        let errorFD = errors
        Thread {
            errorData = Self.drain(errorFD); done.signal()
        }.start()
        let outputData = Self.drain(output)
        done.wait()
        close(output)
        close(errors)
        return (outputData, errorData)
    }

    private static func drain(_ fd: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return data
    }

    /// Waits for the child; returns its exit code (or signal number) and whether a signal ended it.
    func wait() -> (code: Int32, signalled: Bool) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
