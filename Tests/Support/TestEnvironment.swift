import Foundation

/// What the test run has: which servers `Scripts/test` started, where the repository is, how to run a tool.
public enum TestEnvironment {
    /// True when `Scripts/test` runs the suite: a missing server is then a failure, not a skip.
    public static var serversRequired: Bool { ProcessInfo.processInfo.environment["DECIBEL_TEST_SERVERS"] == "1" }

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

/// Runs `executable` (a path, or a name looked up on `PATH`) with `arguments` and waits, with an optional
/// timeout after which it is killed.
@discardableResult
public func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120, input: Data? = nil) throws -> ProcessResult {
    let process = Process()
    if executable.contains("/") {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
    }
    if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(input) }
    try? stdin.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty child never blocks on a full pipe.
    nonisolated(unsafe) var errorData = Data()
    let errorDone = DispatchSemaphore(value: 0)
    let reader = Thread {
        errorData = stderr.fileHandleForReading.readDataToEndOfFile()
        errorDone.signal()
    }
    reader.start()
    let deadline = DispatchTime.now() + timeout
    let timer = DispatchQueue.global()
    timer.asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorDone.wait()
    return ProcessResult(
        status: process.terminationStatus,
        terminatedBySignal: process.terminationReason == .uncaughtSignal,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self),
        standardOutputData: outputData
    )
}
