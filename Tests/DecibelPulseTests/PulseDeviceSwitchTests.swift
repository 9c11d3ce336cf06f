import Decibel
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

extension PulseTests {
    /// EZ components moving between devices on a real server, checked with parec at both sinks.
    @Suite struct PulseDeviceSwitchTests {
        @Test("AudioPlayer.setDevice mid-play: parec hears the file at the new sink and silence at the old one", .liveTiming)
        func playerMovesToAnotherSink() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let other = "decibel_switch_\(Int.random(in: 1000...9999))"
            let module = try PulseDeviceEventTests.loadSink(server, other)
            defer { _ = try? server.pactl(["unload-module", module]) }
            let file = TestEnvironment.temporaryDirectory("decibel-pulse-switch").appendingPathComponent("tone.wav")
                .path
            let sox = try run(
                "sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", file, "synth", "10", "sine", "1000", "gain", "-6"])
            try #require(sox.status == 0, "\(sox.standardError)")

            // An idle null sink renders 2 s ahead and sleeps: each stream starts while its sink is suspended
            // (see PulseTestServer.start), so the sink's clock restarts with the stream's latency.
            _ = try server.pactl(["suspend-sink", server.sink, "1"])
            let player = try AudioPlayer(path: file, backend: server.backend(), device: server.sink)
            _ = try server.pactl(["suspend-sink", server.sink, "0"])
            let devices = Locked<[String?]>([])
            player.addObserver { event in
                if case .deviceChanged(let device) = event { devices.withLock { $0.append(device) } }
            }
            player.play()
            Thread.sleep(forTimeInterval: 0.5)
            let before = try server.record(from: server.sink + ".monitor", seconds: 0.5, rate: 48_000, channels: 2)
            _ = try server.pactl(["suspend-sink", other, "1"])
            try player.setDevice(other)
            _ = try server.pactl(["suspend-sink", other, "0"])
            Thread.sleep(forTimeInterval: 0.3)
            let atNew = try server.record(from: other + ".monitor", seconds: 1, rate: 48_000, channels: 2)
            let atOld = try server.record(from: server.sink + ".monitor", seconds: 1, rate: 48_000, channels: 2)
            let position = player.currentTime
            player.stop()

            let heardBefore = before.first ?? [], heardNew = atNew.first ?? [], heardOld = atOld.first ?? []
            print(
                "device switch: before \(SignalAnalysis.peak(heardBefore)) at \(server.sink), after \(SignalAnalysis.peak(heardNew)) at \(other) and \(SignalAnalysis.peak(heardOld)) at \(server.sink); position \(position) s"
            )
            #expect(abs(SignalAnalysis.peak(heardBefore) - 0.5) < 0.05, "the file played at the first sink")
            let steady = Array(heardNew.drop { abs($0) < 0.01 }.prefix(24_000))
            #expect(steady.count > 12_000, "the new sink hears the file")
            #expect(abs(SignalAnalysis.frequency(steady, sampleRate: 48_000) - 1000) < 1)
            #expect(abs(SignalAnalysis.peak(steady) - 0.5) < 0.05)
            #expect(SignalAnalysis.peak(heardOld) < 0.01, "the old sink is silent")
            #expect(devices.withLock { $0 } == [other])
            #expect(position > 2.5, "playback went on from where it was")
        }
    }
}

extension PulseTests {
    /// Timestamps on a real server: PulseAudio measures its latency once audio flows, and the engine's
    /// timestamps follow it.
    @Suite struct PulseTimestampTests {
        @Test("timing receivers' output host time is the callback's plus the latency PulseAudio measures", .liveTiming)
        func outputTimesCarryTheMeasuredLatency() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let engine = try AudioEngine(
                backend: server.backend(),
                configuration: StreamConfiguration(device: server.sink, bufferSize: .frames(480)) { _ in })
            try engine.mainGroup.add(ToneGenerator(frequency: 440, amplitude: 0.2))
            let offsets = Locked<[Int64]>([])
            try engine.addTimingReceiver(
                TimingReceiver(before: { timing in
                    offsets.withLock { $0.append(Int64(timing.outputHostTime) - Int64(timing.hostTime)) }
                }))
            let stream = try #require(engine.stream)
            try server.start(stream)
            Thread.sleep(forTimeInterval: 1.5)
            let measured = Double(stream.latency.outputFrames) / stream.format.sampleRate * 1e9
            Thread.sleep(forTimeInterval: 0.3)
            try stream.stop()
            stream.close()
            let recent = offsets.withLock { Array($0.suffix(20)) }.map(Double.init)
            let mean = recent.reduce(0, +) / Double(max(1, recent.count))
            print(
                "pulse timestamps: output latency measured \(measured / 1e6) ms, timestamps offset \(mean / 1e6) ms (last \(recent.count) blocks)"
            )
            #expect(measured > 0, "PulseAudio reports a latency once playing")
            #expect(abs(mean - measured) < max(3e6, measured * 0.25), "the offset follows the measured latency")
        }
    }
}
