import DecibelTestSupport
import Foundation
import Testing

/// `play`, `record` and `passthrough` as a person runs them: on a terminal (tmux), piped, and with Ctrl-C.
@Suite("decibel play and record", .serialized)
struct PlayRecordTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-cli-play")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    private func makeTone(seconds: Int) throws -> String {
        let path = directory.appendingPathComponent("tone-\(seconds).wav").path
        try #require(
            try run("sox", ["-n", "-r", "48000", "-c", "2", path, "synth", "\(seconds)", "sine", "1000", "gain", "-6"])
                .status == 0)
        return path
    }

    @Test("piped, play prints a plain status line each second and exits 0 at the end of the file")
    func playPiped() throws {
        let tone = try makeTone(seconds: 2)
        let result = try run(decibel, ["play", tone, "--backend", "null"], timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("play ") }
        #expect(lines.count >= 2)
        #expect(lines.contains { $0.contains("/ 0:02  peak dBFS  -6.0  -6.0") }, "\(lines)")
        #expect(!result.standardError.contains("\u{1B}["), "no terminal escapes when piped")
        // One channel: the stereo tone averaged, at the same level.
        let mono = try run(decibel, ["play", tone, "--channels", "1", "--backend", "null"], timeout: 30)
        #expect(mono.status == 0, "\(mono.standardError)")
        #expect(mono.standardError.contains(" Hz, 1 channel\n"), "\(mono.standardError)")
        #expect(mono.standardError.contains("/ 0:02  peak dBFS  -6.0  -6.0"), "\(mono.standardError)")
    }

    @Test("on a terminal, play redraws a progress bar with meters, and Ctrl-C stops it cleanly")
    func playOnTerminal() throws {
        let tone = try makeTone(seconds: 30)
        let session = "decibel-play-\(UInt32.random(in: 0...UInt32.max))"
        let marker = directory.appendingPathComponent("exit-status").path
        let command = "\(decibel) play \(tone) --backend null; echo $? > \(marker); sleep 30"
        // The tmux server keeps the fds it started with: give it none of ours, or run() waits for it.
        let start = "tmux new-session -d -s \(session) -x 110 -y 8 '\(command)' </dev/null >/dev/null 2>&1"
        try #require(try run("sh", ["-c", start]).status == 0)
        defer { _ = try? run("tmux", ["kill-session", "-t", session]) }
        Thread.sleep(forTimeInterval: 2.5)
        let screen = try run("tmux", ["capture-pane", "-p", "-t", session]).standardOutput
        let line = screen.split(separator: "\n").first { $0.hasPrefix("play 0:0") }.map(String.init) ?? ""
        #expect(line.contains("/ 0:30 ["), "screen:\n\(screen)")
        #expect(line.contains("=") && line.contains("#"), "a bar and meters: \(line)")
        #expect(line.count <= 110)
        _ = try run("tmux", ["send-keys", "-t", session, "C-c"])
        var status: String?
        for _ in 0..<50 where status == nil {
            Thread.sleep(forTimeInterval: 0.1)
            status = try? String(contentsOfFile: marker, encoding: .utf8)
        }
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "Ctrl-C should stop play cleanly")
    }

    @Test("record --duration writes exactly that long a file of what the input captured")
    func recordDuration() throws {
        let out = directory.appendingPathComponent("take.wav").path
        let result = try run(
            decibel, ["record", out, "--duration", "1.25", "--backend", "null", "--device", "null-in"], timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try run("soxi", ["-s", out]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "60000")
        let stats = try run("sox", [out, "-n", "stat"]).standardError
        #expect(stats.contains("Maximum amplitude:     0.5"), "\(stats)")
    }

    @Test("Ctrl-C (SIGINT) finishes a recording: the file is complete and readable")
    func recordInterrupted() throws {
        let out = directory.appendingPathComponent("interrupted.flac").path
        let process = try ChildProcess(
            decibel, ["record", out, "--backend", "null"], standardOutput: .inherit, standardError: .null)
        Thread.sleep(forTimeInterval: 1.5)
        process.signal(SIGINT)
        if process.wait(timeout: 10) == nil { process.signal(SIGKILL) }
        #expect(process.wait() == .exited(0))
        let frames =
            Int(try run("soxi", ["-s", out]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(frames > 48_000 && frames < 48_000 * 4, "\(frames) frames")
    }

    @Test("passthrough runs for its duration with the input's level on its meter")
    func passthrough() throws {
        let result = try run(decibel, ["passthrough", "--backend", "null", "--duration", "1"], timeout: 30)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("thru 0:01 / 0:01  peak dBFS  -6.0  -6.0"), "\(result.standardError)")
    }
}

@Suite("decibel demo")
struct DemoCommandTests {
    @Test("plays a piece through the graph, records it, and writes the waveform and spectrum pictures")
    func demo() throws {
        let folder = TestEnvironment.temporaryDirectory("decibel-demo").path
        let decibel = TestEnvironment.productsDirectory.appendingPathComponent("decibel").path
        let result = try run(decibel, ["demo", "--output", folder, "--seconds", "2", "--backend", "null"], timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("using null"))
        for name in ["demo.wav", "demo-waveform.png", "demo-spectrum.png"] {
            #expect(result.standardOutput.contains("\(folder)/\(name)"))
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name)"))
        }
        #expect(
            try run("soxi", ["-s", "\(folder)/demo.wav"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
                == "96000")
        let stats = try run("sox", ["\(folder)/demo.wav", "-n", "stat"]).standardError
        let rms =
            stats.split(separator: "\n").first { $0.hasPrefix("RMS     amplitude") }.flatMap {
                Double($0.split(separator: " ").last ?? "")
            } ?? 0
        #expect(rms > 0.02, "the recording should hold the piece, not silence: \(stats)")
    }
}
