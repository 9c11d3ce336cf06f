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

    /// The pulseaudio instance of this test run, from `Scripts/servers env`.
    static let pulseaudio = PulseTestServer(
        address: ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? "unix:/tmp/decibel-test/pulse/native",
        sink: ProcessInfo.processInfo.environment["DECIBEL_TEST_PULSE_SINK"] ?? "decibel_test")

    /// Whether tests needing the pulseaudio server should run: it answers, or servers are required
    /// (then a missing server fails the test instead of skipping it).
    static let shouldRun: Bool = TestEnvironment.serversRequired || pulseaudio.answers

    /// The shared pulseaudio with a null sink of these tests' own (`decibel_pulse_tests`), loaded once
    /// and left for the server's life: other suites (the RealtimeSanitizer scenarios, ALSA's `pulse` PCM,
    /// the CLI) play into the shared test sink at the same time, and a parec measurement must hear only
    /// this suite's stream.
    static let shared: PulseTestServer? = {
        guard pulseaudio.answers else { return nil }
        let server = PulseTestServer(address: pulseaudio.address, sink: "decibel_pulse_tests")
        let sinks = (try? server.pactl(["list", "short", "sinks"]).standardOutput) ?? ""
        if !sinks.split(separator: "\n").contains(where: { $0.split(separator: "\t").dropFirst().first == "decibel_pulse_tests" }) {
            _ = try? server.pactl(["load-module", "module-null-sink", "sink_name=decibel_pulse_tests",
                                   "sink_properties=device.description=Decibel-Pulse-tests"])
        }
        return server
    }()

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
        let server = PulseTestServer(address: "unix:\(pipewireRuntime)/pulse/native", sink: "decibel_test")
        guard status == 0, server.answers else {
            let log = (try? String(contentsOfFile: "\(pipewireRuntime)/servers-start-pipewire.log", encoding: .utf8)) ?? ""
            return (nil, "PipeWire did not start (status \(status.map(String.init) ?? "timeout")): \(log)")
        }
        return (server, "")
    }

    /// Stops the PipeWire instance `startPipeWire` started.
    static func stopPipeWire() {
        serversScript("stop", "pipewire", runtime: pipewireRuntime)
    }

    /// Whether `pactl info` answers.
    var answers: Bool { (try? pactl(["info"]).status) == 0 }

    /// What the server calls itself ("pulseaudio", "PulseAudio (on PipeWire 0.3.65)") and its version.
    var serverName: String {
        let info = (try? pactl(["info"]).standardOutput) ?? ""
        func field(_ name: String) -> String {
            info.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? "?"
        }
        return "\(field("Server Name")) \(field("Server Version"))"
    }

    var description: String { "\(serverName) at \(address)" }

    var environment: [String: String] { ["PULSE_SERVER": address] }

    /// A backend talking to this server explicitly.
    func backend(reconnect: Bool = false) -> PulseBackend {
        PulseBackend(options: .init(server: address, reconnect: reconnect))
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
        _ = spawnAndWait(["/usr/bin/timeout", "-s", "INT", "-k", "2", String(seconds), "/usr/bin/parec", "-d", device, "--raw",
                          "--format=float32le", "--rate=\(rate)", "--channels=\(channels)", "--latency-msec=20"],
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
    func play(_ samples: [Float], to device: String, rate: Int, channels: Int, extra: [String] = []) throws -> ProcessResult {
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        return try run("pacat", ["-d", device, "--raw", "--format=float32le", "--rate=\(rate)", "--channels=\(channels)"] + extra,
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

/// A sine generator for render callbacks: state lives in the object, so the callback never allocates.
final class SineSource: @unchecked Sendable {
    let frequency: Double
    let amplitude: Float
    private var phase = 0.0
    /// Render callbacks so far and the largest and smallest frame counts seen.
    let callbacks = Atomic<Int>(0)
    let largestFrames = Atomic<Int>(0)

    init(frequency: Double, amplitude: Float) {
        self.frequency = frequency
        self.amplitude = amplitude
    }

    /// The render callback.
    var render: RenderCallback {
        { [self] context in
            let step = 2 * Double.pi * frequency / context.sampleRate
            let first = context.output.samples(0)
            for frame in 0..<context.frameCount {
                first[frame] = amplitude * Float(sin(phase))
                phase += step
                if phase > 2 * Double.pi { phase -= 2 * Double.pi }
            }
            for channel in 1..<max(1, context.output.channelCount) {
                context.output.samples(channel).update(from: first, count: context.frameCount)
            }
            callbacks.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount > largestFrames.load(ordering: .relaxed) { largestFrames.store(context.frameCount, ordering: .relaxed) }
        }
    }
}

/// Collects what an input stream's render callback receives (channel 0) without allocating.
final class CaptureSink: @unchecked Sendable {
    let ring: FrameRingBuffer
    let callbacks = Atomic<Int>(0)
    /// Callbacks whose frame count was not the stream's buffer size.
    let wrongSizes = Atomic<Int>(0)
    let expectedFrames = Atomic<Int>(0)

    init(seconds: Double, rate: Double) {
        ring = FrameRingBuffer(channelCount: 1, capacity: Int(seconds * rate))
    }

    var render: RenderCallback {
        { [self] context in
            callbacks.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount != expectedFrames.load(ordering: .relaxed) { wrongSizes.wrappingAdd(1, ordering: .relaxed) }
            ring.write(context.input)
        }
    }

    /// Everything captured so far (control thread).
    func drain() -> [Float] {
        let buffer = AudioBuffer(channelCount: 1, frameCapacity: ring.availableToRead)
        ring.read(into: buffer.view)
        return buffer.samples(ofChannel: 0)
    }
}

/// Collects stream or device events with the time they arrived.
final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[(Event, UInt64)]>([])

    func append(_ event: Event) { events.withLock { $0.append((event, MonotonicClock.now())) } }

    var all: [(event: Event, time: UInt64)] { events.withLock { $0.map { ($0.0, $0.1) } } }

    /// Waits up to `seconds` for an event matching `predicate`; returns it and when it arrived.
    func wait(seconds: Double, for predicate: (Event) -> Bool) -> (event: Event, time: UInt64)? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let hit = all.first(where: { predicate($0.event) }) { return hit }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all.first { predicate($0.event) }
    }
}
