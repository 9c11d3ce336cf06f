import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// The backend conformance suite: every test runs the same body against PipeWire, JACK, PulseAudio, ALSA
/// and the Null device, and each outcome is a cell of the README's behaviour × backend table
/// (`Scripts/conformance-table`). Serialized: the resource counts of one test must not see another's streams.
@Suite(.serialized) struct ConformanceTests {
    static let backends = BackendUnderTest.allCases

    /// Why the two signal measurements sit out the sanitizer passes: each records seconds of audio per backend
    /// (28 s a pass) through code that every backend's own target also plays and records under the sanitizers
    /// (JACK's sine to an input client, parec and pw-record of a sine, ALSA's file PCMs).
    static let measuredInThePlainPass: Comment =
        "a signal measurement: the plain pass runs it; each backend's own tests record through the same paths here"

    /// A bound for what should take milliseconds, far beyond it: under a sanitizer everything runs slower.
    static let patience: Double = TestEnvironment.sanitizerSlowsRendering ? 5 : 2

    @Test("start, stop and close in any order, twice; callbacks only between start and stop", arguments: backends)
    func lifecycle(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.lifecycle, on: backend) { findings in
            let audio = backend.makeBackend()
            for direction in [AudioDirection.output, .input] {
                let counter = CallbackCounter()
                let stream = try audio.makeStream(backend.configuration(direction, render: counter.render))
                let label = "\(direction)"
                findings.require(stream.state == .stopped, "\(label): a new stream is \(stream.state)")
                findings.require(errorKind { try stream.stop() } == nil, "\(label): stop() before start() threw")
                for round in 1...2 {
                    let before = counter.count
                    try stream.start()
                    findings.require(stream.state == .running, "\(label) round \(round): started, yet \(stream.state)")
                    findings.require(
                        errorKind { try stream.start() } == nil, "\(label) round \(round): start() while running threw")
                    findings.require(
                        counter.waitBeyond(before + 2, timeout: Self.patience),
                        "\(label) round \(round): \(counter.count - before) callbacks in \(Self.patience) s")
                    try stream.stop()
                    findings.require(stream.state == .stopped, "\(label) round \(round): stopped, yet \(stream.state)")
                    let stoppedAt = counter.count
                    Thread.sleep(forTimeInterval: 0.1)
                    findings.require(
                        counter.count == stoppedAt,
                        "\(label) round \(round): \(counter.count - stoppedAt) callbacks after stop() returned")
                    findings.require(errorKind { try stream.stop() } == nil, "\(label): a second stop() threw")
                }
                stream.close()
                stream.close()
                findings.require(stream.state == .closed, "\(label): closed twice, yet \(stream.state)")
                let startKind = errorKind { try stream.start() }, stopKind = errorKind { try stream.stop() }
                findings.require(
                    startKind == .invalidState,
                    "\(label): start() after close() gave \(startKind.map { "\($0)" } ?? "no error")")
                findings.require(
                    stopKind == .invalidState,
                    "\(label): stop() after close() gave \(stopKind.map { "\($0)" } ?? "no error")")

                // Closed without a start, and closed while running (no stop first).
                audio.makeStreamOrNote(backend.configuration(direction), into: &findings)?.close()
                let running = CallbackCounter()
                if let stream = audio.makeStreamOrNote(
                    backend.configuration(direction, render: running.render), into: &findings)
                {
                    try stream.start()
                    findings.require(
                        running.waitBeyond(0, timeout: Self.patience), "\(label): no callback before close")
                    stream.close()
                    let closedAt = running.count
                    Thread.sleep(forTimeInterval: 0.1)
                    findings.require(
                        running.count == closedAt && stream.state == .closed,
                        "\(label): closed while running, then \(running.count - closedAt) callbacks, \(stream.state)")
                }
            }
        }
    }

    @Test("open, start, stop and close from other threads, and start/stop racing", arguments: backends)
    func otherThreads(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.otherThreads, on: backend) { findings in
            let audio = backend.makeBackend()
            let counter = CallbackCounter()
            let configuration = backend.configuration(.output, render: counter.render)
            let stream = try onAnotherThread { try audio.makeStream(configuration) }
            try onAnotherThread { try stream.start() }
            findings.require(
                counter.waitBeyond(0, timeout: Self.patience), "no callback after a start on another thread")
            try onAnotherThread { try stream.stop() }
            findings.require(stream.state == .stopped, "stopped on another thread, yet \(stream.state)")
            // Two threads starting and stopping the same stream at once, ten times each.
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                for _ in 0..<10 {
                    try? stream.start()
                    try? stream.stop()
                }
            }
            try stream.stop()
            let stoppedAt = counter.count
            Thread.sleep(forTimeInterval: 0.1)
            findings.require(
                stream.state == .stopped && counter.count == stoppedAt,
                "after the race and a stop: \(stream.state), \(counter.count - stoppedAt) callbacks since")
            let before = counter.count
            try stream.start()
            findings.require(
                counter.waitBeyond(before, timeout: Self.patience), "no callback after the race and a start")
            try onAnotherThread { stream.close() }
            findings.require(stream.state == .closed, "closed on another thread, yet \(stream.state)")
        }
    }

    @Test("start() racing close(): closed, no callback once close() returns", arguments: backends)
    func startRacingClose(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.startRacingClose, on: backend) { findings in
            let audio = backend.makeBackend()
            for round in 0..<8 {
                let counter = CallbackCounter()
                let stream = try audio.makeStream(backend.configuration(.output, render: counter.render))
                // Even rounds race a running stream's close with starts that find it running; odd rounds close a
                // stopped stream 0.5-3.5 ms into the first start, which moves it to running as close() stops it.
                let fromStopped = round % 2 == 1
                if !fromStopped { try stream.start() }
                // One thread starts the stream over and over until start() refuses, so a start() is waiting
                // whenever close() lets go of the stream between its stop and its end; two others close at once,
                // and neither may return while the stream can still call back.
                let refusal = Mutex<AudioError.Kind?>(nil)
                // A class, not a Mutex: a Mutex captured by the escaping Thread closure is a boxed variable, and
                // ThreadSanitizer reports the two closers' `withLock` on it as racing modifications of the box.
                let returns = Locked<[(count: Int, state: StreamState)]>([])
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        let deadline = MonotonicClock.now() + 5_000_000_000
                        while MonotonicClock.now() < deadline {
                            if let kind = errorKind({ try stream.start() }) {
                                refusal.withLock { $0 = kind }
                                break
                            }
                            sched_yield()
                        }
                    } else {
                        Thread.sleep(forTimeInterval: fromStopped ? 0.0005 * Double(round) : 0.02)
                        let secondDone = DispatchSemaphore(value: 0)
                        Thread {
                            stream.close()
                            returns.withLock { $0.append((counter.count, stream.state)) }
                            secondDone.signal()
                        }.start()
                        stream.close()
                        returns.withLock { $0.append((counter.count, stream.state)) }
                        if secondDone.wait(timeout: .now() + 10) == .timedOut {
                            returns.withLock { $0.append((-1, stream.state)) }  // reported below as a close that hung
                        }
                    }
                }
                let closedAt = counter.count
                Thread.sleep(forTimeInterval: 0.1)
                let closes = returns.withLock { $0 }
                findings.require(
                    closes.allSatisfy { $0.count == counter.count && $0.state == .closed },
                    "round \(round): the two close() calls returned \(closes.map { "\($0.state)" }), with "
                        + "\(closes.map { counter.count - $0.count }) callbacks still to come")
                let kind = refusal.withLock { $0 }
                findings.require(
                    kind == .invalidState,
                    "round \(round): start() after close() gave \(kind.map { "\($0)" } ?? "no error within 5 s")")
                findings.require(
                    stream.state == .closed && counter.count == closedAt,
                    "round \(round): \(stream.state) after close(), \(counter.count - closedAt) callbacks since")
                stream.close()
            }
        }
    }

    @Test("first callback within 1 s of start()", arguments: backends)
    func firstCallback(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.firstCallback, on: backend) { findings in
            let audio = backend.makeBackend()
            let bound = TestEnvironment.sanitizerSlowsRendering ? 3.0 : 1.0
            for direction in [AudioDirection.output, .input, .duplex] {
                let counter = CallbackCounter()
                let stream = try audio.makeStream(backend.configuration(direction, render: counter.render))
                defer { stream.close() }
                let started = MonotonicClock.now()
                try stream.start()
                guard counter.waitBeyond(0, timeout: bound), let first = counter.firstCallTime else {
                    findings.problem("\(direction): no callback within \(bound) s of start()")
                    continue
                }
                let milliseconds = Double(first - started) / 1e6
                findings.note("\(direction) \(String(format: "%.1f", milliseconds)) ms")
            }
        }
    }

    @Test("events: started, stopped, and the sequence ends at close()", arguments: backends)
    func events(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.events, on: backend) { findings in
            let audio = backend.makeBackend()
            let counter = CallbackCounter()
            let stream = try audio.makeStream(backend.configuration(.output, render: counter.render))
            let log = StreamEventReader(stream.events())
            for _ in 1...2 {
                let before = counter.count
                try stream.start()
                _ = counter.waitBeyond(before, timeout: Self.patience)
                try stream.stop()
            }
            stream.close()
            let ended = log.wait(timeout: 1) { $0.ended }
            let lifecycle = log.events.filter { $0 == .started || $0 == .stopped }
            findings.require(
                lifecycle == [.started, .stopped, .started, .stopped],
                "started/stopped events: \(lifecycle.map(\.description))")
            findings.require(ended, "the event sequence did not end within 1 s of close()")
            let others = log.events.filter { $0 != .started && $0 != .stopped }
            if !others.isEmpty { findings.note("also \(others.map(\.description))") }
        }
    }
}

