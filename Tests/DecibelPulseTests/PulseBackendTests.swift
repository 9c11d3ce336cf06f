import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelPulse

#if canImport(Glibc)
import Glibc
#endif

extension PulseTests {
    /// Availability, library loading, server selection and the device list.
    @Suite(.requires(.pulse))
    struct PulseBackendTests {
        let server = PulseTestServer.pulseaudio

        @Test func availableWithDefaultServerFromEnvironment() {
            // No explicit server: libpulse reads PULSE_SERVER, which Scripts/servers env exported.
            let availability = PulseBackend().availability
            print("pulse availability: \(availability)")
            #expect(availability.isAvailable, "\(availability)")
            #expect(PulseBackend().id == "pulse")
        }

        @Test func missingLibraryMakesTheBackendUnavailableWithTheReason() throws {
            let missing = "/nonexistent/decibel/libpulse-missing.so.0"
            let backend = PulseBackend(options: .init(environment: ["DECIBEL_PULSE_LIBRARY": missing]))
            #expect(backend.options.libraryPath == missing)
            let availability = backend.availability
            print("with DECIBEL_PULSE_LIBRARY=\(missing): \(availability)")
            guard case .unavailable(let reason) = availability else {
                Issue.record("expected unavailable, got \(availability)")
                return
            }
            #expect(reason.contains(missing))
            #expect(reason.contains("No such file"), "the dlerror text is part of the reason: \(reason)")
            #expect(throws: AudioError.self) { try backend.devices() }
            do {
                _ = try backend.makeStream(StreamConfiguration { _ in })
                Issue.record("makeStream succeeded without a library")
            } catch {
                #expect(error.kind == .backendUnavailable)
            }
        }

        @Test func serverThatDoesNotExistIsUnavailableQuickly() {
            let started = Date()
            let availability = PulseBackend(server: "unix:/nonexistent/decibel/native").availability
            let elapsed = Date().timeIntervalSince(started)
            print("bogus server: \(availability) after \(String(format: "%.3f", elapsed)) s")
            #expect(!availability.isAvailable)
            #expect(elapsed < 3)
        }

        @Test func explicitUnixServerAddress() throws {
            let availability = server.backend().availability
            print("explicit \(server.address): \(availability)")
            #expect(availability.isAvailable)
            if case .available(let detail) = availability { #expect(detail.contains(server.address)) }
        }

        @Test func devicesMatchPactl() throws {
            // Other suites load sinks of their own on the same server: compare a listing that pactl saw
            // unchanged before and after it.
            var sinks = try server.listed("sinks"), sources = try server.listed("sources")
            var devices = try server.backend().devices()
            for _ in 0..<5 {
                let sinksAfter = try server.listed("sinks"), sourcesAfter = try server.listed("sources")
                if sinksAfter.map(\.name) == sinks.map(\.name) && sourcesAfter.map(\.name) == sources.map(\.name) {
                    break
                }
                (sinks, sources) = (sinksAfter, sourcesAfter)
                devices = try server.backend().devices()
            }
            for device in devices {
                print(
                    "device: \(device) in \(device.inputChannelCount) out \(device.outputChannelCount) rate \(device.preferredSampleRate ?? 0) default \(device.isDefaultInput || device.isDefaultOutput) monitor \(device.isMonitor)"
                )
            }
            #expect(devices.filter { $0.direction == .output }.map(\.id).sorted() == sinks.map(\.name).sorted())
            #expect(devices.filter { $0.direction == .input }.map(\.id).sorted() == sources.map(\.name).sorted())
            for listed in sinks + sources {
                guard let device = devices.first(where: { $0.id == listed.name }) else { continue }
                #expect(max(device.inputChannelCount, device.outputChannelCount) == listed.channelCount, "\(listed)")
                #expect(device.preferredSampleRate == listed.sampleRate, "\(listed)")
                #expect(device.sampleTypes.first == listed.sampleType ?? .float32, "its own encoding first: \(listed)")
            }
            let defaultSink = try server.pactl(["get-default-sink"]).standardOutput.trimmingCharacters(
                in: .whitespacesAndNewlines)
            let defaultSource = try server.pactl(["get-default-source"]).standardOutput.trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(devices.filter(\.isDefaultOutput).map(\.id) == [defaultSink])
            #expect(devices.filter(\.isDefaultInput).map(\.id) == [defaultSource])
            #expect(try server.backend().defaultOutputDevice?.id == defaultSink)
            let monitor = devices.first { $0.id == server.sink + ".monitor" }
            #expect(monitor?.isMonitor == true && monitor?.direction == .input)
            #expect(devices.first { $0.id == server.sink }?.name == "Decibel-test-sink")
        }

        @Test func unknownDeviceIsReportedWithTheChoices() {
            do {
                _ = try server.backend().makeStream(StreamConfiguration(device: "no_such_sink") { _ in })
                Issue.record("opened a stream on a sink that does not exist")
            } catch {
                #expect(error.kind == .deviceNotFound)
                #expect(error.message.contains(server.sink))
            }
        }

        @Test func tcpLoopbackServer() throws {
            var module: String?
            var port = 0
            for _ in 0..<5 where module == nil {
                port = Int.random(in: 20000...40000)
                let result = try server.pactl([
                    "load-module", "module-native-protocol-tcp", "listen=127.0.0.1", "port=\(port)", "auth-anonymous=1",
                ])
                if result.status == 0 { module = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) }
            }
            let loaded = try #require(module, "could not load module-native-protocol-tcp on 127.0.0.1")
            defer { _ = try? server.pactl(["unload-module", loaded]) }
            let address = "tcp:127.0.0.1:\(port)"
            let backend = PulseBackend(server: address)
            let availability = backend.availability
            print("\(address): \(availability)")
            #expect(availability.isAvailable)
            #expect(try backend.devices().contains { $0.id == server.sink })
            // Audio travels over TCP too: play a sine through the TCP connection, record it over unix.
            let measured = try PlaybackCheck.run(
                backend: backend, server: try #require(PulseTestServer.shared), frequency: 550)
            #expect(abs(measured.frequency - 550) < 2)
        }
    }
}

extension PulseTests.PulseBackendTests {
    /// A socket that accepts connections but never speaks the protocol: connecting must give up after
    /// the configured timeout instead of hanging.
    @Test func silentServerTimesOut() throws {
        let path = TestEnvironment.temporaryDirectory("silent").appendingPathComponent("native").path
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 4) == 0)
        let backend = PulseBackend(options: .init(server: "unix:\(path)", timeout: 0.5))
        let started = Date()
        let availability = backend.availability
        let elapsed = Date().timeIntervalSince(started)
        print("silent server: \(availability) after \(String(format: "%.3f", elapsed)) s")
        #expect(!availability.isAvailable)
        #expect(availability.description.contains("did not answer"))
        #expect(elapsed >= 0.4 && elapsed < 2)
    }
}
