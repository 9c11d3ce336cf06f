import CJACK
import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelJACK

extension JACKTests {
    @Test(
        "the backend is available when the test server answers, and says which server at what rate",
        .requires(.jack))
    func availableWithServer() throws {
        let backend = JACKBackend()
        #expect(backend.id == "jack")
        let availability = backend.availability
        #expect(availability.isAvailable, "\(availability)")
        let server = try #require(ProcessInfo.processInfo.environment["JACK_DEFAULT_SERVER"])
        #expect(availability.description.contains(server))
        #expect(availability.description.contains("Hz"))
        #expect(JACKBackend(options: .init(serverName: server)).isAvailable)
    }

    @Test("a server name nobody runs makes the backend unavailable with a reason, and no server is started")
    func unknownServerIsUnavailableAndNotStarted() throws {
        let name = "decibel-nobody-\(UInt32.random(in: 0..<1_000_000))"
        let backend = JACKBackend(options: .init(serverName: name))
        guard case .unavailable(let reason) = backend.availability else {
            Issue.record("a JACK server named \(name) answered")
            return
        }
        print("jack unknown server: \(reason)")
        #expect(reason.contains(name))
        #expect(reason.contains("cannot connect to the server"))
        let started = try JACKHarness.spawn("pgrep", ["-f", "jackd.*\(name)"])
        #expect(started.standardOutput.isEmpty, "a server was started: \(started.standardOutput)")
        #expect(throws: AudioError.self) { try backend.devices() }
    }

    @Test("a missing libjack (DECIBEL_JACK_LIBRARY) makes the backend unavailable with the reason")
    func missingLibraryIsUnavailable() throws {
        let missing = "/nonexistent/decibel/libjack-missing.so.0"
        #expect(JACKLibrary.description.resolvePath(nil, environment: ["DECIBEL_JACK_LIBRARY": missing]) == missing)
        #expect(JACKLibrary.description.resolvePath(nil, environment: [:]) == "libjack.so.0")
        let backend = JACKBackend(options: .init(libraryPath: missing))
        guard case .unavailable(let reason) = backend.availability else {
            Issue.record("available without its library")
            return
        }
        print("jack missing library: \(reason)")
        #expect(reason.contains(missing))
        #expect(reason.contains("No such file"))
        do {
            _ = try backend.makeJACKStream(StreamConfiguration { _ in })
            Issue.record("opened a stream without libjack")
        } catch {
            #expect(error.kind == .backendUnavailable)
        }
    }

    @Test(
        "devices are the physical ports grouped by client, exactly as jack_lsp -p lists them",
        .requires(.jack))
    func devicesMatchJackLsp() throws {
        let output = try JACKHarness.tool("jack_lsp", ["-p", "-t"]).standardOutput
        var capture: [String: Int] = [:], playback: [String: Int] = [:]
        var port: String?
        var properties = ""
        func finish() {
            guard let name = port, properties.contains("physical") else { return }
            let client = String(name.prefix { $0 != ":" })
            if properties.contains("output") {
                capture[client, default: 0] += 1
            } else {
                playback[client, default: 0] += 1
            }
        }
        for line in output.split(separator: "\n") {
            if !line.hasPrefix("\t") && !line.hasPrefix(" ") {
                port = String(line)
                properties = ""
            } else if line.contains("properties:") {
                properties = String(line)
            } else if line.contains("audio") {
                finish()
            }
        }
        let devices = try JACKBackend().devices()
        print(
            "jack devices: \(devices.map { "\($0.id) in \($0.inputChannelCount) out \($0.outputChannelCount) \($0.direction)" })"
        )
        #expect(!devices.isEmpty)
        #expect(Set(devices.map(\.id)) == Set(capture.keys).union(playback.keys))
        for device in devices {
            #expect(device.inputChannelCount == capture[device.id, default: 0])
            #expect(device.outputChannelCount == playback[device.id, default: 0])
            #expect(device.backend == "jack")
            #expect(device.sampleRates.count == 1)
        }
        let backend = JACKBackend()
        #expect(try backend.defaultDevice(for: .output)?.id == "system")
        #expect(try backend.defaultDevice(for: .input)?.id == "system")
        #expect(try JACKBackend().devices().map(\.id) == devices.map(\.id), "ids change between listings")
    }

