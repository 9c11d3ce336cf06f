import DecibelTestSupport
import Foundation
import Testing

/// Runs the built `decibel` executable as a user would.
@Suite("decibel command line")
struct DecibelCLITests {
    private func decibel(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessResult {
        try run(
            TestEnvironment.productsDirectory.appendingPathComponent("decibel").path, arguments,
            environment: environment, timeout: 60)
    }

    @Test("backends lists every backend and marks the pick")
    func backends() throws {
        let result = try decibel("backends", environment: ["DECIBEL_BACKEND": "null"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("* null"))
    }

    @Test("devices lists the Null device's ids")
    func devices() throws {
        let result = try decibel("devices", "--backend", "null")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("null-out"))
        #expect(result.standardOutput.contains("null-in"))
    }

    @Test("tone plays for its duration on the Null device and says which backend and why")
    func tone() throws {
        let result = try decibel("tone", "--duration", "0.5", "--backend", "null")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("using null"))
    }

    @Test(
        "user mistakes print one clear line on stderr and exit non-zero",
        arguments: [
            (["tone", "--backend", "nope"], "no backend 'nope'; choose one of:"),
            (["tone", "--backend", "null", "--device", "speaker"], "no device 'speaker'"),
            (["tone", "--shape", "zap"], "unknown shape 'zap'"),
            (["tone", "--duration=-1"], "--duration must be between"),
            (["devices", "--backend", "nope"], "no backend 'nope'"),
            (["frobnicate"], "Unexpected argument 'frobnicate'"),
        ])
    func mistakes(arguments: [String], message: String) throws {
        let result = try run(TestEnvironment.productsDirectory.appendingPathComponent("decibel").path, arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "stderr was: \(result.standardError)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("Error: ") }.count == 1 && lines.last?.hasPrefix("Error: ") == true)
        #expect(!result.standardError.contains("Fatal error"))
        #expect(result.standardOutput.isEmpty)
    }
}

/// The CLI against the real servers `Scripts/test` starts.
@Suite("decibel command line with real backends")
struct DecibelCLIBackendTests {
    private var decibelPath: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    @Test("a missing libjack makes JACK unavailable with the reason while the others still work")
    func missingJACKLibrary() throws {
        let result = try run(
            decibelPath, ["backends"], environment: ["DECIBEL_JACK_LIBRARY": "/nonexistent/libjack.so.0"])
        #expect(result.status == 0)
        let jackLine = result.standardOutput.split(separator: "\n").first { $0.contains("jack") }.map(String.init) ?? ""
        #expect(jackLine.contains("unavailable"))
        #expect(jackLine.contains("/nonexistent/libjack.so.0"))
        #expect(result.standardOutput.contains("null     available"))
        let tone = try run(
            decibelPath, ["tone", "--duration", "0.2"],
            environment: ["DECIBEL_JACK_LIBRARY": "/nonexistent/libjack.so.0", "DECIBEL_BACKEND": "null"])
        #expect(tone.status == 0)
        let forced = try run(
            decibelPath, ["tone", "--duration", "0.2", "--backend", "jack"],
            environment: ["DECIBEL_JACK_LIBRARY": "/nonexistent/libjack.so.0"])
        #expect(forced.status != 0)
        #expect(forced.standardError.contains("--backend asks for 'jack', which is unavailable"))
    }

    @Test(
        "with jackd running, JACK is picked first, lists the system device and plays a tone",
        .requires(.jack))
    func jackIsPickedAndPlays() throws {
        let backends = try run(decibelPath, ["backends"])
        // No PipeWire daemon answers at the default socket here, so the pick moves on to jackd.
        #expect(backends.standardOutput.contains("\n* jack"), "\(backends.standardOutput)")
        let devices = try run(decibelPath, ["devices", "--backend", "jack"])
        #expect(devices.standardOutput.contains("system"))
        let tone = try run(decibelPath, ["tone", "--duration", "0.3", "--backend", "jack"])
        #expect(tone.status == 0, "\(tone.standardError)")
        let wrongDevice = try run(decibelPath, ["tone", "--backend", "jack", "--device", "nosuchclient"])
        #expect(wrongDevice.status != 0)
        #expect(wrongDevice.standardError.contains("no device 'nosuchclient'"))
    }