extension AudioBackend {
    /// Opens a stream, or notes why it could not on `findings`.
    func makeStreamOrNote(_ configuration: StreamConfiguration, into findings: inout Findings) -> (any AudioStream)? {
        do {
            return try makeStream(configuration)
        } catch {
            findings.problem("opening \(configuration.direction) threw \(error)")
            return nil
        }
    }
}

extension ConformanceTests {
    @Test(
        "output heard by the server's own client: frequency and level", .liveTiming,
        .disabled(if: TestEnvironment.sanitizerSlowsRendering, ConformanceTests.measuredInThePlainPass),
        arguments: backends)
    func outputHeard(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.outputHeard, on: backend) { findings in
            let audio = backend.makeBackend()
            let tone = SineSource(frequency: 1000, amplitude: 0.5)
            var configuration = backend.configuration(.output, sampleRate: 48_000, render: tone.render)
            configuration.name = "dcb-conformance-tone"
            if backend == .alsa {
                configuration.outputDevice = ConformanceALSA.filePCM
                configuration.sampleType = .float32
            }
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            try stream.start()
            // 6 s for PulseAudio: its null sink, idle before, ends a 2-s block before it renders the stream,
            // and CI26 once heard one glitch in the 2 s left (96269 frames, no clean second): 4 s of tone
            // leave room for a clean second around one glitch of a loaded 2-core machine.
            guard let samples = try ServerClient.record(backend, stream: stream, seconds: backend == .pulse ? 6 : 2)
            else {
                findings.problem("no client to record with")
                return
            }
            let xruns = stream.xrunCount
            // The clean second: the recorder may start before the stream's first block reaches it.
            guard
                let heard = SignalAnalysis.cleanTone(
                    samples, frequency: 1000, sampleRate: 48_000, maxStep: 0.08, frames: 48_000)
            else {
                let run = SignalAnalysis.longestToneRun(samples, frequency: 1000, sampleRate: 48_000, tolerance: 1e-3)
                findings.problem(
                    "no glitch-free second of the tone in \(samples.count) recorded frames (longest clean run \(run.count) frames, \(xruns) xruns the stream reported)"
                )
                return
            }
            if xruns > 0 { findings.note("\(xruns) xruns reported") }
            findings.note("heard \(heard)")
            findings.require(abs(heard.frequency - 1000) < 0.5, "heard \(heard.frequency) Hz, not 1000")
            findings.require(abs(heard.magnitude - 0.5) < 0.01, "heard amplitude \(heard.magnitude), not 0.5")
        }
    }

    @Test("a callback 200 ms late: counted as an xrun and reported as an event", arguments: backends)
    func stallIsXrun(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.stallIsXrun, on: backend) { findings in
            let audio = backend.makeBackend()
            let counter = CallbackCounter()
            let stall = Atomic<Bool>(false)
            let events = EventLog<StreamEvent>()
            var configuration = backend.configuration(.output) { context in
                counter.render(context)
                // Spinning, not sleeping: the RealtimeSanitizer check sees no blocking call.
                if stall.exchange(false, ordering: .relaxed) {
                    let until = MonotonicClock.now() + 200_000_000
                    while MonotonicClock.now() < until {}
                }
            }
            configuration.onEvent = { events.append($0) }
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            try stream.start()
            findings.require(counter.waitBeyond(20, timeout: Self.patience), "fewer than 20 callbacks before the stall")
            let before = stream.xrunCount
            stall.store(true, ordering: .relaxed)
            // An event counting past what was counted before the stall: not a start-up xrun reported late.
            let reported = events.wait(seconds: 3) { if case .xrun(let total) = $0 { total > before } else { false } }
            findings.require(reported != nil, "no xrun event counting past \(before) within 3 s of the stall")
            findings.require(stream.xrunCount > before, "xrunCount stayed \(stream.xrunCount)")
            findings.note("xrunCount \(before) → \(stream.xrunCount)")
        }
    }
}
