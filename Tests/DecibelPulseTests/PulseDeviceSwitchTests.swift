import Decibel
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

extension PulseTests {
    /// EZ components moving between devices on a real server, checked with parec at both sinks.
    @Suite struct PulseDeviceSwitchTests {
        @Test(
            "AudioPlayer.setDevice mid-play: parec hears the file at the new sink and silence at the old one",
            .liveTiming)
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
            // Each block's callback host time and its output offset (outputHostTime - hostTime), which is
            // exactly the output latency the engine last read from the stream (BlockClock.timing).
            let blocks = Locked<[Block]>([])
            blocks.withLock { $0.reserveCapacity(8192) }
            try engine.addTimingReceiver(
                TimingReceiver(before: { timing in
                    blocks.withLock {
                        $0.append(
                            Block(
                                hostTime: timing.hostTime,
                                offset: Int64(timing.outputHostTime) - Int64(timing.hostTime)))
                    }
                }))
            let stream = try #require(engine.stream)
            let rate = stream.format.sampleRate
            // A latency reading as the engine stores it (AudioEngine.updateTimingLocked): whole nanoseconds.
            func nanoseconds(_ frames: Int) -> Int64 { Int64(UInt64(Double(max(0, frames)) / rate * 1e9)) }
            try server.start(stream)
            Thread.sleep(forTimeInterval: 1)

            // With PA_STREAM_INTERPOLATE_TIMING the latency rises at each write and falls as the sink plays,
            // and the engine re-reads it about every 100 ms: read it here too, often, over the window the
            // blocks are taken from, to hold each block to what the server reported around it.
            var polls: [Poll] = []
            polls.reserveCapacity(16_384)
            let xrunsBefore = stream.xrunCount
            let pollStart = MonotonicClock.now()
            var now = pollStart
            while now - pollStart < 1_200_000_000 {
                let value = nanoseconds(stream.latency.outputFrames)
                now = MonotonicClock.now()
                polls.append(Poll(time: now, value: value))
                MonotonicClock.sleep(nanoseconds: Self.pollInterval)
            }
            let xrunsWhilePolling = stream.xrunCount - xrunsBefore
            try stream.stop()
            stream.close()
            // A block at host time h carries the reading of the engine's last refresh before h, taken no earlier
            // than one refresh period (100 ms) before it: 250 ms in, every block's reading was taken between
            // two polls. Between two polls the reading can only fall as fast as real time (the interpolated
            // play position advances with the clock; writes only raise it), so a reading taken in a gap of g
            // lies within [first poll - g, second poll + g], give or take one frame of rounding each.
            let windowStart = pollStart + 250_000_000
            let offsets = blocks.withLock { $0 }.filter { $0.hostTime >= windowStart && $0.hostTime <= now }
                .map(\.offset)
            let frame = Int64((1e9 / rate).rounded(.up))
            let gaps = zip(polls, polls.dropFirst()).map { (before: $0, after: $1, gap: Int64($1.time - $0.time)) }
            let outside = offsets.filter { offset in
                !gaps.contains {
                    offset >= $0.before.value - $0.gap - frame && offset <= $0.after.value + $0.gap + frame
                }
            }
            let low = polls.map(\.value).min() ?? 0, high = polls.map(\.value).max() ?? 0
            let sortedGaps = gaps.map(\.gap).sorted()
            let distinct = Set(offsets).sorted().map { Double($0) / 1e6 }
            print(
                "pulse timestamps: \(polls.count) latency readings span \(Double(low) / 1e6) … \(Double(high) / 1e6) ms (\(polls.filter { $0.value == 0 }.count) of 0, \(xrunsWhilePolling) underflows), gaps median \(Double(sortedGaps[sortedGaps.count / 2]) / 1e6) ms, max \(Double(sortedGaps.last ?? 0) / 1e6) ms; \(offsets.count) block offsets in the window \(distinct) ms"
            )
            // Once playing, PulseAudio reports a latency above 0, but for a moment after an underflow (the sink
            // played past what was written: pa_stream_get_latency is negative, read as 0). Seen once under
            // AddressSanitizer, whose slowdown stalled this process 7.3 ms (the largest gap between polls), so
            // a 0 must come with an underflow the server reported while polling.
            let zeros = polls.filter { $0.value == 0 }.count
            #expect(high > 0, "PulseAudio reports a latency once playing")
            #expect(
                zeros == 0 || xrunsWhilePolling > 0,
                "\(zeros) readings of 0 with no underflow reported while polling")
            #expect(offsets.count > 50, "the blocks of the window")
            let misfits = outside.count
            #expect(
                misfits == 0,
                "offsets such as \(outside.prefix(5).map { Double($0) / 1e6 }) ms fit in no gap between the latency readings polled over the same window"
            )
        }

        /// The pause between the test's latency readings: the gap they leave is the tolerance.
        static let pollInterval: UInt64 = 250_000

        struct Block: Sendable {
            let hostTime: UInt64
            let offset: Int64
        }

        struct Poll {
            let time: UInt64
            let value: Int64
        }
    }
}
