import DecibelCore
import DecibelPipeWire
import DecibelTestSupport
import Foundation
import Testing

/// The PipeWire daemon a test talks to: `Scripts/servers start pipewire` run in a runtime dir of these
/// tests' own (`$DECIBEL_RUNTIME_DIR-pipewire-native`), so the Pulse suite, which starts and stops its
/// PipeWire sibling around each test, never pulls the daemon away under these tests.
struct PipeWireTestServer: Sendable, CustomStringConvertible {
    /// `DECIBEL_RUNTIME_DIR` for `Scripts/servers`.
    let runtime: String

    /// The folder holding the `pipewire-0` socket (the daemon's XDG_RUNTIME_DIR).
    var socketDirectory: String { runtime + "/pulse/pw" }
    /// The socket, passed to the backend as `remote`.
    var remote: String { socketDirectory + "/pipewire-0" }
    /// For pw-cli, pw-dump, pw-record and pw-play.
    var environment: [String: String] {
        ["XDG_RUNTIME_DIR": socketDirectory, "PIPEWIRE_RUNTIME_DIR": socketDirectory, "PIPEWIRE_REMOTE": remote]
    }

    static var sharedRuntime: String {
        (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel-test") + "-pipewire-native"
    }

    /// The shared daemon of this suite, started on first use; nil (with the reason printed, or recorded
    /// as a failure when servers are required) when it cannot start here.
    static let shared: PipeWireTestServer? = start(runtime: sharedRuntime)

    /// Starts (or finds running) the daemon in `runtime`.
    static func start(runtime: String) -> PipeWireTestServer? {
        let server = PipeWireTestServer(runtime: runtime)
        if server.answers && server.sessionManagerRuns { return server }
        // A daemon whose wireplumber is gone links nothing; start the set afresh.
        if server.answers { server.stop() }
        let status = serversScript("start", "pipewire", runtime: runtime)
        if status == 0, server.answers { return server }
        let log = (try? String(contentsOfFile: "\(runtime)/servers-start-pipewire.log.err", encoding: .utf8)) ?? ""
        if TestEnvironment.serversRequired { Issue.record("PipeWire did not start in \(runtime): \(log)") }
        print("skipping: PipeWire did not start in \(runtime) (status \(status.map(String.init) ?? "timeout")): \(log)")
        return nil
    }

    func stop() { serversScript("stop", "pipewire", runtime: runtime) }

    /// Whether the wireplumber `Scripts/servers` started for this daemon still runs.
    var sessionManagerRuns: Bool {
        guard let text = try? String(contentsOfFile: "\(runtime)/wireplumber.pid", encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return false }
        return kill(pid, 0) == 0
    }

    /// Whether `pw-cli info 0` answers on the socket.
    var answers: Bool { (try? pwcli(["info", "0"]).status) == 0 }

    var description: String { "PipeWire at \(remote)" }

    func backend(timeout: Double = 2) -> PipeWireBackend {
        PipeWireBackend(options: .init(remote: remote, timeout: timeout, clientName: "Decibel tests", environment: [:]))
    }

    @discardableResult
    func pwcli(_ arguments: [String]) throws -> ProcessResult {
        try run("pw-cli", arguments, environment: environment, timeout: 10)
    }

    /// Every object `pw-dump` lists.
    func dump() throws -> [[String: Any]] {
        let result = try run("pw-dump", [], environment: environment, timeout: 10)
        return (try JSONSerialization.jsonObject(with: result.standardOutputData) as? [[String: Any]]) ?? []
    }

    /// Node names in `pw-dump` by media class.
    func nodeNames(mediaClass: String) throws -> Set<String> {
        var names: Set<String> = []
        for object in try dump() where object["type"] as? String == "PipeWire:Interface:Node" {
            let props = (object["info"] as? [String: Any])?["props"] as? [String: Any] ?? [:]
            if props["media.class"] as? String == mediaClass, let name = props["node.name"] as? String {
                names.insert(name)
            }
        }
        return names
    }

    /// Creates a lingering stereo null sink (or source) named `name` and waits until pw-dump lists it.
    func createNode(_ name: String, mediaClass: String = "Audio/Sink") throws {
        let result = try pwcli([
            "create-node", "adapter",
            "{ factory.name=support.null-audio-sink node.name=\(name) node.description=\(name) media.class=\(mediaClass) object.linger=true audio.position=[FL FR] }",
        ])
        #expect(result.status == 0, "pw-cli create-node: \(result.standardError)")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, try !nodeNames(mediaClass: mediaClass).contains(name) {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Destroys the node named `name`.
    func destroyNode(_ name: String) {
        guard let objects = try? dump() else { return }
        for object in objects where object["type"] as? String == "PipeWire:Interface:Node" {
            let props = (object["info"] as? [String: Any])?["props"] as? [String: Any] ?? [:]
            if props["node.name"] as? String == name, let id = object["id"] as? Int {
                _ = try? pwcli(["destroy", String(id)])
            }
        }
    }

    /// Records `seconds` of what is played to sink `name` with pw-record and returns its channels.
    func record(sink name: String, seconds: Double) throws -> (channels: [[Float]], rate: Double) {
        let file = TestEnvironment.temporaryDirectory("pw-record").appendingPathComponent("out.wav").path
        var environment = ProcessInfo.processInfo.environment.merging(self.environment) { _, new in new }
        environment["PIPEWIRE_REMOTE"] = remote
        _ = spawnAndWait(
            [
                "/usr/bin/timeout", "-s", "INT", "-k", "2", String(seconds), "/usr/bin/pw-record", "--target", name,
                "-P", "{ stream.capture.sink=true }", "--rate", "48000", "--channels", "2", "--format", "f32", file,
            ],
            environment: environment, output: file + ".log", timeout: seconds + 10)
        return try WaveFile.read(file)
    }

    /// Plays `file` to `target` with pw-play and waits until it finished.
    @discardableResult
    func play(_ file: String, to target: String) throws -> ProcessResult {
        try run("pw-play", ["--target", target, file], environment: environment, timeout: 30)
    }
}
