import Decibel
import DecibelTestSupport
import Foundation
import Testing

extension ConformanceTests {
    @Test(
        "device removed under a running stream: deviceLost within 2 s, the stream invalidated, the watcher reports it",
        arguments: backends)
    func deviceRemoved(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.deviceRemoved, on: backend) { findings in
            guard let device = try RemovableDevice(backend) else {
                findings.problem("no device to remove, and no exception declared")
                return
            }
            defer { device.remove() }
            let audio = backend.makeBackend()
            let listed = try audio.devices().contains { $0.id == device.id }
            let deviceEvents = EventLog<DeviceEvent>()
            let observation = try audio.observeDevices { deviceEvents.append($0) }
            defer { observation.cancel() }
            let streamEvents = EventLog<StreamEvent>()
            let counter = CallbackCounter()
            var configuration = backend.configuration(.output, render: counter.render)
            configuration.outputDevice = device.id
            configuration.onEvent = { streamEvents.append($0) }
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            try stream.start()
            findings.require(counter.waitBeyond(2, timeout: Self.patience), "no callbacks before the removal")

            let removed = MonotonicClock.now()
            device.remove()
            let lost = streamEvents.wait(seconds: 4) { if case .deviceLost = $0 { true } else { false } }
            if let (event, time) = lost {
                let seconds = Double(time - removed) / 1e9
                findings.note("\(event) after \(String(format: "%.3f", seconds)) s")
                findings.require(seconds <= 2, "deviceLost after \(String(format: "%.2f", seconds)) s (more than 2 s)")
            } else {
                findings.problem("no deviceLost within 4 s; events: \(streamEvents.all.map(\.event))")
            }
            findings.requireInvalidated(stream, after: "removal")
            // The watcher agrees with the list: a device no longer listed is reported removed. (ALSA's PCM is a
            // line of configuration: it stays listed when the server behind it stops, and is not reported.)
            let reported = deviceEvents.wait(seconds: listed ? 3 : 0) { $0 == .removed(id: device.id) }
            let stillListed = try audio.devices().contains { $0.id == device.id }
            if listed && !stillListed {
                findings.require(reported != nil, "the device watcher did not report '\(device.id)' removed")
            } else {
                findings.require(reported == nil, "the watcher reported '\(device.id)' removed; it is still listed")
                findings.note("'\(device.id)' \(listed ? "stays listed" : "was not listed"): no watcher event")
            }
        }
    }
}

/// A device made for one test and taken away under its stream: a null sink loaded with pactl (PulseAudio)
/// or created with pw-cli (PipeWire); on ALSA a `type pulse` PCM whose private PulseAudio server stops.
final class RemovableDevice {
    let id: String
    private var removal: (() -> Void)?

    /// Makes one on `backend`; nil for those that declare the behaviour an exception.
    init?(_ backend: BackendUnderTest) throws {
        let name = "dcb_conformance_gone_\(Int.random(in: 1000...9999))"
        switch backend {
        case .pulse:
            let loaded = try run("pactl", ["load-module", "module-null-sink", "sink_name=\(name)"])
            guard loaded.status == 0 else { throw RemovalError(message: "pactl: \(loaded.standardError)") }
            let module = loaded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            id = name
            removal = { _ = try? run("pactl", ["unload-module", module]) }
        case .pipewire:
            try ConformancePipeWire.createSink(name)
            id = name
            removal = { ConformancePipeWire.destroyNode(name) }
        case .alsa:
            let runtime = ConformanceALSA.privatePulseRuntime
            guard serversScript("start", "pulse", runtime: runtime) == 0 else {
                throw RemovalError(message: "the private PulseAudio server behind the ALSA PCM did not start")
            }
            ConformanceALSA.configure()
            id = ConformanceALSA.privatePulsePCM
            removal = { serversScript("stop", "pulse", runtime: runtime) }
        case .jack, .null:
            return nil
        }
    }

    /// Takes the device away (once).
    func remove() {
        removal?()
        removal = nil
    }

    struct RemovalError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