    @Test(
        "on a 48 kHz jackd, record --rate 16000 --channels 1 writes 16 kHz mono of the asked length; tone, play and passthrough run at --rate 44100",
        .requires(.jack))
    func jackAdaptsRates() throws {
        let out = TestEnvironment.temporaryDirectory("decibel-cli-adapt").appendingPathComponent("16k.wav").path
        let record = try run(
            decibelPath, ["record", out, "--rate", "16000", "--channels", "1", "--duration", "1", "--backend", "jack"])
        #expect(record.status == 0, "\(record.standardError)")
        let soxi = { (flag: String) in
            try run("soxi", [flag, out]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try soxi("-r") == "16000" && soxi("-c") == "1")
        #expect(try soxi("-s") == "16000")
        let tone = try run(decibelPath, ["tone", "--rate", "44100", "--duration", "0.3", "--backend", "jack"])
        #expect(tone.status == 0, "\(tone.standardError)")
        #expect(tone.standardError.contains("44100 Hz"), "\(tone.standardError)")
        // The 16 kHz recording played at 44.1 kHz on the 48 kHz server: resampled twice, converted at the edge.
        let play = try run(decibelPath, ["play", out, "--rate", "44100", "--backend", "jack"], timeout: 30)
        #expect(play.status == 0, "\(play.standardError)")
        #expect(play.standardError.contains("at 44100 Hz"), "\(play.standardError)")
        // A duplex stream at 44.1 kHz on the 48 kHz server: its input is bridged to the resampled output.
        let thru = try run(
            decibelPath, ["passthrough", "--rate", "44100", "--duration", "1", "--backend", "jack"], timeout: 30)
        #expect(thru.status == 0, "\(thru.standardError)")
        #expect(thru.standardError.contains("44100 Hz"), "\(thru.standardError)")
        let refused = try run(decibelPath, ["passthrough", "--rate", "12", "--backend", "jack"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--rate must be between 1000 and 768000 Hz"))
    }
}

/// PipeWire's JACK implementation (`pipewire-jack`) in front of a real PipeWire daemon of the test's own.
@Suite("decibel command line with PipeWire's libjack")
struct DecibelCLIPipeWireJACKTests {
    private var decibelPath: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }
    private static let pipewireJACK = "/usr/lib/x86_64-linux-gnu/pipewire-0.3/jack/libjack.so.0"

    @Test(
        "a libjack that is PipeWire's is named as such and left to the native backend unless asked for",
        .requires(.file(Self.pipewireJACK)))
    func pipewireJACKIsNotTheAutomaticPick() throws {
        let runtime =
            (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pipewire-jack"
        let scripts = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
        let started = try run(scripts, ["start", "pipewire"], environment: ["DECIBEL_RUNTIME_DIR": runtime])
        defer { _ = try? run(scripts, ["stop", "pipewire"], environment: ["DECIBEL_RUNTIME_DIR": runtime]) }
        try #require(started.status == 0, "PipeWire did not start: \(started.standardError)")
        let environment = ["DECIBEL_JACK_LIBRARY": Self.pipewireJACK, "PIPEWIRE_RUNTIME_DIR": "\(runtime)/pulse/pw"]
        let backends = try run(decibelPath, ["backends"], environment: environment)
        let jackLine =
            backends.standardOutput.split(separator: "\n").first { $0.contains(" jack ") }.map(String.init) ?? ""
        print("decibel backends with pipewire-jack: \(jackLine)")
        #expect(jackLine.contains("if named"), "\(backends.standardOutput)")
        #expect(jackLine.contains("PipeWire's JACK implementation"))
        #expect(!jackLine.hasPrefix("*"))
        let tone = try run(decibelPath, ["tone", "--duration", "0.3", "--backend", "jack"], environment: environment)
        #expect(tone.status == 0, "named, it still plays: \(tone.standardError)")
    }
}

/// The automatic pick on a PipeWire desktop: a PipeWire daemon of the test's own, beside the jackd and
/// pulseaudio that `Scripts/test` runs.
@Suite("decibel command line with PipeWire", .serialized)
struct DecibelCLIPipeWireTests {
    private var decibelPath: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    private func withDaemon(_ body: (_ environment: [String: String], _ sink: String) throws -> Void) throws {
        let runtime =
            (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pipewire-cli"
        let scripts = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
        let started = try run(scripts, ["start", "pipewire"], environment: ["DECIBEL_RUNTIME_DIR": runtime])
        defer { _ = try? run(scripts, ["stop", "pipewire"], environment: ["DECIBEL_RUNTIME_DIR": runtime]) }
        try #require(started.status == 0, "PipeWire did not start: \(started.standardError)")
        let socketDirectory = "\(runtime)/pulse/pw"
        let environment = [
            "XDG_RUNTIME_DIR": socketDirectory, "PIPEWIRE_RUNTIME_DIR": socketDirectory,
            "PIPEWIRE_REMOTE": "\(socketDirectory)/pipewire-0",
        ]
        let sink = "decibel_cli_sink"
        let created = try run(
            "pw-cli",
            [
                "create-node", "adapter",
                "{ factory.name=support.null-audio-sink node.name=\(sink) media.class=Audio/Sink object.linger=true audio.position=[FL FR] }",
            ], environment: environment, timeout: 10)
        try #require(created.status == 0, "pw-cli create-node: \(created.standardError)")
        try body(environment, sink)
    }

    @Test(
        "with a PipeWire daemon and a real jackd both running, PipeWire is the pick, and says why",
        .requires(.pipewire))
    func pipewireWinsOverJackd() throws {
        try withDaemon { environment, _ in
            let backends = try run(decibelPath, ["backends"], environment: environment)
            print("decibel backends beside jackd:\n\(backends.standardOutput)")
            #expect(backends.standardOutput.hasPrefix("* pipewire"), "\(backends.standardOutput)")
            if TestEnvironment.serversRequired {
                let jackLine = backends.standardOutput.split(separator: "\n").first { $0.contains(" jack ") } ?? ""
                #expect(jackLine.contains("available"), "jackd runs too: \(backends.standardOutput)")
            }
        }
    }

    @Test(
        "with only PipeWire answering, it is the pick and the tone it plays is what pw-record hears",
        .requires(.pipewire, .program("pw-record")))
    func toneIsHeardByPwRecord() throws {
        try withDaemon { daemon, sink in
            // Point JACK and Pulse at nothing, as on a machine where PipeWire is the only server.
            var environment = daemon
            environment["JACK_DEFAULT_SERVER"] = "decibel-no-such-server"
            environment["PULSE_SERVER"] = "unix:/nonexistent/decibel/pulse"
            let backends = try run(decibelPath, ["backends"], environment: environment)
            #expect(backends.standardOutput.hasPrefix("* pipewire"), "\(backends.standardOutput)")
            let file = TestEnvironment.temporaryDirectory("pw-cli-tone").appendingPathComponent("heard.wav").path
            let recording = DispatchGroup()
            recording.enter()
            DispatchQueue.global().async {
                _ = try? run(
                    "/usr/bin/timeout",
                    [
                        "-s", "INT", "3", "pw-record", "--target", sink, "-P", "{ stream.capture.sink=true }",
                        "--rate", "48000", "--channels", "1", "--format", "f32", file,
                    ], environment: daemon, timeout: 10)
                recording.leave()
            }
            Thread.sleep(forTimeInterval: 0.5)
            let tone = try run(
                decibelPath, ["tone", "--frequency", "1000", "--duration", "1.5", "--device", sink],
                environment: environment)
            #expect(tone.status == 0, "\(tone.standardError)")
            #expect(tone.standardError.contains("using pipewire"), "\(tone.standardError)")
            recording.wait()
            let raw = file + ".f32"
            let converted = try run("sox", [file, "-t", "f32", "-c", "1", raw])
            try #require(converted.status == 0, "sox: \(converted.standardError)")
            let samples = SignalAnalysis.deinterleave(
                try Data(contentsOf: URL(fileURLWithPath: raw)), channels: 1, as: .float32)[0]
            let heard = Array(
                SignalAnalysis.longestContinuousRun(samples.map { $0 }, maxStep: 0.2).drop { abs($0) < 1e-3 })
            print("pw-record heard \(samples.count) frames, \(heard.count) of tone")
            try #require(
                heard.count > 24_000,
                "pw-record heard no tone: \(samples.count) frames, peak \(SignalAnalysis.peak(samples))")
            let frequency = SignalAnalysis.frequency(Array(heard.prefix(48_000)), sampleRate: 48_000)
            print("decibel tone via PipeWire, heard by pw-record: \(frequency) Hz, peak \(SignalAnalysis.peak(heard))")
            #expect(abs(frequency - 1000) < 2)
        }
    }

    @Test(
        "devices, play and record with --backend pipewire: the sink and its monitor are listed, and what play plays record records",
        .requires(.pipewire))
    func playAndRecordThroughPipeWire() throws {
        try withDaemon { environment, sink in
            let devices = try run(decibelPath, ["devices", "--backend", "pipewire"], environment: environment)
            #expect(devices.status == 0, "\(devices.standardError)")
            let ids = Set(
                devices.standardOutput.split(separator: "\n").dropFirst().compactMap {
                    $0.split(separator: " ").first.map(String.init)
                })
            #expect(ids.contains(sink) && ids.contains(sink + ".monitor"), "\(devices.standardOutput)")

            let directory = TestEnvironment.temporaryDirectory("pw-cli-play")
            let tone = directory.appendingPathComponent("tone.wav").path,
                recorded = directory.appendingPathComponent("recorded.wav").path
            try #require(
                try run(
                    "sox",
                    ["-n", "-r", "48000", "-c", "2", "-b", "16", tone, "synth", "2", "sine", "660", "gain", "-6"]
                ).status == 0)
            let recorder = try ChildProcess(
                decibelPath,
                [
                    "record", recorded, "--duration", "3", "--channels", "2", "--backend", "pipewire", "--device",
                    sink + ".monitor",
                ], environment: environment, standardOutput: .null, standardError: .pipe)
            Thread.sleep(forTimeInterval: 0.5)
            let played = try run(
                decibelPath, ["play", tone, "--backend", "pipewire", "--device", sink], environment: environment,
                timeout: 20)
            #expect(played.status == 0, "\(played.standardError)")
            let recordErrors = String(decoding: recorder.readToEnd().error, as: UTF8.self)
            #expect(recorder.wait() == .exited(0), "\(recordErrors)")
            let raw = recorded + ".f32"
            try #require(try run("sox", [recorded, "-t", "f32", "-c", "1", raw]).status == 0)
            let samples = SignalAnalysis.deinterleave(
                try Data(contentsOf: URL(fileURLWithPath: raw)), channels: 1, as: .float32)[0]
            let heard = Array(
                SignalAnalysis.longestContinuousRun(samples.map { $0 }, maxStep: 0.2).drop { abs($0) < 1e-3 })
            try #require(
                heard.count > 24_000,
                "decibel record heard no tone: \(samples.count) frames, peak \(SignalAnalysis.peak(samples))")
            let frequency = SignalAnalysis.frequency(Array(heard.prefix(48_000)), sampleRate: 48_000)
            print(
                "decibel play → PipeWire → decibel record: \(heard.count) frames of tone, \(frequency) Hz, peak \(SignalAnalysis.peak(heard))"
            )
            #expect(abs(frequency - 660) < 2)
            #expect(abs(SignalAnalysis.peak(heard) - 0.5) < 0.05)
        }
    }
}

/// The CLI against the PulseAudio server `Scripts/test` starts.
@Suite("decibel command line with PulseAudio")
struct DecibelCLIPulseTests {
    private var decibelPath: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    @Test(
        "devices --backend pulse lists what pactl lists, monitors marked, ids whole however long",
        .requires(.pulse))
    func devicesMatchPactl() throws {
        // As long as a sound card's sink name: the table once cut ids to 28 characters, and a cut id is no use
        // to --device.
        let long = "decibel_cli_sink_named_like_alsa_output.pci-0000_00_1f.3.analog-stereo"
        let loaded = try run("pactl", ["load-module", "module-null-sink", "sink_name=\(long)"])
        try #require(loaded.status == 0, "\(loaded.standardError)")
        defer {
            _ = try? run(
                "pactl", ["unload-module", loaded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)])
        }
        let listed = try run(decibelPath, ["devices", "--backend", "pulse"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let ids = Set(
            listed.standardOutput.split(separator: "\n").dropFirst().compactMap {
                $0.split(separator: " ").first.map(String.init)
            })
        var expected = Set<String>()
        for kind in ["sinks", "sources"] { expected.formUnion(try PactlDevice.list(kind).map(\.name)) }
        #expect(!expected.isEmpty)
        #expect(ids == expected, "decibel: \(ids.sorted()) pactl: \(expected.sorted())")
        #expect(ids.contains(long) && ids.contains(long + ".monitor"))
        #expect(listed.standardOutput.contains("[monitor]"))
    }

    @Test("a missing libpulse makes PulseAudio unavailable with the reason")
    func missingLibrary() throws {
        let result = try run(
            decibelPath, ["backends"], environment: ["DECIBEL_PULSE_LIBRARY": "/nonexistent/libpulse.so.0"])
        let line = result.standardOutput.split(separator: "\n").first { $0.contains("pulse") }.map(String.init) ?? ""
        #expect(line.contains("unavailable") && line.contains("/nonexistent/libpulse.so.0"), "\(line)")
    }

    @Test(
        "tone plays through PulseAudio",
        .requires(.pulse))
    func tone() throws {
        let result = try run(decibelPath, ["tone", "--backend", "pulse", "--duration", "0.3"])
        #expect(result.status == 0, "\(result.standardError)")
    }
}

/// The CLI on ALSA (alsa-lib's own plugins; this machine has no sound card).
@Suite("decibel command line with ALSA")
struct DecibelCLIALSATests {
    private var decibelPath: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    @Test("devices --backend alsa lists what aplay -L lists")
    func devicesMatchAplay() throws {
        let listed = try run(decibelPath, ["devices", "--backend", "alsa"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let ids = Set(
            listed.standardOutput.split(separator: "\n").dropFirst().compactMap {
                $0.split(separator: " ").first.map(String.init)
            })
        let aplay = try run("aplay", ["-L"])
        let names = Set(aplay.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init))
        #expect(!names.isEmpty)
        #expect(names.isSubset(of: ids), "missing: \(names.subtracting(ids).sorted())")
    }

    @Test("any PCM alsa-lib accepts plays; an unknown one is a clear error")
    func pcmNames() throws {
        let tone = try run(decibelPath, ["tone", "--backend", "alsa", "--device", "plug:null", "--duration", "0.3"])
        #expect(tone.status == 0, "\(tone.standardError)")
        let unknown = try run(decibelPath, ["tone", "--backend", "alsa", "--device", "nosuchpcm", "--duration", "0.3"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("nosuchpcm"))
        #expect(!unknown.standardError.contains("ALSA lib"), "alsa-lib's own chatter must not reach stderr")
    }
}
