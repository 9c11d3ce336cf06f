import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// The PulseAudio-compatible server a test talks to: the `pulseaudio` that `Scripts/servers start pulse`
/// runs (address from `PULSE_SERVER`), or PipeWire's Pulse server started in a runtime dir of its own.
struct PulseTestServer: Sendable, CustomStringConvertible {
    /// `unix:/…/native`; passed explicitly to the backend and as `PULSE_SERVER` to pactl/parec/pacat.
    let address: String
    /// The null sink the server was started with (its monitor is `<sink>.monitor`).
    let sink: String
    /// The runtime dir of the PipeWire instance behind this server, when it is PipeWire's Pulse server.
    var pipewireRuntimeDirectory: String? = nil

    /// The pulseaudio instance of this test run, from `Scripts/servers env`.
    static let pulseaudio = PulseTestServer(
        address: ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? "unix:/tmp/decibel-test/pulse/native",
        sink: ProcessInfo.processInfo.environment["DECIBEL_TEST_PULSE_SINK"] ?? "decibel_test")

    /// The shared pulseaudio with a null sink of these tests' own (`decibel_pulse_tests`), loaded once
    /// and left for the server's life: other suites (the RealtimeSanitizer scenarios, ALSA's `pulse` PCM,
    /// the CLI) play into the shared test sink at the same time, and a parec measurement must hear only
    /// this suite's stream.
    static let shared = sharedWithNullSink(
        "decibel_pulse_tests", ["sink_properties=device.description=Decibel-Pulse-tests"])

    /// A float32 48 kHz null sink on the shared pulseaudio: the default sinks are 16-bit, whose quantisation
    /// alone (about 92 dB for a −6 dBFS tone) would hide a resampler's noise.
    static let floatSink = sharedWithNullSink(
        "decibel_pulse_float",
        ["format=float32le", "rate=48000", "channels=2", "sink_properties=device.description=Decibel-Pulse-float"])

    /// The shared pulseaudio with a null sink `name` of a suite's own (`module-null-sink` with `arguments`,
    /// such as a format and rate), loaded unless it is there and left for the server's life; nil when the
    /// server does not answer.
    static func sharedWithNullSink(_ name: String, _ arguments: [String]) -> PulseTestServer? {
        guard pulseaudio.answers else { return nil }
        let server = PulseTestServer(address: pulseaudio.address, sink: name)
        if !((try? server.listed("sinks")) ?? []).contains(where: { $0.name == name }) {
            _ = try? server.pactl(["load-module", "module-null-sink", "sink_name=\(name)"] + arguments)
        }
        return server
    }

