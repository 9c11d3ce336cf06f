import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

extension PulseTests {
    /// Context subscription → DeviceEvents, and default-device following.
    @Suite struct PulseDeviceEventTests {
        /// Loads a null sink named `name`; returns the module index.
        static func loadSink(_ server: PulseTestServer, _ name: String) throws -> String {
            let result = try server.pactl([
                "load-module", "module-null-sink", "sink_name=\(name)", "sink_properties=device.description=\(name)",
            ])
            try #require(result.status == 0, "pactl load-module failed: \(result.standardError)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test func loadingAndUnloadingANullSinkGivesAddedAndRemovedEvents() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let events = EventLog<DeviceEvent>()
            let observation = try server.backend().observeDevices { events.append($0) }
            defer { observation.cancel() }
            let name = "decibel_event_\(Int.random(in: 1000...9999))"
            let module = try Self.loadSink(server, name)
            var unloaded = false
            defer { if !unloaded { _ = try? server.pactl(["unload-module", module]) } }

            let sink = events.wait(seconds: 3) { if case .added(let device) = $0 { device.id == name } else { false } }
            let monitor = events.wait(seconds: 3) {
                if case .added(let device) = $0 { device.id == name + ".monitor" } else { false }
            }
            if case .added(let device)? = sink?.event {
                #expect(device.direction == .output && device.outputChannelCount == 2 && device.backend == "pulse")
            } else {
                Issue.record("no device-added event for sink \(name)")
            }
            if case .added(let device)? = monitor?.event {
                #expect(device.direction == .input && device.isMonitor)
            } else {
                Issue.record("no device-added event for \(name).monitor")
            }

            try server.pactl(["unload-module", module])
            unloaded = true
            let removed = events.wait(seconds: 3) { $0 == .removed(id: name) }
            let removedMonitor = events.wait(seconds: 3) { $0 == .removed(id: name + ".monitor") }
            print("device events: \(events.all.map(\.event))")
            #expect(removed != nil, "no device-removed event for \(name)")
            #expect(removedMonitor != nil, "no device-removed event for \(name).monitor")
        }

        @Test func deviceEventsArriveInAForAwaitLoopThatEndsTheObservationWhenLeft() async throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let name = "decibel_async_\(Int.random(in: 1000...9999))"
            let client = "decibel-async-\(getpid())"
            func connectedClients() throws -> Int {
                try server.pactl(["list", "clients"]).standardOutput.split(separator: "\n")
                    .filter { $0.trimmingCharacters(in: .whitespaces) == "application.name = \"\(client)\"" }.count
            }
            let events = try PulseBackend(options: .init(server: server.address, clientName: client, environment: [:]))
                .deviceEvents()
            let consumer = Task {
                var seen: [DeviceEvent] = []
                for await event in events {
                    seen.append(event)
                    if event == .removed(id: name) { break }
                }
                return seen
            }
            let watchdog = Task {
                try await Task.sleep(nanoseconds: 10_000_000_000)
                consumer.cancel()
            }
            let module = try Self.loadSink(server, name)
            try await Task.sleep(nanoseconds: 500_000_000)
            let whileLooping = try connectedClients()
            try server.pactl(["unload-module", module])
            let seen = await consumer.value
            watchdog.cancel()
            var afterwards = try connectedClients()
            for _ in 0..<20 where afterwards > 0 {
                try await Task.sleep(nanoseconds: 100_000_000)
                afterwards = try connectedClients()
            }
            print(
                "for await device events: \(seen); \(client) connections while looping \(whileLooping), after the loop \(afterwards)"
            )
            #expect(whileLooping == 1)
            #expect(afterwards == 0)
            #expect(seen.contains { if case .added(let device) = $0 { device.id == name } else { false } })
            #expect(seen.last == .removed(id: name))
            #expect(events.droppedCount == 0)
        }

