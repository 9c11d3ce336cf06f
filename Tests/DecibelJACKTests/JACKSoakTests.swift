import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelJACK

extension JACKTests {
    /// 5 s at a 64-frame period by default (the long soak under load is `Scripts/soak`, JACK at 64 frames
    /// included); `DECIBEL_JACK_SOAK_SECONDS` and `DECIBEL_JACK_SOAK_PERIOD` make it longer or change the period. The test server runs without real-time priority on a shared
    /// machine, so one preempted callback can exceed a period: the worst duration is reported, and only
    /// required to fit the period with `DECIBEL_JACK_SOAK_STRICT=1` (a real-time capable machine).
    @Test(
        "soak: a stream runs at a small period and reports callbacks, xruns and the worst callback", .liveTiming,
        .requires(.jack), .timeLimit(.minutes(60)))
    func soak() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["DECIBEL_JACK_SOAK_SECONDS"] ?? "") ?? 5
        let period = Int(environment["DECIBEL_JACK_SOAK_PERIOD"] ?? "") ?? 64
        let server = try PrivateJACKServer("soak")
        let backend = server.backend
        let log = EventLog()
        let sine = SineSource(frequency: 1000, amplitude: 0.25)
        let stream = try backend.makeJACKStream(
            StreamConfiguration(
                channelCount: 2, name: JACKHarness.uniqueName("dcb-soak"), onEvent: log.handler,
                render: JACKHarness.warmed { sine.render($0) }), options: JACKStreamOptions())
        defer { stream.close() }
        try server.setPeriod(period)
        try stream.start()
        #expect(stream.format.bufferSize == period)
        JACKHarness.waitUntil(1) { stream.statistics.callbacks > 100 }
        stream.resetWorstCallbackDuration()
        let startCallbacks = stream.statistics.callbacks
        let startXruns = stream.xrunCount
        let started = Date()
        Thread.sleep(forTimeInterval: seconds)
        let elapsed = Date().timeIntervalSince(started)
        let statistics = stream.statistics
        let callbacks = statistics.callbacks - startCallbacks
        let expected = elapsed * statistics.sampleRate / Double(period)
        print(
            String(
                format:
                    "jack soak: %.1f s at %d frames (%.2f ms): %d callbacks (%.1f%% of %.0f expected), %d xruns, worst callback %.1f µs = %.3f of the period, %d callbacks over a period",
                elapsed, period, Double(period) / statistics.sampleRate * 1000, callbacks,
                Double(callbacks) / expected * 100, expected,
                stream.xrunCount - startXruns, Double(statistics.worstCallbackNanoseconds) / 1000,
                statistics.worstCallbackFractionOfPeriod,
                statistics.callbacksOverPeriod))
        #expect(stream.state == .running)
        #expect(statistics.lastFrameCount == period)
        #expect(Double(callbacks) > expected * 0.9, "the server ran fewer callbacks than its clock asks for")
        #expect(
            statistics.callbacksOverPeriod * 100 <= callbacks, "more than 1% of the callbacks took longer than a period"
        )
        if environment["DECIBEL_JACK_SOAK_STRICT"] == "1" {
            #expect(statistics.worstCallbackFractionOfPeriod < 1, "a callback took longer than a whole period")
        }
    }
}