    @Test(
        "a client registering physical ports appears as a device, and vanishes when it closes",
        .requires(.jack))
    func deviceEventsFollowClients() throws {
        let backend = JACKBackend()
        let events = Locked<[DeviceEvent]>([])
        let observation = try backend.observeDevices { event in events.withLock { $0.append(event) } }
        defer { observation.cancel() }

        let name = JACKHarness.uniqueName("dcb-fakecard")
        let library = try JACKLibrary.load(path: backend.libraryPath)
        let card = try JACKClient(library: library, name: name, serverName: nil, exactName: true)
        let flags = UInt(JackPortIsOutput.rawValue | JackPortIsPhysical.rawValue | JackPortIsTerminal.rawValue)
        for index in 1...3 {
            _ = library.api.jack_port_register(card.handle, "capture_\(index)", library.audioType, flags, 0)
        }
        #expect(library.api.jack_activate(card.handle) == 0)

        let added = JACKHarness.waitUntil(3) {
            events.withLock {
                $0.contains {
                    if case .added(let device) = $0 {
                        device.id == name && device.inputChannelCount == 3
                    } else {
                        false
                    }
                }
            }
        }
        #expect(added, "no .added event; got \(events.withLock { $0 })")
        #expect(try backend.devices().contains { $0.id == name && $0.direction == .input })

        card.close()
        let removed = JACKHarness.waitUntil(3) { events.withLock { $0.contains(.removed(id: name)) } }
        #expect(removed, "no .removed event; got \(events.withLock { $0 })")
    }
}

extension JACKTests {
    @Test("device changes are worked out from two listings: added, removed, re-described, new defaults")
    func deviceListChanges() {
        func device(
            _ id: String, inputs: Int, outputs: Int, defaultInput: Bool = false, defaultOutput: Bool = false
        ) -> AudioDevice {
            AudioDevice(
                id: id, name: id, backend: "jack", direction: .duplex, inputChannelCount: inputs,
                outputChannelCount: outputs,
                isDefaultInput: defaultInput, isDefaultOutput: defaultOutput)
        }
        let system = device("system", inputs: 2, outputs: 2, defaultInput: true, defaultOutput: true)
        let card = device("card", inputs: 8, outputs: 0)
        #expect(DeviceEvent.changes(from: [system], to: [system, card]) == [.added(card)])
        #expect(DeviceEvent.changes(from: [system, card], to: [system]) == [.removed(id: "card")])
        let bigger = device("card", inputs: 10, outputs: 0)
        #expect(
            DeviceEvent.changes(from: [system, card], to: [system, bigger]) == [.removed(id: "card"), .added(bigger)])
        let cardDefault = device("card", inputs: 8, outputs: 0, defaultInput: true)
        #expect(
            DeviceEvent.changes(from: [system, card], to: [cardDefault]) == [
                .removed(id: "system"), .defaultChanged(.input, id: "card"),
            ])
        #expect(DeviceEvent.changes(from: [system], to: [system]).isEmpty)
    }

    @Test("physical ports group into one device per client; system is the default, else the first with ports")
    func devicesFromPorts() {
        let clients = [
            JACKPhysicalClient(name: "usb", capturePorts: ["usb:capture_1"], playbackPorts: []),
            JACKPhysicalClient(
                name: "system", capturePorts: [], playbackPorts: ["system:playback_1", "system:playback_2"]),
        ]
        let devices = JACKBackend.devices(from: clients, sampleRate: 44100)
        #expect(devices.map(\.id) == ["usb", "system"])
        #expect(devices[0].direction == .input && devices[0].inputChannelCount == 1 && devices[0].isDefaultInput)
        #expect(
            devices[1].direction == .output && devices[1].outputChannelCount == 2 && devices[1].isDefaultOutput
                && !devices[1].isDefaultInput)
        #expect(devices.allSatisfy { $0.preferredSampleRate == 44100 })
    }

    @Test(
        "a device observation reports the devices gone when the server dies, and cancels promptly",
        .requires(.jack), .timeLimit(.minutes(1)))
    func observationSurvivesServerDeath() throws {
        let server = try PrivateJACKServer("observe")
        let events = Locked<[DeviceEvent]>([])
        let observation = try server.backend.observeDevices { event in events.withLock { $0.append(event) } }
        #expect(kill(try server.pid(), SIGKILL) == 0)
        let removed = JACKHarness.waitUntil(1) { events.withLock { $0.contains(.removed(id: "system")) } }
        #expect(removed, "no .removed(system) within 1 s; got \(events.withLock { $0 })")
        let started = Date()
        observation.cancel()
        #expect(Date().timeIntervalSince(started) < 0.5)
        try server.servers("stop")
    }
}
