import DecibelCore
import DecibelPipeWire
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// Tests against a real PipeWire daemon (with wireplumber), started by the suite; skipped when it cannot
/// start here unless `DECIBEL_TEST_SERVERS=1`.
@Suite(.serialized) struct PipeWireTests {
    /// The shared daemon or nil (skip).
    static func server() -> PipeWireTestServer? { PipeWireTestServer.shared }

    static func uniqueName(_ prefix: String) -> String { "\(prefix)_\(getpid())_\(UInt32.random(in: 0...999_999))" }

    @Test func availabilityNamesTheDaemon() throws {
        guard let server = Self.server() else { return }
        let availability = server.backend().availability
        print("availability: \(availability)")
        #expect(availability.isAutomaticChoice, "\(availability)")
        #expect(availability.explanation.contains("Hz"))
    }

    @Test func missingLibraryIsUnavailableWithTheReason() {
        let backend = PipeWireBackend(
            options: .init(environment: ["DECIBEL_PIPEWIRE_LIBRARY": "/nonexistent/libpipewire-0.3.so.0"]))
        let availability = backend.availability
        print("availability: \(availability)")
        #expect(!availability.isAvailable)
        #expect(availability.explanation.contains("/nonexistent/libpipewire-0.3.so.0"))
        #expect(availability.explanation.contains("DECIBEL_PIPEWIRE_LIBRARY"))
        #expect(availability.explanation.contains("No such file"))
    }

    @Test func noDaemonFailsFastAndSaysWhere() {
        let backend = PipeWireBackend(options: .init(remote: "/nonexistent/pipewire-0", timeout: 2, environment: [:]))
        let start = MonotonicClock.now()
        let availability = backend.availability
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        print("availability without a daemon: \(availability) after \(elapsed) s")
        #expect(!availability.isAvailable)
        #expect(availability.explanation.contains("/nonexistent/pipewire-0"))
        #expect(elapsed < 2)
    }

