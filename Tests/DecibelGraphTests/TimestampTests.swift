import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// TAAE's timestamps: taps know each buffer's engine sample time and when it was captured or will be
/// heard (the stream's latency applied, unless automatic latency management is off); timing receivers
/// run before and after each block on the render thread.
@Suite("timestamps and timing receivers", .serialized)
struct TimestampTests {
    /// A duplex Null stream of 256-frame blocks on its real-time clock; its latency is one block each way.
    private func engine() throws -> AudioEngine {
        try AudioEngine(
            backend: NullBackend(options: .init(clock: .realTime, inputSignal: .silence)),
            configuration: StreamConfiguration(direction: .duplex, channelCount: 2, bufferSize: .frames(256)) { _ in })
    }

    /// A source whose every sample is its own engine sample time, so a buffer tells where it came from.
    private func clockSource() -> BlockSource {
        BlockSource { view, time in
            for frame in 0..<view.frameCount {
                for channel in 0..<view.channelCount { view.samples(channel)[frame] = Float(time + Int64(frame)) }
            }
        }
    }

    private struct Stamped: Sendable {
        let first: Float
        let time: AudioTimestamp
    }

    @Test("tap timestamps: sample time of the first frame, host time plus the output latency; input taps minus")
    func tapTimestampsCarryTheLatency() throws {
        let engine = try engine()
        let blocks = Locked<[RenderTiming]>([])
        let receiver = TimingReceiver(before: { timing in
            // The render thread: a preallocated array keeps this allocation-free in real apps; the test only
            // appends for its own measurement.
            blocks.withLock { $0.append(timing) }
        })
        try engine.addTimingReceiver(receiver)
        let source = clockSource()
        try engine.mainGroup.add(source)
        let output = Locked<[Stamped]>([]), input = Locked<[AudioTimestamp]>([])
        let tap = try engine.installTap(on: source, bufferSize: 300) { buffer, time in
            output.withLock { $0.append(Stamped(first: buffer[0][0], time: time)) }
        }
        let inputTap = try engine.installTap(on: engine.inputNode, bufferSize: 256) { _, time in
            input.withLock { $0.append(time) }
        }
        guard let stream = engine.stream else { throw AudioError(.invalidState, "no stream") }
        try stream.start()
        // The real-time clock skips the periods a late wake-up missed, and the tap drops what its 50 ms ring
        // cannot hold, so how many blocks a fixed time yields depends on the load: wait for the counts.
        let enough = waitUntil(seconds: 30) {
            blocks.withLock { $0.count } > 50 && output.withLock { $0.count } > 50
        }
        try stream.stop()
        try engine.removeTap(tap)
        try engine.removeTap(inputTap)
        try engine.removeTimingReceiver(receiver)
        let timings = blocks.withLock { $0 }
        let period = 256.0 / 48_000 * 1e9
        #expect(enough, "50 blocks and 50 tap buffers within 30 s")
        #expect(timings.count > 50)
        for timing in timings {
            #expect(Double(timing.outputHostTime - timing.hostTime) == (period).rounded(.down))
            #expect(Double(timing.hostTime - timing.inputHostTime) == (period).rounded(.down))
        }
        func blockHostTime(_ sample: Int64) -> Double? {
            guard let block = timings.last(where: { $0.sampleTime <= sample }) else { return nil }
            return Double(block.hostTime) + Double(sample - block.sampleTime) / 48_000 * 1e9
        }
        let stamped = output.withLock { $0 }
        #expect(stamped.count > 50)
        var worst = 0.0
        for entry in stamped {
            #expect(entry.first == Float(entry.time.sampleTime), "the stamp names the buffer's first sample")
            guard let expected = blockHostTime(entry.time.sampleTime) else { continue }
            worst = max(worst, abs(Double(entry.time.hostTime) - (expected + period)))
        }
        let captured = input.withLock { $0 }
        for time in captured {
            guard let expected = blockHostTime(time.sampleTime) else { continue }
            worst = max(worst, abs(Double(time.hostTime) - (expected - period)))
        }
        print("timestamps: \(stamped.count) output and \(captured.count) input buffers, worst error \(worst) ns")
        #expect(worst < 1_000, "host times within 1 µs of block time ± one block of latency")
    }

    @Test("without automatic latency management the host time is the callback's")
    func latencyManagementOff() throws {
        let engine = try engine()
        engine.automaticLatencyManagement = false
        let timings = Locked<[RenderTiming]>([])
        let receiver = TimingReceiver(after: { timing in timings.withLock { $0.append(timing) } })
        try engine.addTimingReceiver(receiver)
        guard let stream = engine.stream else { throw AudioError(.invalidState, "no stream") }
        try stream.start()
        let enough = waitUntil(seconds: 30) { timings.withLock { $0.count } > 10 }
        try stream.stop()
        let seen = timings.withLock { $0 }
        #expect(enough && seen.count > 10, "\(seen.count) blocks in 30 s")
        #expect(seen.allSatisfy { $0.outputHostTime == $0.hostTime && $0.inputHostTime == $0.hostTime })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.sampleTime == $0.sampleTime + 256 })
    }

    /// The tap's consumer is held on its first buffer while the engine renders 100 blocks into a 512-frame
    /// ring, so the drop happens whatever the scheduler does (the consumer used to sleep 2 ms a buffer and
    /// hope; on a loaded machine it was not scheduled at all during the render, saw no gap, and failed).
    @Test("a slow tap drops blocks, and the buffers after a drop still carry their own sample times")
    func dropsKeepTimestampsTrue() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 1, maximumFrameCount: 256)
        let source = clockSource()
        try engine.mainGroup.add(source)
        let stamped = Locked<[Stamped]>([])
        let gate = DispatchSemaphore(value: 0)
        let held = Atomic<Bool>(false)
        let tap = try engine.installTap(on: source, bufferSize: 128, ringFrames: 512) { buffer, time in
            stamped.withLock { $0.append(Stamped(first: buffer[0][0], time: time)) }
            if !held.exchange(true, ordering: .relaxed) { gate.wait() }
        }
        let tappedSource = tap.node.map { ObjectIdentifier($0) }
        #expect(tappedSource == ObjectIdentifier(source), "the tap names the node its buffers come from")
        for _ in 0..<100 { _ = try engine.render(frames: 256) }  // 25 600 frames into 512: most dropped
        gate.signal()
        // Let the consumer drain what the ring kept, then render block by block, each delivered before the next.
        var delivered = 0
        let deadline = Date().addingTimeInterval(10)
        repeat {
            delivered = stamped.withLock { $0.count }
            Thread.sleep(forTimeInterval: 0.1)
        } while stamped.withLock({ $0.count }) != delivered && Date() < deadline
        for _ in 0..<4 {
            _ = try engine.render(frames: 256)
            delivered += 2
            while stamped.withLock({ $0.count }) < delivered, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        }
        try engine.removeTap(tap)
        let seen = stamped.withLock { $0 }
        print("slow tap: \(seen.count) buffers delivered, \(tap.droppedFrames) frames dropped")
        #expect(tap.droppedFrames > 0)
        #expect(!seen.isEmpty && seen.allSatisfy { $0.first == Float($0.time.sampleTime) })
        #expect(
            zip(seen, seen.dropFirst()).contains { $1.time.sampleTime != $0.time.sampleTime + 128 },
            "the delivered buffers cross a gap")
    }
}
