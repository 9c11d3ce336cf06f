import DecibelTestSupport
import Foundation
import Testing

/// What SIGTERM does to a playing `decibel tone` on a jackd of the test's own: a clean stop at once, and an exit
/// `closingSeconds` later when the server stops answering (a frozen jackd: `jack_client_close` never returns).
@Suite("decibel on SIGTERM", .serialized)
struct SignalExitTests {
    private let decibelPath = TestEnvironment.productsDirectory.appendingPathComponent("decibel").path
    private let folder = TestEnvironment.temporaryDirectory("decibel-signal-exit")

    /// `decibel tone` on `server`, returned once it says it is playing, with the file its stderr goes to.
    private func playingTone(on server: PrivateJACKServer) throws -> (tone: ChildProcess, errors: String) {
        let errors = folder.appendingPathComponent("tone-\(UUID().uuidString).err").path
        let tone = try ChildProcess(
            decibelPath, ["tone", "--backend", "jack", "--duration", "30"], environment: server.environment,
            standardOutput: .null, standardError: .file(errors))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && tone.isRunning && !text(of: errors).contains("decibel: playing") {
            usleep(20_000)
        }
        try #require(text(of: errors).contains("decibel: playing"), "decibel tone: \(text(of: errors))")
        usleep(300_000)  // a few cycles of the graph with its port in it
        return (tone, errors)
    }

    private func text(of path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("SIGTERM stops a playing tone cleanly: exit 0 at once", .requires(.jack), .timeLimit(.minutes(1)))
    func cleanStop() throws {
        let server = try PrivateJACKServer("signal-clean")
        let (tone, errors) = try playingTone(on: server)
        let sent = Date()
        tone.signal(SIGTERM)
        let ended = tone.wait(timeout: 5)
        if ended == nil { tone.signal(SIGKILL) }
        #expect(ended == .exited(0), "\(ended?.description ?? "still running 5 s after SIGTERM"): \(text(of: errors))")
        #expect(Date().timeIntervalSince(sent) < 2, "a clean stop is prompt")
    }

    @Test(
        "a frozen jackd does not hang the command: it exits 10 s after SIGTERM with status 143, saying why",
        .requires(.jack), .timeLimit(.minutes(1)))
    func frozenServer() throws {
        let server = try PrivateJACKServer("signal-frozen")
        let pidText = try String(contentsOfFile: "\(server.runtimeDirectory)/jackd.pid", encoding: .utf8)
        let jackd = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        let (tone, errors) = try playingTone(on: server)
        kill(jackd, SIGSTOP)
        defer { kill(jackd, SIGCONT) }
        let sent = Date()
        tone.signal(SIGTERM)
        let ended = tone.wait(timeout: 20)
        let waited = Date().timeIntervalSince(sent)
        if ended == nil { tone.signal(SIGKILL) }
        #expect(ended == .exited(128 + SIGTERM), "\(ended?.description ?? "still running 20 s after SIGTERM")")
        // The command's own limit is 10 s; the lower bound shows the close really was stuck (the test is moot if
        // a frozen jackd ever lets a client close).
        #expect(waited >= 9.5 && waited < 15, "exited \(waited) s after SIGTERM")
        #expect(text(of: errors).contains("still closing 10 s after the signal (the audio server does not answer)"))
    }
}
