import DecibelCore
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelJACK

extension JACKTests {
    @Test(
        "killing jackd mid-stream: serverShutDown within 1 s, prompt stop/close, a new stream works after restart",
        .requires(.jack), .timeLimit(.minutes(1)))
    func serverShutdownMidStream() throws {
        let server = try PrivateJACKServer("shutdown")
        let backend = server.backend
        let log = EventLog()
        let sine = SineSource(frequency: 440, amplitude: 0.2)
        let stream = try backend.makeJACKStream(
            StreamConfiguration(
                channelCount: 2, name: JACKHarness.uniqueName("dcb-doomed"), onEvent: log.handler,
                render: JACKHarness.warmed { sine.render($0) }), options: JACKStreamOptions())
        try stream.start()
        #expect(JACKHarness.waitUntil(2) { stream.statistics.callbacks > 10 })

        let pid = try server.pid()
        let killed = Date()
        #expect(kill(pid, SIGKILL) == 0)

        let reported = JACKHarness.waitUntil(1) {
            log.firstTime { if case .serverShutDown = $0 { true } else { false } } != nil
        }
        let delay = log.firstTime { if case .serverShutDown = $0 { true } else { false } }.map {
            $0.timeIntervalSince(killed)
        }
        print(
            "jack shutdown: serverShutDown after \(delay.map { String(format: "%.3f s", $0) } ?? "never"), events \(log.all)"
        )
        #expect(reported, "no serverShutDown within 1 s")
        #expect(stream.state == .invalidated)
        #expect { try stream.start() } throws: { ($0 as? AudioError)?.kind == .streamInvalidated }

        let stopStarted = Date()
        try stream.stop()
        stream.close()
        let stopAndClose = Date().timeIntervalSince(stopStarted)
        print("jack shutdown: stop + close took \(String(format: "%.3f s", stopAndClose))")
        #expect(stopAndClose < 0.5)
        #expect(stream.state == .closed)

        try server.servers("stop")  // clears the dead server's shared memory
        try server.servers("start")
        let fresh = try backend.makeJACKStream(
            StreamConfiguration(
                channelCount: 2, name: JACKHarness.uniqueName("dcb-reborn"),
                render: JACKHarness.warmed { sine.render($0) }), options: JACKStreamOptions())
        defer { fresh.close() }
        try fresh.start()
        #expect(JACKHarness.waitUntil(3) { fresh.statistics.callbacks > 10 }, "the new stream does not run")
        #expect(fresh.state == .running)
    }

    @Test(
        "jack_bufsize while a stream runs: it renders at the new size and reports formatChanged",
        .requires(.jack), .timeLimit(.minutes(1)))
    func bufferSizeChangeMidStream() throws {
        let server = try PrivateJACKServer("bufsize")
        let backend = server.backend
        let log = EventLog()
        let sine = SineSource(frequency: 1000, amplitude: 0.5)
        let stream = try backend.makeJACKStream(
            StreamConfiguration(
                channelCount: 1, name: JACKHarness.uniqueName("dcb-resize"), onEvent: log.handler,
                render: JACKHarness.warmed { sine.render($0) }),
            options: JACKStreamOptions(outputConnections: .none))
        defer { stream.close() }
        let original = stream.format.bufferSize
        let target = original == 128 ? 512 : 128
        try stream.start()
        #expect(JACKHarness.waitUntil(2) { stream.statistics.callbacks > 5 })
        #expect(stream.statistics.lastFrameCount == original)

        try server.tool("jack_bufsize", [String(target)])
        let changed = JACKHarness.waitUntil(3) {
            log.all.contains { if case .formatChanged(let format) = $0 { format.bufferSize == target } else { false } }
        }
        #expect(changed, "no formatChanged(\(target)); events \(log.all)")
        #expect(stream.format.bufferSize == target)
        #expect(stream.format.maximumFrameCount == target)
        let before = stream.statistics.callbacks
        #expect(
            JACKHarness.waitUntil(3) { stream.statistics.callbacks > before + 20 }, "stopped rendering after the change"
        )
        #expect(stream.statistics.lastFrameCount == target)
        #expect(stream.state == .running)
        print(
            "jack bufsize: \(original) -> \(target), events \(log.all.filter { if case .formatChanged = $0 { true } else { false } })"
        )
    }

    @Test(
        "a callback that overruns its period is counted as an xrun and reported as an event", .liveTiming,
        .requires(.jack), .timeLimit(.minutes(1)))
    func xrunIsCountedAndReported() throws {
        let server = try PrivateJACKServer("xrun")
        let backend = server.backend
        let log = EventLog()
        let stall = Atomic<Bool>(false)
        let stream = try backend.makeJACKStream(
            StreamConfiguration(
                channelCount: 1, name: JACKHarness.uniqueName("dcb-late"), onEvent: log.handler,
                render: JACKHarness.warmed { _ in
                    // Deliberately overruns once (spinning, so the sanitizer sees no blocking call) to make the
                    // server see a late client.
                    if stall.exchange(false, ordering: .relaxed) {
                        let until = MonotonicClock.now() + 200_000_000
                        while MonotonicClock.now() < until {}
                    }
                }), options: JACKStreamOptions(outputConnections: .none))
        defer { stream.close() }
        try stream.start()
        #expect(JACKHarness.waitUntil(2) { stream.statistics.callbacks > 5 })
        stall.store(true, ordering: .relaxed)
        let counted = JACKHarness.waitUntil(3) { stream.xrunCount > 0 }
        let reported = JACKHarness.waitUntil(2) { log.all.contains { if case .xrun = $0 { true } else { false } } }
        print("jack xrun: count \(stream.xrunCount), events \(log.all)")
        #expect(counted)
        #expect(reported)
    }
}
