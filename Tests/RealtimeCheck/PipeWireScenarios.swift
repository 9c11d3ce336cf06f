import DecibelCore
import DecibelPipeWire

#if canImport(Glibc)
import Glibc
#endif

/// DecibelPipeWire's process callbacks (in-place planar buffers, the duplex ring, the user's callback)
/// on a real PipeWire daemon, each for a couple of seconds.
///
/// Under `Scripts/test` (`DECIBEL_RUNTIME_DIR` set) the daemon is the one the PipeWire tests use
/// (`$DECIBEL_RUNTIME_DIR-pipewire-native`), started if needed; by hand, `DECIBEL_PIPEWIRE_REMOTE` or
/// libpipewire's default. Each scenario plays into a null sink of its own.
enum PipeWireScenarios {
    static let all: [Scenario] = [playback, capture, duplex]

    static let playback = Scenario(
        "pipewire-playback", "PipeWire playback process callback: dequeue, render in place, queue"
    ) {
        try drive(.output)
    }

    static let capture = Scenario(
        "pipewire-capture", "PipeWire capture process callback from a sink monitor, handed over in place"
    ) {
        try drive(.input)
    }

    static let duplex = Scenario(
        "pipewire-duplex", "PipeWire capture + playback streams joined through the duplex ring"
    ) {
        try drive(.duplex)
    }

    /// The daemon and the socket pw-cli reaches it at.
    static func backend() throws -> (backend: PipeWireBackend, remote: String?) {
        let environment = BackendEnvironment.current()
        if let runtime = BackendEnvironment.value("DECIBEL_RUNTIME_DIR", in: environment) {
            // Under Scripts/test: the PipeWire tests' daemon, (re)started with its session manager.
            let native = runtime + "-pipewire-native"
            let remote = native + "/pulse/pw/pipewire-0"
            let ours = PipeWireBackend(options: .init(remote: remote, timeout: 2))
            if !ours.availability.isAvailable || !processRuns(pidFile: native + "/wireplumber.pid") {
                let script =
                    String(#filePath.dropLast("Tests/RealtimeCheck/PipeWireScenarios.swift".count)) + "Scripts/servers"
                _ = system("DECIBEL_RUNTIME_DIR='\(native)' bash '\(script)' restart pipewire >/dev/null 2>&1")
            }
            guard ours.availability.isAvailable else {
                throw ScenarioFailure("no PipeWire daemon at \(remote): \(ours.availability)")
            }
            return (ours, remote)
        }
        let configured = PipeWireBackend(options: .init(timeout: 2))
        guard configured.availability.isAvailable else {
            throw ScenarioFailure("no PipeWire daemon: \(configured.availability)")
        }
        return (configured, configured.options.remote)
    }

    static func processRuns(pidFile: String) -> Bool {
        guard let file = fopen(pidFile, "r") else { return false }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = fread(&bytes, 1, bytes.count, file)
        guard let pid = Int32(String(decoding: bytes.prefix(count), as: UTF8.self).filter(\.isNumber)) else {
            return false
        }
        return kill(pid, 0) == 0
    }

    /// Runs pw-cli against `remote` (nil: its default); returns whether it succeeded.
    @discardableResult
    static func pwcli(_ arguments: String, remote: String?) -> Bool {
        let prefix = remote.map { "PIPEWIRE_REMOTE='\($0)' " } ?? ""
        return system("\(prefix)pw-cli \(arguments) >/dev/null 2>&1") == 0
    }

    static func drive(_ direction: AudioDirection) throws {
        let (backend, remote) = try backend()
        // A null sink of the scenario's own: the daemon's default may be a sink another test removed.
        let sink = "decibel_rtcheck_\(getpid())_\(direction)"
        pwcli(
            "create-node adapter '{ factory.name=support.null-audio-sink node.name=\(sink) media.class=Audio/Sink object.linger=true audio.position=[FL FR] }'",
            remote: remote)
        defer { pwcli("destroy \(sink)", remote: remote) }
        for _ in 0..<100 where try !backend.devices().contains(where: { $0.id == sink }) {
            MonotonicClock.sleep(nanoseconds: 50_000_000)
        }
        let probe = PulseScenarios.Probe()
        var configuration = StreamConfiguration(
            direction: direction, bufferSize: .frames(128), name: "decibel-rtcheck", render: probe.render)
        configuration.outputDevice = direction.hasOutput ? sink : nil
        configuration.inputDevice = direction.hasInput ? sink + ".monitor" : nil
        let stream = try backend.makeStream(configuration)
        defer { stream.close() }
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 2_000_000_000)
        try stream.stop()
        let callbacks = probe.callbacks.load(ordering: .relaxed)
        let seconds = Double(probe.frames.load(ordering: .relaxed)) / stream.format.sampleRate
        print(
            "pipewire \(direction): \(callbacks) callbacks, \((seconds * 100).rounded() / 100) s of audio, \(stream.xrunCount) xruns, \(stream.format)"
        )
        if callbacks < 10 || seconds < 0.5 {
            throw ScenarioFailure("the \(direction) callbacks did not run (\(callbacks) callbacks, \(seconds) s)")
        }
    }
}