        @Test func cancelledObservationDeliversNothingMore() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let events = EventLog<DeviceEvent>()
            let observation = try server.backend().observeDevices { events.append($0) }
            observation.cancel()
            let module = try Self.loadSink(server, "decibel_event_cancelled")
            Thread.sleep(forTimeInterval: 0.5)
            try server.pactl(["unload-module", module])
            #expect(events.all.isEmpty)
        }

        @Test func defaultChangeIsReportedAndAStreamOnTheDefaultFollowsIt() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let original = try server.pactl(["get-default-sink"]).standardOutput.trimmingCharacters(
                in: .whitespacesAndNewlines)
            let other = "decibel_follow_\(Int.random(in: 1000...9999))"
            let module = try Self.loadSink(server, other)
            defer {
                _ = try? server.pactl(["set-default-sink", original])
                _ = try? server.pactl(["unload-module", module])
            }
            let deviceEvents = EventLog<DeviceEvent>()
            let observation = try server.backend().observeDevices { deviceEvents.append($0) }
            defer { observation.cancel() }
            let streamEvents = EventLog<StreamEvent>()
            let source = SineSource(frequency: 440, amplitude: 0.5)
            let stream = try server.backend().makeStream(
                StreamConfiguration(onEvent: { streamEvents.append($0) }, render: source.render))
            defer { stream.close() }
            try server.start(stream)
            let pulse = try #require(stream as? PulseStream)
            #expect(pulse.currentDevices.output == original)

            try server.pactl(["set-default-sink", other])
            let changed = deviceEvents.wait(seconds: 3) { $0 == .defaultChanged(.output, id: other) }
            let moved = streamEvents.wait(seconds: 3) { $0 == .deviceChanged(id: other) }
            print(
                "default change: device events \(deviceEvents.all.map(\.event)); stream events \(streamEvents.all.map(\.event)); now on \(pulse.currentDevices.output ?? "?")"
            )
            #expect(changed != nil, "no defaultChanged event")
            #expect(moved != nil, "the stream did not follow the new default")
            #expect(pulse.currentDevices.output == other)
            let left = try server.record(
                from: other + ".monitor", seconds: 1.5, rate: Int(stream.format.sampleRate), channels: 2)[0]
            let tail = Array(left.suffix(Int(stream.format.sampleRate) / 2))
            let magnitude = SignalAnalysis.magnitude(of: 440, in: tail, sampleRate: stream.format.sampleRate)
            print("sine on the new default's monitor: magnitude \(magnitude)")
            #expect(abs(magnitude - 0.5) < 0.05, "the sine is not heard on the new default sink")

            try server.pactl(["set-default-sink", original])
            #expect(streamEvents.wait(seconds: 3) { $0 == .deviceChanged(id: original) } != nil)
            #expect(pulse.currentDevices.output == original)
        }

        @Test func streamOnANamedSinkStaysWhenTheDefaultChanges() throws {
            guard let server = PulseTestServer.startIsolated() else { return }
            defer { PulseTestServer.stopIsolated() }
            let original = try server.pactl(["get-default-sink"]).standardOutput.trimmingCharacters(
                in: .whitespacesAndNewlines)
            let other = "decibel_stay_\(Int.random(in: 1000...9999))"
            let module = try Self.loadSink(server, other)
            defer {
                _ = try? server.pactl(["set-default-sink", original])
                _ = try? server.pactl(["unload-module", module])
            }
            let stream = try server.backend().makeStream(
                StreamConfiguration(device: server.sink, render: SineSource(frequency: 440, amplitude: 0.1).render))
            defer { stream.close() }
            try server.start(stream)
            try server.pactl(["set-default-sink", other])
            Thread.sleep(forTimeInterval: 0.5)
            #expect((stream as? PulseStream)?.currentDevices.output == server.sink)
        }
    }
}

extension PulseTests.PulseDeviceEventTests {
    @Test func unloadingTheNamedSinkOfARunningStreamGivesDeviceLost() throws {
        guard let server = PulseTestServer.startIsolated() else { return }
        defer { PulseTestServer.stopIsolated() }
        let name = "decibel_lost_\(Int.random(in: 1000...9999))"
        let module = try Self.loadSink(server, name)
        var unloaded = false
        defer { if !unloaded { _ = try? server.pactl(["unload-module", module]) } }
        let events = EventLog<StreamEvent>()
        let stream = try server.backend().makeStream(
            StreamConfiguration(
                device: name, onEvent: { events.append($0) }, render: SineSource(frequency: 440, amplitude: 0.1).render)
        )
        defer { stream.close() }
        try stream.start()
        Thread.sleep(forTimeInterval: 0.2)
        try server.pactl(["unload-module", module])
        unloaded = true
        let lost = events.wait(seconds: 2) { if case .deviceLost = $0 { true } else { false } }
        print("named sink unloaded: \(events.all.map(\.event))")
        #expect(lost != nil)
        #expect(stream.state == .invalidated)
    }
}
