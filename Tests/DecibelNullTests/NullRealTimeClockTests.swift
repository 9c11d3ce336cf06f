import DecibelCore
import DecibelNull
import DecibelTestSupport
import Synchronization
import Testing

@Suite("Null device, real-time clock", .serialized)
struct NullRealTimeClockTests {
    @Test("callbacks arrive at real-time rate: 2 s of 256-frame periods at 48 kHz within 10%", .liveTiming)
    func cadence() throws {
        let stamps = Locked<[UInt64]>([])
        stamps.withLock { $0.reserveCapacity(1000) }
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(bufferSize: .frames(256)) { context in
                stamps.withLock { $0.append(context.timestamp.hostTime) }  // test-only; reserved up front
            })
        let start = MonotonicClock.now()
        try stream.start()
        MonotonicClock.sleep(until: start + 2_000_000_000)
        try stream.stop()
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        let count = stamps.withLock { $0.count }
        let expected = elapsed * 48_000 / 256
        #expect(
            abs(Double(count) - expected) / expected < 0.10,
            "got \(count) callbacks in \(elapsed) s, expected \(expected)")
        let times = stamps.withLock { $0 }
        let periods = zip(times.dropFirst(), times).map { Double($0 - $1) / 1e6 }
        let mean = periods.reduce(0, +) / Double(max(1, periods.count))
        #expect(abs(mean - 256.0 / 48.0) < 0.3, "mean period \(mean) ms, expected 5.33 ms")
        #expect(stream.xrunCount == 0 || TestEnvironment.sanitizerSlowsRendering)
        stream.close()
    }

    @Test("a callback that overruns its period is counted as an xrun and reported on a control thread", .liveTiming)
    func overrunsAreXruns() throws {
        let events = Locked<[StreamEvent]>([])
        let slow = Atomic<Bool>(false)
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(
                bufferSize: .frames(64),
                onEvent: { event in events.withLock { $0.append(event) } }
            ) { _ in
                if slow.load(ordering: .relaxed) {
                    let until = MonotonicClock.now() + 3_000_000  // 3 ms against a 1.33 ms period
                    while MonotonicClock.now() < until {}
                }
            })
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 100_000_000)
        #expect(stream.xrunCount == 0 || TestEnvironment.sanitizerSlowsRendering)
        slow.store(true, ordering: .relaxed)
        MonotonicClock.sleep(nanoseconds: 100_000_000)
        slow.store(false, ordering: .relaxed)
        MonotonicClock.sleep(nanoseconds: 100_000_000)
        try stream.stop()
        stream.close()
        let xruns = stream.xrunCount
        #expect(xruns >= 10)
        let delivered = events.withLock { $0 }
        #expect(delivered.first == .started)
        #expect(delivered.contains(.stopped))
        #expect(delivered.contains(.xrun(total: xruns)))
    }

    @Test("stop waits for the render thread; start again resumes; close is idempotent")
    func lifecycle() throws {
        let calls = Atomic<Int>(0)
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(bufferSize: .frames(128)) { _ in calls.add(1, ordering: .relaxed) })
        #expect(stream.state == .stopped)
        try stream.start()
        #expect(stream.state == .running)
        MonotonicClock.sleep(nanoseconds: 50_000_000)
        try stream.stop()
        let afterStop = calls.load(ordering: .relaxed)
        #expect(afterStop > 0)
        MonotonicClock.sleep(nanoseconds: 30_000_000)
        #expect(calls.load(ordering: .relaxed) == afterStop)
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 30_000_000)
        #expect(calls.load(ordering: .relaxed) > afterStop)
        stream.close()
        stream.close()
        #expect(stream.state == .closed)
    }

    @Test("a running stream that is dropped without close stops its render thread and is freed")
    func droppedStreamStops() throws {
        let calls = Atomic<Int>(0)
        weak var dropped: NullStream?
        do {
            let stream = try NullBackend().makeNullStream(
                StreamConfiguration(bufferSize: .frames(128)) { _ in calls.add(1, ordering: .relaxed) })
            dropped = stream
            try stream.start()
            MonotonicClock.sleep(nanoseconds: 50_000_000)
        }
        #expect(dropped == nil, "the render thread must not keep the stream alive")
        let afterDrop = calls.load(ordering: .relaxed)
        MonotonicClock.sleep(nanoseconds: 50_000_000)
        #expect(calls.load(ordering: .relaxed) == afterDrop, "no callbacks after the stream is gone")
    }
}
