import DecibelCore
import DecibelNull
import DecibelTestSupport
import Synchronization
import Testing

@Suite("Null device, real-time clock", .serialized)
struct NullRealTimeClockTests {
    /// The clock counts an xrun when a callback ends after the next period's deadline. On a busy 2-core VM
    /// the render thread is sometimes woken 6-9 ms late, even with SCHED_FIFO (which CI's root gets): the
    /// host deschedules the whole virtual CPU (CI44: 7.8 ms late at SCHED_FIFO while jackd counted xruns in
    /// the same minute). That is the scheduler, not the clock, so the test demands that each xrun is
    /// explained by a scheduling delay it measured: a callback that started more than half a period late,
    /// or one that ended in time whose successor still skipped a period (the thread was off the CPU between
    /// them).
    @Test("callbacks arrive at real-time rate: 2 s of 256-frame periods at 48 kHz within 10%", .liveTiming)
    func cadence() throws {
        struct Call { var deadline: UInt64, started: UInt64, ended: UInt64 }
        let calls = Locked<[Call]>([])
        calls.withLock { $0.reserveCapacity(1000) }
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(bufferSize: .frames(256)) { context in
                let started = MonotonicClock.now()
                calls.withLock {  // test-only; reserved up front
                    $0.append(Call(deadline: context.timestamp.hostTime, started: started, ended: MonotonicClock.now()))
                }
            })
        let start = MonotonicClock.now()
        try stream.start()
        MonotonicClock.sleep(until: start + 2_000_000_000)
        let realtime = stream.isRealtimeThread  // asked while the thread runs: a stopped stream has none
        try stream.stop()
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        let times = calls.withLock { $0 }
        let expected = elapsed * 48_000 / 256
        #expect(
            abs(Double(times.count) - expected) / expected < 0.10,
            "got \(times.count) callbacks in \(elapsed) s, expected \(expected)")
        let period = UInt64((256.0 / 48_000 * 1e9).rounded())
        let periods = zip(times.dropFirst(), times).map { Double($0.deadline - $1.deadline) / 1e6 }
        let mean = periods.reduce(0, +) / Double(max(1, periods.count))
        #expect(abs(mean - 256.0 / 48.0) < 0.3, "mean period \(mean) ms, expected 5.33 ms")

        let lateStarts = times.filter { $0.started - $0.deadline > period / 2 }.count
        let preemptedBetween = zip(times, times.dropFirst()).filter { previous, next in
            next.deadline - previous.deadline > period && previous.ended < previous.deadline + period
        }.count
        let worstLateness = times.map { Double($0.started - $0.deadline) / 1e6 }.max() ?? 0
        let xruns = stream.xrunCount
        print(
            "null clock: \(times.count) callbacks, \(xruns) xruns, \(lateStarts) late starts, "
                + "\(preemptedBetween) preemptions between callbacks, worst wake-up \(worstLateness) ms late, "
                + "real-time thread: \(realtime)")
        #expect(xruns <= lateStarts + preemptedBetween, "an xrun with no scheduling delay to explain it")
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
        // Before the slow callbacks only a late wake-up can cost a period (see `cadence`).
        let before = stream.xrunCount
        slow.store(true, ordering: .relaxed)
        MonotonicClock.sleep(nanoseconds: 100_000_000)
        slow.store(false, ordering: .relaxed)
        MonotonicClock.sleep(nanoseconds: 100_000_000)
        try stream.stop()
        stream.close()
        let xruns = stream.xrunCount
        #expect(xruns - before >= 10, "100 ms of 3 ms callbacks in 1.33 ms periods")
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
