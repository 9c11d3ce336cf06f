import DecibelCore
import DecibelJACK
import DecibelStreams
import Synchronization

/// The JACK backend's process callback (buffer fetch from JACK's ports, zeroing, the render callback)
/// on JACK's own real-time thread, against the running test server.
enum JACKScenarios {
    static let all: [Scenario] = [chain, adapted, bridged]

    /// The backend, once the test server answers.
    static func runningServer() throws -> JACKBackend {
        let backend = JACKBackend()
        guard case .available = backend.availability else {
            throw ScenarioFailure("no JACK server answers (\(backend.availability)); run Scripts/servers start jack")
        }
        return backend
    }

    /// An output, a duplex passthrough and an input stream chained through JACK for a second, one
    /// `jack_bufsize`-free run at the server's period.
    static let chain = Scenario(
        "jack-streams", "JACK output -> duplex passthrough -> input streams on a real jackd for 1 s"
    ) {
        let backend = try runningServer()
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

    /// Streams at rates the server does not run: a 44.1 kHz stereo output resampled up and a 16 kHz mono
    /// input resampled down inside JACK's callbacks (`makeAdaptedStream`), for a second.
    static let adapted = Scenario(
        "jack-adapted-streams", "a 44.1 kHz output and a 16 kHz input resampled at the edge of a 48 kHz jackd for 1 s"
    ) {
        let backend = try runningServer()
        let phase = Atomic<Int>(0)
        let output = try backend.makeAdaptedStream(
            StreamConfiguration(direction: .output, sampleRate: 44_100, channelCount: 2, name: "rtcheck-44k") {
                context in
                var n = phase.load(ordering: .relaxed)
                var frame = 0
                while frame < context.frameCount {
                    context.output.samples(0)[frame] = Float(n % 100) / 400
                    context.output.samples(1)[frame] = -Float(n % 100) / 400
                    n &+= 1
                    frame += 1
                }
                phase.store(n, ordering: .relaxed)
            })
        defer { output.close() }
        let frames = Atomic<Int>(0)
        let input = try backend.makeAdaptedStream(
            StreamConfiguration(direction: .input, sampleRate: 16_000, channelCount: 1, name: "rtcheck-16k") {
                context in
                frames.wrappingAdd(context.frameCount, ordering: .relaxed)
            })
        defer { input.close() }
        guard output is AdaptedStream, input is AdaptedStream else {
            throw ScenarioFailure("the server took 44.1 and 16 kHz as they are; nothing was adapted")
        }
        try output.start()
        try input.start()
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        try input.stop()
        try output.stop()
        guard phase.load(ordering: .relaxed) > 30_000, frames.load(ordering: .relaxed) > 10_000 else {
            throw ScenarioFailure(
                "too little audio in 1 s: \(phase.load(ordering: .relaxed)) frames at 44.1 kHz, "
                    + "\(frames.load(ordering: .relaxed)) at 16 kHz")
        }
    }

    /// A 44.1 kHz duplex stream on the 48 kHz server: JACK's input carried by a `ClockBridge` to a
    /// resampled output that renders ahead of its port, both on JACK's real-time threads.
    static let bridged = Scenario(
        "jack-bridged-duplex", "a 44.1 kHz duplex stream on a 48 kHz jackd, input bridged to the resampled output, 2 s"
    ) {
        let backend = try runningServer()
        let blocks = Atomic<Int>(0)
        let stream = try backend.makeAdaptedStream(
            StreamConfiguration(direction: .duplex, sampleRate: 44_100, channelCount: 1, name: "rtcheck-bridge") {
                context in
                context.output.copy(from: context.input)
                blocks.wrappingAdd(1, ordering: .relaxed)
            })
        defer { stream.close() }
        guard let duplex = stream as? BridgedDuplexStream else {
            throw ScenarioFailure("the server took a 44.1 kHz duplex stream as it is; nothing was bridged")
        }
        try duplex.start()
        MonotonicClock.sleep(nanoseconds: 2_000_000_000)
        try duplex.stop()
        guard blocks.load(ordering: .relaxed) > 200, duplex.bridge.report.isLocked else {
            throw ScenarioFailure(
                "the bridge did not run: \(blocks.load(ordering: .relaxed)) blocks, \(duplex.bridge.report)")
        }
    }
}
