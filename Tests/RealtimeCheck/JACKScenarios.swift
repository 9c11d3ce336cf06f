import DecibelCore
import DecibelJACK
import Synchronization

/// The JACK backend's process callback (buffer fetch from JACK's ports, zeroing, the render callback)
/// on JACK's own real-time thread, against the running test server.
enum JACKScenarios {
    static let all: [Scenario] = [chain]

    /// An output, a duplex passthrough and an input stream chained through JACK for a second, one
    /// `jack_bufsize`-free run at the server's period.
    static let chain = Scenario(
        "jack-streams", "JACK output -> duplex passthrough -> input streams on a real jackd for 1 s"
    ) {
        let backend = JACKBackend()
        guard case .available = backend.availability else {
            throw ScenarioFailure("no JACK server answers (\(backend.availability)); run Scripts/servers start jack")
        }
        let phase = Atomic<Int>(0)
        let source = try backend.makeJACKStream(
            StreamConfiguration(direction: .output, channelCount: 2, name: "rtcheck-source") { context in
                var n = phase.load(ordering: .relaxed)
                let left = context.output.samples(0), right = context.output.samples(1)
                var frame = 0
                while frame < context.frameCount {
                    left[frame] = Float(n & 1023) / 1024
                    right[frame] = -left[frame]
                    n &+= 1
                    frame += 1
                }
                phase.store(n, ordering: .relaxed)
            }, options: JACKStreamOptions(outputConnections: .none))
        defer { source.close() }
        let through = try backend.makeJACKStream(
            StreamConfiguration(direction: .duplex, channelCount: 2, name: "rtcheck-through") { context in
                context.output.copy(from: context.input)
            },
            options: JACKStreamOptions(outputConnections: .automatic, inputConnections: .ports(source.outputPortNames)))
        defer { through.close() }
        let heard = Atomic<Int>(0)
        let sink = try backend.makeJACKStream(
            StreamConfiguration(direction: .input, channelCount: 2, name: "rtcheck-sink") { context in
                if context.input.samples(0)[context.frameCount - 1] != 0 { heard.wrappingAdd(1, ordering: .relaxed) }
            }, options: JACKStreamOptions(inputConnections: .ports(through.outputPortNames)))
        defer { sink.close() }
        try source.start()
        try through.start()
        try sink.start()
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        try sink.stop()
        try through.stop()
        try source.stop()
        let callbacks = [source, through, sink].map(\.statistics.callbacks)
        let expected = Int(source.format.sampleRate) / max(1, source.format.bufferSize) / 2
        guard callbacks.allSatisfy({ $0 >= expected }) else {
            throw ScenarioFailure("too few callbacks in 1 s: \(callbacks), expected at least \(expected) each")
        }
        guard heard.load(ordering: .relaxed) > 0 else { throw ScenarioFailure("the sink never heard the source") }
    }
}
