import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension PulseTests {
    /// Killing the server under running streams, and reconnection when it comes back.
    @Suite struct PulseServerLifecycleTests {
        /// The pid of the isolated pulseaudio (from the pid file Scripts/servers writes).
        static func pulseaudioPID() -> pid_t? {
            let runtime = PulseTestServer.isolatedRuntime
            guard let text = try? String(contentsOfFile: "\(runtime)/pulseaudio.pid", encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                comm.hasPrefix("pulseaudio")
            else { return nil }
            return pid
        }

        static func isShutDown(_ event: StreamEvent) -> Bool { if case .serverShutDown = event { true } else { false } }

        @Test func killingTheServerGivesServerShutDownWithinOneSecondAndReconnectionResumesPlayback() throws {
            // Its own pulseaudio: killing the shared one would break every other suite running now.
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let pid = try #require(Self.pulseaudioPID(), "cannot find the isolated pulseaudio's pid")

            let events = EventLog<StreamEvent>()
            let source = SineSource(frequency: 440, amplitude: 0.5)
            let reconnecting = try server.backend(reconnect: true).makeStream(
                StreamConfiguration(
                    device: server.sink, name: "decibel-reconnecting", onEvent: { events.append($0) },
                    render: source.render))
            defer { reconnecting.close() }
            let plainEvents = EventLog<StreamEvent>()
            let plain = try server.backend().makeStream(
                StreamConfiguration(
                    direction: .input, device: server.sink + ".monitor", name: "decibel-plain",
                    onEvent: { plainEvents.append($0) },
                    render: { _ in }))
            try server.start(reconnecting)
            try plain.start()
            Thread.sleep(forTimeInterval: 0.5)

            let killedAt = MonotonicClock.now()
            kill(pid, SIGKILL)
            let shutdown = events.wait(seconds: 3, for: Self.isShutDown)
            let plainShutdown = plainEvents.wait(seconds: 3, for: Self.isShutDown)
            func ms(_ hit: (event: StreamEvent, time: UInt64)?) -> Double {
                hit.map { Double($0.time - killedAt) / 1e6 } ?? .infinity
            }
            print(
                "server killed: serverShutDown after \(ms(shutdown)) ms (reconnecting stream), \(ms(plainShutdown)) ms (plain stream): \(String(describing: shutdown?.event))"
            )
            #expect(ms(shutdown) <= 1000)
            #expect(ms(plainShutdown) <= 1000)
            #expect(plain.state == .invalidated)
            do {
                try plain.start()
                Issue.record("an invalidated stream started")
            } catch {
                #expect(error.kind == .streamInvalidated)
            }
            let closing = MonotonicClock.now()
            plain.close()
            #expect(
                Double(MonotonicClock.now() - closing) / 1e9 < 1,
                "close() of a stream whose server died must return promptly")
            #expect(reconnecting.state == .invalidated)
            #expect(reconnecting.latency == StreamLatency())

            let callbacksWhileDown = source.callbacks.load(ordering: .relaxed)
            #expect(serversScript("stop", "pulse", runtime: PulseTestServer.isolatedRuntime) == 0)
            #expect(serversScript("start", "pulse", runtime: PulseTestServer.isolatedRuntime) == 0)
            let reconnected = events.wait(seconds: 10) { $0 == .reconnected }
            print("server back: reconnected after \(ms(reconnected)) ms; events \(events.all.map(\.event))")
            try #require(reconnected != nil, "the stream did not reconnect")
            #expect(reconnecting.state == .running)
            // Kick the fresh null sink (see PulseTestServer.start) and listen for the sine again.
            _ = try? server.pactl(["suspend-sink", server.sink, "1"])
            _ = try? server.pactl(["suspend-sink", server.sink, "0"])
            Thread.sleep(forTimeInterval: 0.3)
            let left = try server.record(
                from: server.sink + ".monitor", seconds: 2, rate: Int(reconnecting.format.sampleRate), channels: 2)[0]
            let tail = Array(left.suffix(Int(reconnecting.format.sampleRate) / 2))
            let magnitude = SignalAnalysis.magnitude(of: 440, in: tail, sampleRate: reconnecting.format.sampleRate)
            let windows = stride(from: 0, to: max(0, left.count - 4800), by: 4800).map {
                String(
                    format: "%.2f",
                    SignalAnalysis.magnitude(
                        of: 440, in: Array(left[$0..<$0 + 4800]), sampleRate: reconnecting.format.sampleRate))
            }
            print(
                "after reconnection: \(source.callbacks.load(ordering: .relaxed) - callbacksWhileDown) more callbacks, \(reconnecting.xrunCount) xruns, sine magnitude on the monitor \(magnitude); per 100 ms: \(windows)"
            )
            #expect(source.callbacks.load(ordering: .relaxed) > callbacksWhileDown)
            #expect(abs(magnitude - 0.5) < 0.05, "playback did not resume after reconnection")
        }
    }
}
