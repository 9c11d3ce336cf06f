#if canImport(Glibc)
import Glibc
#endif
import DecibelCore
import DecibelPipeWire

/// DecibelPipeWire's process callbacks (in-place planar buffers, the duplex ring, the user's callback)
/// on a real PipeWire daemon, each for a couple of seconds.
///
/// The daemon is `DECIBEL_PIPEWIRE_REMOTE` or libpipewire's default when one answers there; otherwise
/// the one the PipeWire tests use (`$DECIBEL_RUNTIME_DIR-pipewire-native`), started if needed.
enum PipeWireScenarios {
    static let all: [Scenario] = [playback, capture, duplex]

    static let playback = Scenario("pipewire-playback", "PipeWire playback process callback: dequeue, render in place, queue") {
        try drive(.output)
    }

    static let capture = Scenario("pipewire-capture", "PipeWire capture process callback from a sink monitor, handed over in place") {
        try drive(.input)
    }

    static let duplex = Scenario("pipewire-duplex", "PipeWire capture + playback streams joined through the duplex ring") {
        try drive(.duplex)
    }

    static func backend() throws -> PipeWireBackend {
        let environment = BackendEnvironment.current()
        let configured = PipeWireBackend(options: .init(timeout: 2))
        if configured.availability.isAvailable { return configured }
        let runtime = (BackendEnvironment.value("DECIBEL_RUNTIME_DIR", in: environment) ?? "/tmp/decibel-test") + "-pipewire-native"
        let ours = PipeWireBackend(options: .init(remote: runtime + "/pulse/pw/pipewire-0", timeout: 2))
        if ours.availability.isAvailable { return ours }
        let script = String(#filePath.dropLast("Tests/RealtimeCheck/PipeWireScenarios.swift".count)) + "Scripts/servers"
        _ = system("DECIBEL_RUNTIME_DIR='\(runtime)' bash '\(script)' start pipewire >/dev/null 2>&1")
        guard ours.availability.isAvailable else {
            throw ScenarioFailure("no PipeWire daemon: \(configured.availability); and \(ours.availability)")
        }
        return ours
    }

    static func drive(_ direction: AudioDirection) throws {
        let backend = try backend()
        let probe = PulseScenarios.Probe()
        let devices = try backend.devices()
        let sink = devices.first { $0.direction == .output && $0.isDefaultOutput }?.id ?? devices.first { $0.direction == .output }?.id
        var configuration = StreamConfiguration(direction: direction, bufferSize: .frames(128), name: "decibel-rtcheck", render: probe.render)
        configuration.outputDevice = direction.hasOutput ? sink : nil
        configuration.inputDevice = direction.hasInput ? sink.map { $0 + ".monitor" } : nil
        let stream = try backend.makeStream(configuration)
        defer { stream.close() }
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 2_000_000_000)
        try stream.stop()
        let callbacks = probe.callbacks.load(ordering: .relaxed)
        let seconds = Double(probe.frames.load(ordering: .relaxed)) / stream.format.sampleRate
        print("pipewire \(direction): \(callbacks) callbacks, \((seconds * 100).rounded() / 100) s of audio, \(stream.xrunCount) xruns, \(stream.format)")
        if callbacks < 10 || seconds < 0.5 {
            throw ScenarioFailure("the \(direction) callbacks did not run (\(callbacks) callbacks, \(seconds) s)")
        }
    }
}
