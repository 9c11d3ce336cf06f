import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelALSA

/// The `pulse` PCM (libasound2-plugins) through the PulseAudio server `Scripts/servers start pulse` runs.
@Suite("ALSA through the pulse PCM", .serialized)
struct ALSAPulseTests {
    /// A 440 Hz tone played to the `pulse` PCM comes back from `parec` on the sink's monitor, both in
    /// Float32 and in 24-bit integers (converted by the stream).
    @Test(.liveTiming, arguments: [SampleType.float32, .int24])
    func playbackIsRecordedByParec(type: SampleType) throws {
        try requirePulseServer()
        let sink = ProcessInfo.processInfo.environment["DECIBEL_TEST_PULSE_SINK"] ?? "decibel_test"
        let rate = 48_000.0, frequency = 440.0, amplitude: Float = 0.5
        let recording = try Recording(sink: sink)
        Thread.sleep(forTimeInterval: 0.4)  // parec connects before the tone starts

        let backend = ALSATestConfig.backend()
        let log = CallbackLog(settle: 10)
        let stream = try backend.makeStream(
            StreamConfiguration(
                direction: .output, device: "pulse", sampleRate: rate, channelCount: 2, bufferSize: .frames(2048),
                sampleType: type, name: "decibel-alsa-test"
            ) { context in
                log.record(context)
                let start = Double(context.timestamp.sampleTime)
                for i in 0..<context.frameCount {
                    let value = amplitude * Float(sin(2 * Double.pi * frequency * (start + Double(i)) / rate))
                    context.output[0][i] = value
                    context.output[1][i] = value
                }
            })
        defer { stream.close() }
        let negotiated = try #require((stream as? ALSAStream)?.outputParameters)
        #expect(negotiated.format.sampleType == type, "negotiated \(negotiated.format)")
        #expect(stream.latency.outputFrames == negotiated.bufferFrames, "the buffer alsa-lib settled on is reported")
        #expect(
            (4096...8192).contains(stream.latency.outputFrames), "near two periods of 2048 frames, not pulse's default")
        try stream.start()
        #expect(waitUntil(seconds: 5) { log.callbacks.load(ordering: .relaxed) > 10 }, "the pulse PCM started")
        Thread.sleep(forTimeInterval: 1.5)
        try stream.stop()
        let samples = try recording.finish()
        let xruns = stream.xrunCount

