import Decibel
import DecibelTestSupport
import Foundation
import Testing

extension ConformanceTests {
    @Test("latency reported while running, and what the server's own tool says", arguments: backends)
    func latencyReported(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.latencyReported, on: backend) { findings in
            let audio = backend.makeBackend()
            let counter = CallbackCounter()
            var configuration = backend.configuration(.output, sampleRate: 48_000, render: counter.render)
            configuration.name = "dcb-conformance-latency"
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            try stream.start()
            findings.require(counter.waitBeyond(20, timeout: 2 * Self.patience), "\(counter.count) callbacks")
            // PulseAudio reports timing after its first update (every 100 ms by default).
            Thread.sleep(forTimeInterval: 0.3)
            let ours = stream.latency.outputFrames
            let block = stream.format.bufferSize
            let theirs = try ServerTool.outputLatency(backend, stream: stream)
            findings.note("reported \(ours) frames; \(theirs.tool) says \(theirs.frames) (block \(block))")
            findings.require(
                abs(ours - theirs.frames) <= theirs.tolerance,
                "reported \(ours) frames, \(theirs.tool) says \(theirs.frames) (± \(theirs.tolerance))")
        }
    }
}

/// The output latency a server's own tool shows for a running stream.
enum ServerTool {
    struct Latency {
        var tool: String
        var frames: Int
        /// How far the stream's figure may be from the tool's. Two snapshots taken apart: JACK's latency is a
        /// fixed property of the port (0); PulseAudio's and PipeWire's move by up to a block between them.
        var tolerance: Int
    }

    static func outputLatency(_ backend: BackendUnderTest, stream: any AudioStream) throws -> Latency {
        switch backend {
        case .jack:
            guard let port = (stream as? JACKStream)?.outputPortNames.first else { throw ToolError("no JACK port") }
            // "port playback latency = [ 1024 1024 ] frames": the range JACK computed for the port.
            let listed = try run("jack_lsp", ["-l", port]).standardOutput
            guard let line = listed.split(separator: "\n").first(where: { $0.contains("playback latency") }),
                let maximum = line.split(separator: " ").compactMap({ Int($0) }).last
            else { throw ToolError("jack_lsp -l \(port): \(listed)") }
            return Latency(tool: "jack_lsp -l", frames: maximum, tolerance: 0)
        case .pulse:
            // pa_stream_get_latency for playback is what the stream has queued plus the sink's own delay:
            // pactl's "Buffer Latency" plus "Sink Latency" for the stream's sink input.
            let listed = try run("pactl", ["list", "sink-inputs"]).standardOutput
            guard
                let entry = listed.components(separatedBy: "Sink Input #").first(where: {
                    $0.contains("\"dcb-conformance-latency\"")
                })
            else { throw ToolError("pactl lists no sink input of the stream") }
            let microseconds = ["Buffer Latency:", "Sink Latency:"].compactMap { label -> Double? in
                guard let line = entry.split(separator: "\n").first(where: { $0.contains(label) }) else { return nil }
                return line.split(separator: " ").compactMap { Double($0) }.first
            }
            guard microseconds.count == 2 else { throw ToolError("pactl: no latencies in \(entry)") }
            let frames = Int((microseconds.reduce(0, +) * 48_000 / 1e6).rounded())
            return Latency(tool: "pactl (buffer + sink latency)", frames: frames, tolerance: stream.format.bufferSize)
        case .pipewire:
            // The stream's node asks the graph for `node.latency` = one block (the quantum it runs at). What
            // PipeWire reports as the stream's delay (pw_stream_get_time_n) is the device's delay after the
            // graph plus what is queued: none to one quantum on the suite's null sink, which has no device
            // delay (measured: 0 frames, as PipeWire's own view of that sink).
            let dump = try run("pw-dump", [], environment: ConformancePipeWire.clientEnvironment)
            let objects = try JSONSerialization.jsonObject(with: dump.standardOutputData) as? [[String: Any]] ?? []
            let properties = objects.compactMap { ($0["info"] as? [String: Any])?["props"] as? [String: Any] }
            guard let node = properties.first(where: { $0["node.name"] as? String == "dcb-conformance-latency" }),
                let latency = node["node.latency"] as? String,
                let quantum = latency.split(separator: "/").first.flatMap({ Int($0) })
            else { throw ToolError("pw-dump shows no node.latency for the stream") }
            return Latency(tool: "pw-dump (node.latency \(latency))", frames: quantum, tolerance: quantum)
        case .alsa, .null:
            throw ToolError("no server tool")
        }
    }

    struct ToolError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
