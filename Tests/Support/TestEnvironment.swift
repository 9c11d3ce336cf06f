import DecibelCore
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

    /// A fresh temporary directory for one test, removed when the test process exits (set
    /// `DECIBEL_KEEP_TEST_FILES=1` to keep them): the analysis fixtures alone are 830 MB a run, and 80
    /// runs left behind once filled this machine's disk.
    public static func temporaryDirectory(_ name: String = "decibel") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        ScratchDirectories.add(url)
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

/// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` and waits, killing it
/// (SIGKILL) after `timeout` seconds. `input`, if any, is written to its standard input, which is then
/// closed; standard output and standard error are collected from pipes.
///
/// The child starts with an empty signal mask and default signal dispositions (see `ChildProcess`): the
/// test runner blocks SIGINT/SIGTERM on its threads, and a child that inherited that (tmux, parec, a
/// daemon) would ignore Ctrl-C, `timeout` and its own event loop's signals. A daemon the program leaves
/// behind holding the pipes open cannot keep `run` waiting past the timeout.
@discardableResult
public func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120,
    input: Data? = nil
) throws -> ProcessResult {
    let deadline = Date().addingTimeInterval(timeout)
    let child = try ChildProcess(executable, arguments, environment: environment ?? [:], standardInput: .pipe)
    if let input { child.write(input) }
    child.closeInput()
    var (output, errors) = child.readToEnd(deadline: deadline)
    if child.wait(timeout: deadline.timeIntervalSinceNow) == nil {
        child.signal(SIGKILL)
        // What was still in the pipes; a grandchild holding them open is not waited for.
        let rest = child.readToEnd(deadline: Date().addingTimeInterval(2))
        output += rest.output
        errors += rest.error
    }
    return ProcessResult(child.wait(), output: output, error: errors)
}

extension ProcessResult {
    /// A result from how a child ended and what it wrote. A child reaped elsewhere counts as status 0.
    public init(_ termination: ChildProcess.Termination, output: Data, error: Data) {
        self.init(
            status: termination.signal ?? termination.exitStatus ?? 0, terminatedBySignal: termination.signal != nil,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self), standardOutputData: output)
    }
}

/// The directories `TestEnvironment.temporaryDirectory` made, removed at exit.
private enum ScratchDirectories {
    static let made = Locked<[URL]>([])
    static let removal: Void = {
        guard ProcessInfo.processInfo.environment["DECIBEL_KEEP_TEST_FILES"] != "1" else { return }
        atexit {
            for url in ScratchDirectories.made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
        }
    }()

    static func add(_ url: URL) {
        _ = removal
        made.withLock { $0.append(url) }
    }
}
