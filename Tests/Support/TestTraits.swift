import Foundation
import Testing

// The traits that say what a test needs and what it measures, so that neither is written by hand in a test body
// and `Scripts/test` can tell a timing measurement from a correctness check.

/// Marks a test (or a suite) that measures real-time behaviour on a live server or clock: callback timing,
/// gaps, xruns, drift. Only such tests may be repeated by `Scripts/test`, and only in its plain pass; any other
/// failure, and any failure under a sanitizer, fails the run at once.
///
/// While it runs, the test's ID is appended to the file named by `DECIBEL_TEST_LIVE_TIMING_LIST` (when set), in
/// the form `Scripts/failed-tests` gives a failed test, so the script can check that every test it is about to
/// repeat carries this trait.
public struct LiveTimingTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if !test.isSuite { Self.record(test) }
        try await function()
    }

    /// `Module.Suite.Inner/function(labels:)`, or `Module.function()` for a free function: the names the xUnit
    /// report gives (`classname` and `name`).
    static func reportName(of test: Test) -> String {
        let components = test.id.nameComponents
        let suites = [test.id.moduleName] + components.dropLast()
        let function = components.last ?? test.name
        return suites.joined(separator: ".") + (suites.count > 1 ? "/" : ".") + function
    }

    private static func record(_ test: Test) {
        guard let path = ProcessInfo.processInfo.environment["DECIBEL_TEST_LIVE_TIMING_LIST"] else { return }
        let line = reportName(of: test) + "\n"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}

extension Trait where Self == LiveTimingTrait {
    /// The test measures live timing; see ``LiveTimingTrait``.
    public static var liveTiming: Self { LiveTimingTrait() }
}

/// Something a test needs on the machine: a running server, or a program it starts itself.
public enum TestRequirement: Sendable, CustomStringConvertible {
    /// The jackd that `Scripts/servers` starts (`jack_lsp` answers).
    case jack
    /// A PulseAudio-protocol server at `PULSE_SERVER` (`pactl info` answers).
    case pulse
    /// PipeWire, WirePlumber and pipewire-pulse installed: the tests start instances of their own.
    case pipewire
    /// alsa-lib can be loaded (`libasound.so.2`).
    case alsa
    /// A program on `PATH`, such as `Xvfb` or `lv2ls`.
    case program(String)
    /// A file or folder a Debian package installs, such as an LV2 bundle.
    case file(String)

    public var description: String {
        switch self {
        case .jack: "a JACK server"
        case .pulse: "a PulseAudio server"
        case .pipewire: "pipewire, pipewire-pulse and wireplumber"
        case .alsa: "alsa-lib"
        case .program(let name): "the program \(name)"
        case .file(let path): path
        }
    }

    /// Whether the requirement is met now. Under `Scripts/test` (`DECIBEL_TEST_SERVERS=1`) every requirement
    /// counts as met: a missing server there is the test's failure to report, never a skip.
    public var isMet: Bool {
        if TestEnvironment.serversRequired { return true }
        switch self {
        case .jack: return Self.answers("jack_lsp", [])
        case .pulse: return Self.answers("pactl", ["info"])
        case .pipewire: return ["pipewire", "pipewire-pulse", "wireplumber"].allSatisfy(Self.onPath)
        case .alsa: return Self.loads("libasound.so.2")
        case .program(let name): return Self.onPath(name)
        case .file(let path): return FileManager.default.fileExists(atPath: path)
        }
    }

    static func onPath(_ name: String) -> Bool {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    private static func loads(_ library: String) -> Bool {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return false }
        dlclose(handle)
        return true
    }

    private static func answers(_ program: String, _ arguments: [String]) -> Bool {
        onPath(program) && ((try? run(program, arguments, timeout: 5).status == 0) ?? false)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `requirements` are met (always under `Scripts/test`, which starts the servers and
    /// installs the programs, so that a missing one fails there rather than skipping).
    public static func requires(
        _ requirements: TestRequirement..., sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let needs = requirements.map(\.description).joined(separator: " and ")
        return .enabled("needs \(needs)", sourceLocation: sourceLocation) { requirements.allSatisfy(\.isMet) }
    }
}
