import Decibel
import Testing

/// A backend whose availability the test sets: the registry's logic is what is under test here.
private final class ScriptedBackend: AudioBackend {
    let id: String
    let name: String
    let availability: BackendAvailability
    init(_ id: String, _ availability: BackendAvailability) {
        self.id = id
        self.name = id.uppercased()
        self.availability = availability
    }
    func devices() throws(AudioError) -> [AudioDevice] { [] }
    func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? { nil }
    func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        throw AudioError(.backendUnavailable, "scripted")
    }
    func observeDevices(_ handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) -> DeviceObservation {
        DeviceObservation {}
    }
}

@Suite("Backend registry")
struct BackendRegistryTests {
    let registry = BackendRegistry(backends: [
        ScriptedBackend("jack", .unavailable(reason: "no JACK server is running")),
        ScriptedBackend("pulse", .available(detail: "server answered")),
        ScriptedBackend("alsa", .available(detail: "library loaded")),
        ScriptedBackend("null", .available(detail: "always")),
    ])

    @Test("picks the first available backend and says why the ones before it were passed over")
    func priorityOrder() throws {
        let selection = try registry.select(environment: [:])
        #expect(selection.backend.id == "pulse")
        #expect(selection.skipped.map(\.id) == ["jack"])
        #expect(selection.reason.contains("no JACK server is running"))
    }

    @Test("DECIBEL_BACKEND overrides the order; an explicit id beats it")
    func overrides() throws {
        #expect(try registry.select(environment: ["DECIBEL_BACKEND": "null"]).backend.id == "null")
        #expect(try registry.select(preferring: "alsa", environment: ["DECIBEL_BACKEND": "null"]).backend.id == "alsa")
        #expect(try registry.select(preferring: "ALSA", environment: [:]).backend.id == "alsa")
    }

    @Test("an overridden backend that is unavailable is an error, not a fallback")
    func unavailableOverride() {
        #expect {
            try registry.select(environment: ["DECIBEL_BACKEND": "jack"])
        } throws: { error in
            let error = error as? AudioError
            return error?.kind == .backendUnavailable
                && error?.description
                    == "jack: DECIBEL_BACKEND asks for 'jack', which is unavailable: no JACK server is running"
        }
    }

    @Test("an unknown id lists the known ones")
    func unknownID() {
        #expect {
            try registry.select(preferring: "coreaudio", environment: [:])
        } throws: { error in
            (error as? AudioError)?.description == "no backend 'coreaudio'; choose one of: jack, pulse, alsa, null"
        }
    }

    @Test("the report checks every backend and marks exactly the pick")
    func report() {
        let report = registry.report(environment: [:])
        #expect(report.map(\.id) == ["jack", "pulse", "alsa", "null"])
        #expect(report.map(\.isChosen) == [false, true, false, false])
        #expect(registry.report(preferring: "null", environment: [:]).map(\.isChosen) == [false, false, false, true])
    }

    @Test("a backend usable only when named is passed over automatically but honoured when asked for")
    func availableOnRequest() throws {
        let registry = BackendRegistry(backends: [
            ScriptedBackend("alsa", .availableOnRequest(detail: "no sound card; 'default' does not open")),
            ScriptedBackend("null", .available(detail: "always")),
        ])
        let automatic = try registry.select(environment: [:])
        #expect(automatic.backend.id == "null")
        #expect(automatic.reason.contains("alsa available when named: no sound card"))
        #expect(try registry.select(preferring: "alsa", environment: [:]).backend.id == "alsa")
        #expect(registry.report(environment: [:]).map(\.isChosen) == [false, true])
        #expect(registry.report(preferring: "alsa", environment: [:]).map(\.isChosen) == [true, false])
    }

    @Test("nothing available is an error listing every reason")
    func nothingAvailable() {
        let empty = BackendRegistry(backends: [ScriptedBackend("jack", .unavailable(reason: "no server"))])
        #expect { try empty.select(environment: [:]) } throws: {
            ($0 as? AudioError)?.description == "no backend is available (jack: unavailable: no server)"
        }
    }

    @Test("the default registry ends with the always-available Null device")
    func defaultRegistry() throws {
        #expect(BackendRegistry.default.ids.last == "null")
        #expect(try BackendRegistry.default.select(environment: ["DECIBEL_BACKEND": "null"]).backend.isAvailable)
    }
}
