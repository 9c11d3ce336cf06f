import DecibelTestSupport
import Foundation
import Testing

/// `decibel loudness`, `pitch`, `convert --normalize` and `tune`, checked against ffmpeg and on a terminal.
@Suite("decibel loudness, pitch, tune", .serialized)
struct AnalysisCommandTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-cli-analysis")
    private var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    private func tone(_ name: String, channels: Int, _ effects: [String]) throws -> String {
        let path = directory.appendingPathComponent(name).path
        // -R: sox's noise repeats from run to run. Unseeded, its pink noise now and then carries a burst
        // that clips at full scale, whose true peak then sits ~3 dB above its sample peak (seen once in CI).
        try #require(try run("sox", ["-R", "-n", "-r", "48000", "-c", "\(channels)", path] + effects).status == 0)
        return path
    }

    private func ffmpegIntegrated(_ path: String) throws -> Double {
        let output = try run("ffmpeg", ["-nostats", "-hide_banner", "-i", path, "-af", "ebur128", "-f", "null", "-"])
            .standardError
        let summary = output.components(separatedBy: "Summary:").last ?? ""
        let value = summary.components(separatedBy: "I:").dropFirst().first?.split(separator: " ").first
        return try #require(value.flatMap { Double($0) }, "ffmpeg said: \(summary)")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    @Test("loudness --json agrees with ffmpeg's ebur128 on a programme with a quiet and a loud part")
    func loudnessJSON() throws {
        let quiet = try tone("quiet.wav", channels: 2, ["synth", "5", "sine", "440", "gain", "-30"])
        let loud = try tone("loud.wav", channels: 2, ["synth", "10", "pinknoise", "gain", "-18"])
        let programme = directory.appendingPathComponent("programme.wav").path
        try #require(try run("sox", [quiet, loud, programme]).status == 0)
        let result = try run(decibel, ["loudness", programme, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let reading = try json(result.standardOutput)
        let integrated = try #require(reading["integrated"] as? Double)
        let reference = try ffmpegIntegrated(programme)
        print("decibel loudness: \(integrated) LUFS, ffmpeg \(reference) LUFS")
        #expect(abs(integrated - reference) <= 0.1)
        let truePeak = try #require(reading["truePeak"] as? Double),
            samplePeak = try #require(reading["samplePeak"] as? Double)
        #expect(truePeak >= samplePeak && truePeak < samplePeak + 1, "true peak \(truePeak), sample peak \(samplePeak)")
        #expect(reading["duration"] as? Double == 15)
    }

    @Test("loudness of silence is null in JSON and -inf in the table, not a number")
    func loudnessOfSilence() throws {
        let silence = try tone("silence.wav", channels: 1, ["trim", "0", "1"])
        let reading = try json(try run(decibel, ["loudness", silence, "--json"]).standardOutput)
        #expect(reading["integrated"] is NSNull && reading["truePeak"] is NSNull)
        let table = try run(decibel, ["loudness", silence]).standardOutput
        #expect(table.contains("integrated") && table.contains("-inf LUFS"), "\(table)")
    }

    @Test("convert --normalize -16 gives -16 LUFS by ffmpeg's meter; a true-peak ceiling holds the gain back")
    func normalize() throws {
        let speech = try tone("speech.wav", channels: 2, ["synth", "8", "pinknoise", "gain", "-30"])
        let normalised = directory.appendingPathComponent("normalised.flac").path
        let result = try run(decibel, ["convert", speech, normalised, "--normalize", "-16"])
        #expect(result.status == 0, "\(result.standardError)")
        let measured = try ffmpegIntegrated(normalised)
        print("decibel convert --normalize -16: ffmpeg measures \(measured) LUFS")
        #expect(abs(measured + 16) <= 0.15)

        // A mono sine at -3 dBFS is -6 LUFS: -1 LUFS would need +5 dB, and the -1 dBTP ceiling allows +2.
        let hot = try tone("hot.wav", channels: 1, ["synth", "5", "sine", "1000", "gain", "-3"])
        let held = directory.appendingPathComponent("held.wav").path
        let heldResult = try run(decibel, ["convert", hot, held, "--normalize", "-1", "--true-peak-ceiling", "-1"])
        #expect(heldResult.status == 0 && heldResult.standardError.contains("ceiling"), "\(heldResult.standardError)")
        let reading = try json(try run(decibel, ["loudness", held, "--json"]).standardOutput)
        let peak = try #require(reading["truePeak"] as? Double)
        #expect(abs(peak + 1) <= 0.1, "true peak \(peak) dBTP")
    }

    @Test("bad input: a silent file to normalise, a reference out of range — one plain line, non-zero exit")
    func badInput() throws {
        let silence = try tone("silence2.wav", channels: 1, ["trim", "0", "1"])
        let silent = try run(
            decibel, ["convert", silence, directory.appendingPathComponent("x.wav").path, "--normalize", "-16"])
        #expect(silent.status != 0 && silent.standardError.contains("is silent"), "\(silent.standardError)")
        let reference = try run(decibel, ["tune", "--reference", "300", "--backend", "null"])
        #expect(reference.status != 0 && reference.standardError.contains("--reference must be between 400 and 480 Hz"))
    }

    @Test("pitch prints a CSV track of a plucked string at its note; --json is an array")
    func pitchTrack() throws {
        let pluck = try tone("pluck.wav", channels: 1, ["synth", "1.5", "pluck", "196"])
        let csv = try run(decibel, ["pitch", pluck])
        #expect(csv.status == 0, "\(csv.standardError)")
        let rows = csv.standardOutput.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let voiced = rows.filter { $0.count == 5 && !$0[1].isEmpty }
        #expect(voiced.count > 50, "\(csv.standardOutput.prefix(400))")
        #expect(voiced.allSatisfy { $0[3] == "G3" && abs(Double($0[4]) ?? 99) < 2 })
        let array = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try run(decibel, ["pitch", pluck, "--json"]).standardOutput.utf8))
                as? [[String: Any]])
        #expect(array.count == rows.count)
    }

    @Test("tune --json against the Null input reads its 440 Hz sine as A4, and -7.8 cents against A4 = 442 Hz")
    func tuneNull() throws {
        let result = try run(decibel, ["tune", "--json", "--duration", "1", "--backend", "null"], timeout: 20)
        #expect(result.status == 0, "\(result.standardError)")
        let readings = try result.standardOutput.split(separator: "\n").map { try json(String($0)) }
        #expect(readings.count >= 10)
        #expect(
            readings.suffix(5).allSatisfy { $0["note"] as? String == "A4" && abs(($0["cents"] as? Double) ?? 99) < 0.5 }
        )
        let sharp = try run(
            decibel, ["tune", "--json", "--duration", "0.5", "--reference", "442", "--backend", "null"])
        let last = try json(String(sharp.standardOutput.split(separator: "\n").last ?? ""))
        #expect(abs((last["cents"] as? Double ?? 0) + 7.8) < 0.2, "\(last)")
    }

    @Test(
        "tune on a terminal, listening to PulseAudio while pacat plays an E4 into the sink, shows E4 on screen",
        .requires(.pulse))
    func tuneOnTerminalWithPulse() throws {
        let sink = ProcessInfo.processInfo.environment["DECIBEL_TEST_PULSE_SINK"] ?? "decibel_test"
        let note = directory.appendingPathComponent("e4.raw").path
        try #require(
            try run(
                "sox",
                [
                    "-n", "-t", "raw", "-r", "48000", "-c", "2", "-e", "float", "-b", "32", note, "synth", "12", "sine",
                    "329.63", "gain", "-6",
                ]
            )
            .status == 0)
        let player = try ChildProcess(
            "/usr/bin/pacat", ["-d", sink, "--format=float32le", "--rate=48000", "--channels=2", "--raw", note],
            standardOutput: .inherit, standardError: .null)
        defer {
            player.signal(SIGTERM)
            _ = player.wait(timeout: 5)
        }
        let session = "decibel-tune-\(UInt32.random(in: 0...UInt32.max))"
        let command = "\(decibel) tune --backend pulse --device \(sink).monitor; sleep 30"
        let start = "tmux new-session -d -s \(session) -x 110 -y 6 '\(command)' </dev/null >/dev/null 2>&1"
        try #require(try run("sh", ["-c", start]).status == 0)
        defer { _ = try? run("tmux", ["kill-session", "-t", session]) }
        var line = ""
        for _ in 0..<60 {  // up to 6 s: an idle null sink can take 2 s to deliver its first audio
            Thread.sleep(forTimeInterval: 0.1)
            let screen = try run("tmux", ["capture-pane", "-p", "-t", session]).standardOutput
            line = screen.split(separator: "\n").map(String.init).first { $0.hasPrefix("E4") } ?? ""
            if !line.isEmpty { break }
        }
        print("decibel tune on screen: \(line)")
        #expect(line.hasPrefix("E4"), "no E4 on screen")
        let cents = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        #expect(cents.map { abs($0) < 2 } == true, "cents: \(line)")
        #expect(line.contains("329.6"), "frequency: \(line)")
        _ = try run("tmux", ["send-keys", "-t", session, "C-c"])
    }
}