    /// Runtime dir of a pulseaudio of these tests' own, for tests that kill the server, switch its
    /// default or load and unload sinks (which would disturb other suites on the shared one).
    static var isolatedRuntime: String {
        (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pulse-isolated"
    }

    /// Starts the isolated pulseaudio (`Scripts/servers start pulse` in `isolatedRuntime`).
    static func startIsolated() -> PulseTestServer? {
        let status = serversScript("start", "pulse", runtime: isolatedRuntime)
        let server = PulseTestServer(address: "unix:\(isolatedRuntime)/pulse/native", sink: "decibel_test")
        if status == 0, server.answers { return server }
        let log = (try? String(contentsOfFile: "\(isolatedRuntime)/servers-start-pulse.log.err", encoding: .utf8)) ?? ""
        if TestEnvironment.serversRequired { Issue.record("the isolated pulseaudio did not start: \(log)") }
        print("skipping: the isolated pulseaudio did not start: \(log)")
        return nil
    }

    /// Stops the isolated pulseaudio.
    static func stopIsolated() {
        serversScript("stop", "pulse", runtime: isolatedRuntime)
    }

    /// Runtime dir of the PipeWire instance (separate from pulseaudio's so both can run side by side).
    static var pipewireRuntime: String {
        (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pipewire"
    }

    /// Starts PipeWire + pipewire-pulse with `Scripts/servers start pipewire`; nil (and why) if it cannot start here.
    static func startPipeWire() -> (server: PulseTestServer?, why: String) {
        let status = serversScript("start", "pipewire", runtime: pipewireRuntime)
        let server = PulseTestServer(
            address: "unix:\(pipewireRuntime)/pulse/native", sink: "decibel_test",
            pipewireRuntimeDirectory: pipewireRuntime)
        guard status == 0, server.answers else {
            let log =
                (try? String(contentsOfFile: "\(pipewireRuntime)/servers-start-pipewire.log", encoding: .utf8)) ?? ""
            return (nil, "PipeWire did not start (status \(status.map(String.init) ?? "timeout")): \(log)")
        }
        return (server, "")
    }

    /// Stops the PipeWire instance `startPipeWire` started.
    static func stopPipeWire() {
        serversScript("stop", "pipewire", runtime: pipewireRuntime)
    }

    /// `pactl list short KIND` ("sinks" or "sources") on this server.
    func listed(_ kind: String) throws -> [PactlDevice] { try PactlDevice.list(kind, environment: environment) }

    /// Whether `pactl info` answers.
    var answers: Bool { (try? pactl(["info"]).status) == 0 }

    /// What the server calls itself ("pulseaudio", "PulseAudio (on PipeWire 0.3.65)") and its version.
    var serverName: String {
        let info = (try? pactl(["info"]).standardOutput) ?? ""
        func field(_ name: String) -> String {
            info.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
                ?? "?"
        }
        return "\(field("Server Name")) \(field("Server Version"))"
    }

    var description: String { "\(serverName) at \(address)" }

    var environment: [String: String] { ["PULSE_SERVER": address] }

    /// A backend talking to this server explicitly.
    func backend(reconnect: Bool = false) -> PulseBackend {
        PulseBackend(options: .init(server: address, streams: .init(reconnect: reconnect)))
    }

    @discardableResult
    func pactl(_ arguments: [String]) throws -> ProcessResult {
        try run("pactl", arguments, environment: environment, timeout: 10)
    }

    /// Records `seconds` from `device` with parec as float32 and returns its channels.
    ///
    /// parec runs through `spawnAndWait` (empty signal mask) so `timeout`'s SIGINT ends it cleanly and
    /// it writes out everything it recorded.
    func record(from device: String, seconds: Double, rate: Int, channels: Int) throws -> [[Float]] {
        let file = TestEnvironment.temporaryDirectory("parec").appendingPathComponent("recording.raw").path
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = address
        _ = spawnAndWait(
            [
                "/usr/bin/timeout", "-s", "INT", "-k", "2", String(seconds), "/usr/bin/parec", "-d", device, "--raw",
                "--format=float32le", "--rate=\(rate)", "--channels=\(channels)", "--latency-msec=20",
            ],
            environment: environment, output: file, timeout: seconds + 10)
        let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
        return SignalAnalysis.deinterleave(data, channels: channels, as: .float32)
    }

    /// Starts `stream` while the null sink is suspended and resumes the sink afterwards.
    ///
    /// An idle null sink renders its maximum latency (2 s) ahead and sleeps; a stream that arrives then
    /// waits up to that long before its data (or, for the monitor, its first fragment) moves. Resuming
    /// from suspend restarts the sink's clock with the latency the new stream asked for, as a fresh
    /// device would. (pacat and parec see the same stall; it is the null sink's, not the client's.)
    func start(_ stream: any AudioStream) throws {
        _ = try? pactl(["suspend-sink", sink, "1"])
        defer { _ = try? pactl(["suspend-sink", sink, "0"]) }
        try stream.start()
    }

    /// Plays `samples` (interleaved float32) to `device` with pacat and waits until it finished.
    @discardableResult
    func play(
        _ samples: [Float], to device: String, rate: Int, channels: Int, extra: [String] = []
    ) throws -> ProcessResult {
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        return try run(
            "pacat", ["-d", device, "--raw", "--format=float32le", "--rate=\(rate)", "--channels=\(channels)"] + extra,
            environment: environment, timeout: 30, input: data)
    }
}

/// Interleaved float32 stereo sine for pacat.
func interleavedSine(frequency: Double, amplitude: Float, seconds: Double, rate: Int, channels: Int) -> [Float] {
    let frames = Int(seconds * Double(rate))
    var samples = [Float](repeating: 0, count: frames * channels)
    for frame in 0..<frames {
        let value = amplitude * Float(sin(2 * Double.pi * frequency * Double(frame) / Double(rate)))
        for channel in 0..<channels { samples[frame * channels + channel] = value }
    }
    return samples
}
