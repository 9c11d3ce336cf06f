import DecibelTestSupport
import Foundation
import Testing

/// Runs every scenario of `decibel-rtcheck` (a release build linked with clang's RealtimeSanitizer,
/// named by `DECIBEL_RTCHECK`; `Scripts/test` builds it) in its own process.
@Suite("Render paths under RealtimeSanitizer")
struct RealtimeCheckTests {
    static let checker = ProcessInfo.processInfo.environment["DECIBEL_RTCHECK"]

    /// Scenario names as the checker lists them; `!` marks those that must be caught.
    static func scenarios() -> [String] {
        guard let checker, let result = try? run(checker, ["list"], timeout: 30), result.status == 0 else { return [] }
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test("the checker is built and armed when the test command runs")
    func checkerIsPresent() throws {
        guard let checker = Self.checker else {
            #expect(!TestEnvironment.serversRequired, "DECIBEL_RTCHECK is not set; Scripts/test builds and names it")
            return
        }
        let names = Self.scenarios()
        #expect(names.contains("!deliberate-allocation"))
        #expect(names.count >= 3)
        #expect(FileManager.default.isExecutableFile(atPath: checker))
    }

    @Test("each render path runs with zero reports, and the deliberate allocation is caught", arguments: scenarios())
    func scenario(_ entry: String) throws {
        let expectsViolation = entry.hasPrefix("!")
        let name = expectsViolation ? String(entry.dropFirst()) : entry
        let result = try run(try #require(Self.checker), [name], timeout: 300)
        if expectsViolation {
            #expect(result.status != 0)
            #expect(result.standardError.contains("RealtimeSanitizer"), "no sanitizer report: \(result.standardError)")
        } else {
            #expect(result.status == 0, "\(name) failed:\n\(result.standardError.suffix(4000))")
            #expect(result.standardOutput.contains("rtcheck: \(name) ok"))
            #expect(!result.standardError.contains("RealtimeSanitizer"))
        }
    }
}