        // An xrun (a loaded machine) costs the pulse plugin about two seconds to restart; the tone is
        // then measured on its longest unbroken stretch, and cadence only when nothing was lost.
        let tone = longestTone(in: samples, rms: Double(amplitude) / 2.squareRoot())
        #expect(
            tone.count >= (xruns == 0 ? 48_000 : 24_000),
            "an unbroken tone was recorded (\(tone.count) of \(samples.count) samples, \(xruns) xruns)")
        guard tone.count >= 4_800 else { return }
        let measured = SignalAnalysis.frequency(tone, sampleRate: rate)
        #expect(abs(measured - frequency) < 1, "frequency \(measured) Hz")
        let magnitude = SignalAnalysis.magnitude(of: frequency, in: tone, sampleRate: rate)
        #expect(abs(magnitude - Double(amplitude)) < 0.05, "magnitude \(magnitude)")
        if xruns == 0 {
            let cadence = log.steadyFramesPerSecond
            #expect(cadence > rate * 0.97 && cadence < rate * 1.03, "pulse paced the stream: \(cadence) frames/s")
            let bound = Float(Double(amplitude) * 2 * Double.pi * frequency / rate) * 1.5
            #expect(SignalAnalysis.largestStep(tone) < bound, "no dropouts in the recorded tone")
        }
    }

    /// The longest run of 10 ms blocks whose RMS is within 10 % of `rms`, trimmed by a block each side.
    private func longestTone(in samples: [Float], rms: Double) -> [Float] {
        let block = 480
        var best = 0..<0, current = 0
        for index in 0..<(samples.count / block) {
            let level = SignalAnalysis.rms(samples[index * block..<(index + 1) * block])
            if abs(level - rms) < rms * 0.1 {
                current += 1
                if current > best.count { best = (index + 1 - current)..<(index + 1) }
            } else {
                current = 0
            }
        }
        guard best.count > 2 else { return [] }
        return Array(samples[(best.lowerBound + 1) * block..<(best.upperBound - 1) * block])
    }

    /// A callback that takes far longer than its period makes pulse underrun: each one is counted,
    /// reported, recovered from with snd_pcm_recover, and the stream keeps calling back.
    @Test(.liveTiming) func overrunningCallbackCausesCountedXrunsAndRecovers() throws {
        try requirePulseServer()
        let backend = ALSATestConfig.backend()
        let log = CallbackLog()
        let events = EventLog()
        // The pulse plugin takes about two seconds to resume after snd_pcm_prepare (the same happens in
        // plain C with aplay's recovery loop), so two stalls keep the test short.
        let stalls = [40, 70]
        let stream = try backend.makeStream(
            StreamConfiguration(
                direction: .output, device: "pulse", sampleRate: 48_000, channelCount: 2, bufferSize: .frames(480),
                onEvent: { events.record($0) }
            ) { context in
                let index = log.callbacks.load(ordering: .relaxed)
                log.record(context)
                if stalls.contains(index) { usleep(150_000) }  // 150 ms against a 20 ms buffer
            })
        defer { stream.close() }
        try stream.start()
        #expect(
            waitUntil(seconds: 15) { log.callbacks.load(ordering: .relaxed) > 170 },
            "the stream kept running after the stalls")
        try stream.stop()
        #expect(stream.xrunCount >= stalls.count, "each stall is at least one xrun (got \(stream.xrunCount))")
        #expect(stream.xrunCount < 20, "only the stalls caused xruns (got \(stream.xrunCount))")
        #expect(stream.state == .stopped, "recovered, not invalidated")
        Thread.sleep(forTimeInterval: 0.1)
        let reported = events.all.compactMap { event -> Int? in if case .xrun(let total) = event { total } else { nil }
        }
        #expect(reported.last == stream.xrunCount, "xrun events report the running total: \(reported)")
        #expect(!events.all.contains { if case .deviceLost = $0 { true } else { false } })
    }

    /// When the server behind the pulse PCM goes away, the render thread's I/O fails for good: the
    /// stream reports `deviceLost` with alsa-lib's text, is invalidated, and refuses to start again.
    /// It uses a PulseAudio server of its own (the `decibel_pulse_private` PCM names its socket), so
    /// stopping it never disturbs tests that share the suite's server.
    @Test func serverLossInvalidatesTheStream() throws {
        try requirePulseServer()
        let backend = ALSATestConfig.backend()
        let servers = TestEnvironment.repositoryRoot.appendingPathComponent("Scripts/servers").path
        let privateServer = ["DECIBEL_RUNTIME_DIR": ALSATestConfig.privatePulseDirectory.path]
        let started = try run(servers, ["start", "pulse"], environment: privateServer, timeout: 30)
        #expect(started.status == 0, "private PulseAudio server: \(started.standardError)")
        defer { _ = try? run(servers, ["stop", "pulse"], environment: privateServer, timeout: 30) }
        let log = CallbackLog()
        let events = EventLog()
        let stream = try backend.makeStream(
            StreamConfiguration(
                direction: .output, device: "decibel_pulse_private", sampleRate: 48_000, channelCount: 2,
                bufferSize: .frames(480),
                onEvent: { events.record($0) }
            ) { log.record($0) })
        defer { stream.close() }
        try stream.start()
        #expect(waitUntil(seconds: 5) { log.callbacks.load(ordering: .relaxed) > 20 })
        let stopped = try run(servers, ["stop", "pulse"], environment: privateServer, timeout: 30)
        #expect(stopped.status == 0)
        let lost = waitUntil(seconds: 10) { events.all.contains { if case .deviceLost = $0 { true } else { false } } }
        #expect(lost, "deviceLost after the server stopped; events: \(events.all)")
        #expect(stream.state == .invalidated)
        let reason =
            events.all.compactMap { event -> String? in if case .deviceLost(let reason) = event { reason } else { nil }
            }.first ?? ""
        #expect(reason.contains("'decibel_pulse_private'"), "\(reason)")
        do {
            try stream.start()
            Issue.record("an invalidated stream must not start")
        } catch {
            #expect(error.kind == .streamInvalidated)
        }
        let before = log.callbacks.load(ordering: .relaxed)
        Thread.sleep(forTimeInterval: 0.2)
        #expect(log.callbacks.load(ordering: .relaxed) == before, "no callbacks once invalidated")
    }

}

/// `parec` recording a sink's monitor as mono Float32 at 48 kHz until `finish()`, into a file (nothing to
/// drain while the test runs).
final class Recording {
    private let parec: ChildProcess
    private let directory = TestEnvironment.temporaryDirectory("parec")
    private let file: String

    init(sink: String) throws {
        file = directory.appendingPathComponent("monitor.raw").path
        parec = try ChildProcess(
            "/usr/bin/env",
            [
                "parec", "-d", "\(sink).monitor", "--raw", "--format=float32le", "--rate=48000", "--channels=1",
                "--latency-msec=20",
            ], standardOutput: .file(file), standardError: .null)
    }

    /// Ends parec with SIGKILL (raw samples need no clean ending) and returns its samples.
    func finish() throws -> [Float] {
        parec.signal(SIGKILL)
        parec.wait()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
        return SignalAnalysis.deinterleave(data, channels: 1, as: .float32).first ?? []
    }
}
