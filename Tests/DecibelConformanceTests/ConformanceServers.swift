import Decibel
import DecibelTestSupport
import Foundation
import Testing

/// The PipeWire daemon (with WirePlumber) the suite starts in a runtime folder of its own, so that no other
/// target's tests stop it under this one.
enum ConformancePipeWire {
    static var runtime: String {
        (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pipewire-conformance"
    }

    /// The daemon's socket, or nil (with the reason recorded) when it does not start.
    static let remote: String? = {
        let socket = runtime + "/pulse/pw/pipewire-0"
        let status = serversScript("start", "pipewire", runtime: runtime)
        if status == 0, FileManager.default.fileExists(atPath: socket) {
            // WirePlumber names the default sink a moment after the daemon answers (CI16: the first list
            // had no default, the next one did): wait for it, so the suite sees a settled server.
            let backend = PipeWireBackend(options: .init(remote: socket))
            let deadline = Date().addingTimeInterval(10)
            while (try? backend.defaultDevice(for: .output)) == nil && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
            return socket
        }
        let log = (try? String(contentsOfFile: "\(runtime)/servers-start-pipewire.log.err", encoding: .utf8)) ?? ""
        Issue.record("PipeWire did not start in \(runtime) (status \(status.map(String.init) ?? "timeout")): \(log)")
        return nil
    }()
}

extension ConformancePipeWire {
    /// What PipeWire's own tools (pw-cli, pw-dump, pw-play, pw-record) need to reach the suite's daemon.
    static var clientEnvironment: [String: String] {
        guard let remote else { return [:] }
        let folder = (remote as NSString).deletingLastPathComponent
        return ["XDG_RUNTIME_DIR": folder, "PIPEWIRE_RUNTIME_DIR": folder, "PIPEWIRE_REMOTE": remote]
    }

    /// `pw-cli` against the suite's daemon.
    static func pwcli(_ arguments: [String]) throws -> ProcessResult {
        guard remote != nil else { throw RemovableDevice.RemovalError(message: "no PipeWire daemon") }
        return try run("pw-cli", arguments, environment: clientEnvironment)
    }

    /// Creates a null sink named `name` (it outlives pw-cli) and waits until the daemon lists it.
    static func createSink(_ name: String) throws {
        let properties =
            "{ factory.name=support.null-audio-sink node.name=\(name) node.description=\(name) media.class=Audio/Sink object.linger=true audio.position=[FL FR] }"
        let created = try pwcli(["create-node", "adapter", properties])
        guard created.status == 0 else {
            throw RemovableDevice.RemovalError(message: "pw-cli create-node: \(created.standardError)")
        }
        let backend = PipeWireBackend(options: .init(remote: remote))
        let deadline = Date().addingTimeInterval(5)
        while (try? backend.devices().contains { $0.id == name }) != true && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Destroys the node named `name` (found by its name in `pw-dump`).
    static func destroyNode(_ name: String) {
        guard remote != nil else { return }
        let dump = try? run("pw-dump", [], environment: clientEnvironment)
        let objects =
            dump.flatMap { try? JSONSerialization.jsonObject(with: $0.standardOutputData) } as? [[String: Any]]
        for object in objects ?? [] where object["type"] as? String == "PipeWire:Interface:Node" {
            let properties = (object["info"] as? [String: Any])?["props"] as? [String: Any]
            if properties?["node.name"] as? String == name, let id = object["id"] as? Int {
                _ = try? pwcli(["destroy", String(id)])
            }
        }
    }
}

/// The shared pulseaudio's sink, and a null source on it, loaded once and left for the server's life.
enum ConformancePulse {
    static let sink = ProcessInfo.processInfo.environment["DECIBEL_TEST_PULSE_SINK"] ?? "decibel_test"

    static let source: String? = {
        let name = "decibel_conformance_source"
        if ((try? PactlDevice.list("sources")) ?? []).contains(where: { $0.name == name }) { return name }
        let loaded = try? run("pactl", ["load-module", "module-null-source", "source_name=\(name)"])
        if loaded?.status != 0 { Issue.record("pactl load-module module-null-source: \(loaded?.standardError ?? "")") }
        return name
    }()
}

/// alsa-lib's configuration for the suite: the system's, plus `type file` PCMs over `null`: one writes
/// what it plays to a raw file, the other captures a raw file (float32, as the stream asks). Set once, before the first PCM opens
/// (`ALSA_CONFIG_PATH` replaces alsa-lib's top-level file for the whole process).
enum ConformanceALSA {
    static let filePCM = "decibel_conformance_file"
    static let folder = TestEnvironment.temporaryDirectory("decibel-conformance-alsa")
    static var file: URL { folder.appendingPathComponent("played.raw") }
    /// A capture PCM over `null` that delivers `inputFile` (raw, in the stream's format) as its input.
    static let inputPCM = "decibel_conformance_in"
    static var inputFile: URL { folder.appendingPathComponent("input.raw") }
    /// A `type pulse` PCM on a PulseAudio server of the suite's own, which a test stops to take it away.
    static let privatePulsePCM = "decibel_conformance_gone"
    static var privatePulseRuntime: String {
        (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-conformance-alsa-pulse"
    }

    private static let configured: Void = {
        let text = """
            </usr/share/alsa/alsa.conf>
            pcm.\(filePCM) { type file slave.pcm null file "\(file.path)" format raw }
            pcm.\(inputPCM) { type file slave.pcm null file "/dev/null" infile "\(inputFile.path)" format raw }
            pcm.\(privatePulsePCM) { type pulse server "unix:\(privatePulseRuntime)/pulse/native" }

            """
        let path = folder.appendingPathComponent("asound.conf")
        try? text.write(to: path, atomically: true, encoding: .utf8)
        setenv("ALSA_CONFIG_PATH", path.path, 1)
    }()

    static func configure() { configured }
}
