import Foundation

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The PipeWire daemon (with pipewire-pulse and wireplumber) the benchmark starts with `Scripts/servers`
/// in a runtime dir of its own, and the PipeWire tools it drives there.
struct BenchDaemon {
    let runtime: String
    let serversScript: String

    var socketDirectory: String { runtime + "/pulse/pw" }
    var remote: String { socketDirectory + "/pipewire-0" }
    var pulseServer: String { "unix:" + runtime + "/pulse/native" }
    var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(
            [
                "XDG_RUNTIME_DIR": socketDirectory, "PIPEWIRE_RUNTIME_DIR": socketDirectory, "PIPEWIRE_REMOTE": remote,
                "DECIBEL_RUNTIME_DIR": runtime,
            ]) { _, new in new }
    }

    func start() throws {
        let status = servers("start")
        guard status == 0 else { throw BenchError("Scripts/servers start pipewire failed (\(status)); see \(runtime)") }
    }

    func stop() { servers("stop") }

    /// Runs Scripts/servers through system(): Foundation's Process would wait for the daemons it starts,
    /// which inherit the descriptor Process watches for the child's exit.
    @discardableResult
    private func servers(_ action: String) -> Int32 {
        system("DECIBEL_RUNTIME_DIR='\(runtime)' bash '\(serversScript)' \(action) pipewire >/dev/null 2>&1")
    }

    /// Runs `tool` to its end and returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func spawn(_ tool: String, _ arguments: [String], in directory: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A lingering stereo null sink named `name`.
    func createSink(_ name: String) throws {
        try run(
            "/usr/bin/pw-cli",
            [
                "create-node", "adapter",
                "{ factory.name=support.null-audio-sink node.name=\(name) media.class=Audio/Sink object.linger=true audio.position=[FL FR] }",
            ])
        for _ in 0..<100 where try !nodes().contains(where: { $0.props["node.name"] as? String == name }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func nodes() throws -> [(id: UInt32, props: [String: Any])] {
        let objects =
            try JSONSerialization.jsonObject(with: run("/usr/bin/pw-dump", []).output) as? [[String: Any]] ?? []
        return objects.compactMap { object in
            guard object["type"] as? String == "PipeWire:Interface:Node", let id = object["id"] as? Int else {
                return nil
            }
            return (UInt32(id), (object["info"] as? [String: Any])?["props"] as? [String: Any] ?? [:])
        }
    }

    /// The one playback stream node in the graph (the benchmark runs one client at a time).
    func playbackNode() throws -> UInt32? {
        try nodes().first { $0.props["media.class"] as? String == "Stream/Output/Audio" }?.id
    }

    /// Runs pw-profiler for `seconds` and returns its log's path.
    func profile(seconds: Double) throws -> String {
        let directory = runtime + "/profile-\(UInt32.random(in: 0...999_999))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let profiler = try spawn("/usr/bin/pw-profiler", ["-o", "profiler.log"], in: directory)
        Thread.sleep(forTimeInterval: seconds)
        profiler.interrupt()
        profiler.waitUntilExit()
        return directory + "/profiler.log"
    }

    func version() -> String {
        let output =
            (try? run("/usr/bin/pipewire", ["--version"]).output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return output.split(separator: "\n").last.map(String.init) ?? "PipeWire"
    }
}

func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?.split(separator: ":").last?
        .trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores"
}