    @Test func devicesAgreeWithPwDump() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_devices")
        let source = Self.uniqueName("decibel_pw_source")
        try server.createNode(sink)
        try server.createNode(source, mediaClass: "Audio/Source")
        defer { server.destroyNode(sink); server.destroyNode(source) }
        let devices = try server.backend().devices()
        print(
            "devices: \(devices.map { "\($0.id) in \($0.inputChannelCount) out \($0.outputChannelCount)\($0.isDefaultOutput ? " default-out" : "")\($0.isDefaultInput ? " default-in" : "")" })"
        )
        let sinks = try server.nodeNames(mediaClass: "Audio/Sink"),
            sources = try server.nodeNames(mediaClass: "Audio/Source")
        #expect(Set(devices.filter { $0.direction == .output }.map(\.id)) == sinks)
        #expect(Set(devices.filter { $0.direction == .input && !$0.isMonitor }.map(\.id)) == sources)
        #expect(Set(devices.filter(\.isMonitor).map(\.id)) == Set(sinks.map { $0 + ".monitor" }))
        let ours = try #require(devices.first { $0.id == sink })
        #expect(ours.outputChannelCount == 2)
        #expect(ours.name == sink)
        #expect(devices.first { $0.id == source }?.inputChannelCount == 2)
        #expect(try server.backend().defaultDevice(for: .output) != nil)
    }

    @Test(.liveTiming) func sinePlayedIntoATestSinkIsRecordedByPwRecord() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_play")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let tone = SineSource(frequency: 1000, amplitude: 0.5)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, channelCount: 2, bufferSize: .frames(256), name: "decibel-pw-sine",
                render: tone.render))
        defer { stream.close() }
        try stream.start()
        let (channels, rate) = try server.record(sink: sink, seconds: 2)
        let latency = stream.latency
        try stream.stop()
        var left = Array((channels.first ?? []).suffix(Int(rate)))
        if TestEnvironment.sanitizerSlowsRendering {
            // Under ASan a late cycle may leave a gap (CI27: 994.99 Hz by zero crossings over the last second,
            // rms 0.3526, a ~5 ms gap): measure the longest gap-free stretch there, at least half a second.
            let clean = SignalAnalysis.longestToneRun(
                channels.first ?? [], frequency: 1000, sampleRate: rate, tolerance: 1e-3)
            if clean.count >= Int(rate) / 2 { left = Array(clean.suffix(Int(rate))) }
        }
        let frequency = SignalAnalysis.frequency(left, sampleRate: rate)
        let rms = SignalAnalysis.rms(left)
        print(
            "recorded \(channels.first?.count ?? 0) frames at \(rate) Hz: \(frequency) Hz over \(left.count), rms \(rms) (sine 0.5 → 0.354), right rms \(SignalAnalysis.rms(Array((channels.last ?? []).suffix(Int(rate))))), callbacks \(tone.callbacks.load(ordering: .relaxed)), xruns \(stream.xrunCount), latency \(latency.outputFrames) frames"
        )
        #expect(left.count >= Int(rate) / 2)
        #expect(abs(frequency - 1000) < 2)
        #expect(abs(rms - 0.3536) < 0.03)
        #expect(stream.xrunCount == 0 || TestEnvironment.sanitizerSlowsRendering)
    }

    @Test(.liveTiming) func tonePlayedWithPwPlayIsCapturedFromTheMonitor() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_capture")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let capture = CaptureSink(seconds: 6, rate: 48000)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .input, device: sink + ".monitor", channelCount: 2, bufferSize: .frames(512),
                name: "decibel-pw-capture", render: capture.render))
        defer { stream.close() }
        try stream.start()
        let directory = TestEnvironment.temporaryDirectory("pw-play")
        let file = directory.appendingPathComponent("tone.wav").path
        let samples = (0..<96000).map { Float(0.4 * sin(2 * Double.pi * 660 * Double($0) / 48000)) }
        try WaveFile.write(samples, channels: 2, rate: 48000, to: file)
        let played = try server.play(file, to: sink)
        #expect(played.status == 0, "pw-play: \(played.standardError)")
        Thread.sleep(forTimeInterval: 0.2)
        try stream.stop()
        let captured = capture.drain()
        guard let first = SignalAnalysis.firstSound(captured, threshold: 0.05) else {
            Issue.record("nothing captured above 0.05 in \(captured.count) frames")
            return
        }
        var tone = Array(captured.dropFirst(first + 4800).prefix(48000))
        if TestEnvironment.sanitizerSlowsRendering {
            // Under TSan, with a build beside it, the graph missed a cycle (the landing CI of 7e47068: 654 Hz by
            // zero crossings over the second, ~440 frames of it not the tone; the sine test before it had 7
            // xruns). Scripts/test now pauses the builds for this target; under a sanitizer the tone is still
            // measured where it runs unbroken, at least half a second (pw-play's 16-bit tone stays within the
            // default residual, 16-bit quantisation's bound).
            let clean = SignalAnalysis.longestToneRun(
                Array(captured.dropFirst(first)), frequency: 660, sampleRate: 48000,
                tolerance: SignalAnalysis.toneResidualTolerance)
            if clean.count >= 24000 { tone = Array(clean.suffix(48000)) }
        }
        let frequency = SignalAnalysis.frequency(tone, sampleRate: stream.format.sampleRate)
        print(
            "captured \(captured.count) frames, \(capture.callbacks.load(ordering: .relaxed)) callbacks, xruns \(stream.xrunCount); tone: \(frequency) Hz over \(tone.count), rms \(SignalAnalysis.rms(tone)) (0.4 sine → 0.283)"
        )
        #expect(tone.count >= 24000)
        #expect(abs(frequency - 660) < 2)
        #expect(abs(SignalAnalysis.rms(tone) - 0.283) < 0.03)
    }

    @Test func sixtyFourFrameRequestGivesASixtyFourFrameQuantum() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_quantum")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let probe = FrameCountProbe()
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, sampleRate: 48000, channelCount: 2, bufferSize: .frames(64),
                name: "decibel-pw-64", render: probe.render))
        defer { stream.close() }
        try stream.start()
        Thread.sleep(forTimeInterval: 1)
        let quantum = stream.currentQuantum
        try stream.stop()
        let (calls, smallest, largest) = probe.summary
        print(
            "64-frame request: \(calls) callbacks in 1 s, frames \(smallest)...\(largest), quantum \(quantum), format \(stream.format)"
        )
        #expect(stream.format.bufferSize == 64)
        #expect(calls > 500)
        #expect(smallest == 64 && largest == 64)
        #expect(quantum == 64)
    }

    @Test(.liveTiming) func duplexStreamHearsWhatPwPlayPlays() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_duplex")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let capture = CaptureSink(seconds: 6, rate: 48000)
        let other = Self.uniqueName("decibel_pw_duplex_out")
        try server.createNode(other)
        defer { server.destroyNode(other) }
        var configuration = StreamConfiguration(
            direction: .duplex, channelCount: 1, bufferSize: .frames(256), name: "decibel-pw-duplex"
        ) { context in
            capture.callbacks.wrappingAdd(1, ordering: .relaxed)
            capture.ring.write(context.input)
            context.output.samples(0).update(from: context.input.samples(0), count: context.frameCount)
        }
        configuration.inputDevice = sink + ".monitor"
        configuration.outputDevice = other
        let stream = try server.backend().makePipeWireStream(configuration)
        defer { stream.close() }
        try stream.start()
        let file = TestEnvironment.temporaryDirectory("pw-play").appendingPathComponent("tone.wav").path
        try WaveFile.write(
            (0..<72000).map { Float(0.4 * sin(2 * Double.pi * 440 * Double($0) / 48000)) }, channels: 2, rate: 48000,
            to: file)
        try server.play(file, to: sink)
        try stream.stop()
        let captured = capture.drain()
        let first = try #require(SignalAnalysis.firstSound(captured, threshold: 0.05))
        // Measured over the longest stretch without a jump: on a loaded 2-core machine pw-play's own
        // stream occasionally skips (seen once in five runs, with no xrun on Decibel's side).
        let heard = Array(captured.dropFirst(first + 4800))
        let tone = Array(SignalAnalysis.longestContinuousRun(heard, maxStep: 0.1).prefix(24000))
        let frequency = SignalAnalysis.frequency(tone, sampleRate: stream.format.sampleRate)
        print(
            "duplex: \(captured.count) frames, \(tone.count) continuous, tone \(frequency) Hz, rms \(SignalAnalysis.rms(tone)), xruns \(stream.xrunCount)"
        )
        #expect(tone.count >= 12000)
        #expect(abs(frequency - 440) < 2)
    }

    @Test func observeDevicesSeesANullSinkComeAndGo() throws {
        guard let server = Self.server() else { return }
        let log = EventLog<DeviceEvent>()
        let observation = try server.backend().observeDevices { log.append($0) }
        defer { observation.cancel() }
        let sink = Self.uniqueName("decibel_pw_watch")
        try server.createNode(sink)
        let added = log.wait(seconds: 3) { if case .added(let device) = $0 { device.id == sink } else { false } }
        server.destroyNode(sink)
        let removed = log.wait(seconds: 3) { $0 == .removed(id: sink) }
        print("device events: \(log.all.map(\.event))")
        #expect(added != nil)
        #expect(
            log.all.contains { if case .added(let device) = $0.event { device.id == sink + ".monitor" } else { false } }
        )
        #expect(removed != nil)
    }

    /// Kills the daemon of a runtime dir of this test's own with SIGKILL while a stream plays.
    @Test func killedDaemonIsReportedWithinASecondAndANewStreamWorksAfterRestart() throws {
        let runtime = PipeWireTestServer.sharedRuntime + "-kill"
        guard let server = PipeWireTestServer.start(runtime: runtime) else { return }
        defer { server.stop() }
        let log = EventLog<StreamEvent>()
        let tone = SineSource(frequency: 440, amplitude: 0.2)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, bufferSize: .frames(256), name: "decibel-pw-kill", onEvent: { log.append($0) },
                render: tone.render))
        try stream.start()
        Thread.sleep(forTimeInterval: 0.3)
        let pid = try #require(
            Int32(
                (try String(contentsOfFile: "\(runtime)/pipewire.pid", encoding: .utf8)).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        let killed = MonotonicClock.now()
        kill(pid, SIGKILL)
        // The first event that ends the stream must name the server, not a device.
        let event = log.wait(seconds: 3) {
            switch $0 {
            case .serverShutDown, .deviceLost: true
            default: false
            }
        }
        let delay = event.map { Double($0.time - killed) / 1e9 }
        print(
            "kill -9 → \(String(describing: event?.event)) after \(delay.map { "\($0) s" } ?? "never"); state \(stream.state)"
        )
        #expect(event.map { if case .serverShutDown = $0.event { true } else { false } } == true)
        #expect(delay != nil && delay! < 1)
        #expect(stream.state == .invalidated)
        stream.close()

        let restarted = try #require(PipeWireTestServer.start(runtime: runtime))
        let again = SineSource(frequency: 440, amplitude: 0.2)
        let fresh = try restarted.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, bufferSize: .frames(256), name: "decibel-pw-after-kill", render: again.render))
        defer { fresh.close() }
        try fresh.start()
        Thread.sleep(forTimeInterval: 0.5)
        print("after restart: \(again.callbacks.load(ordering: .relaxed)) callbacks")
        #expect(again.callbacks.load(ordering: .relaxed) > 10)
    }
}
