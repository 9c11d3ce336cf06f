import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

/// A Decibel output stream plays a sine into the server's null sink; parec records the monitor.
enum PlaybackCheck {
    struct Result {
        var frequency: Double
        var magnitude: Double
        var largestStep: Float
        var callbacks: Int
        var largestFrames: Int
        var format: StreamFormat
        var analysedFrames: Int
    }

    static func run(
        backend: PulseBackend, server: PulseTestServer, frequency: Double, amplitude: Float = 0.5,
        bufferSize: BufferSize = .automatic, sampleType: SampleType? = nil
    ) throws -> Result {
        // On PipeWire a recording the server itself broke (see GraphWatch) is measured again, twice at most;
        // anything else, or a third broken one, fails.
        var attempt = 1
        while true {
            let stolenBefore = HostSteal.milliseconds()
            let measured = try measure(
                backend: backend, server: server, frequency: frequency, amplitude: amplitude, bufferSize: bufferSize,
                sampleType: sampleType)
            let (result, xruns, graph) = measured
            let stolen = HostSteal.milliseconds() - stolenBefore
            let rate = result.format.sampleRate
            // A sine's step is at most a·2πf/rate; a gap or a repeated block jumps far above it.
            let bound = amplitude * Float(2 * Double.pi * frequency / rate) * 1.5 + 0.002
            let intact =
                result.analysedFrames > Int(rate) / 2 && abs(result.frequency - frequency) < 1
                && abs(result.magnitude - Double(amplitude)) < 0.05 && result.largestStep < bound
            if GraphWatch.measureAgain(intact: intact, xruns: xruns, graph: graph, attempt: &attempt) { continue }
            // A recording broken while the VM's host took the CPU is measured again too (twice at most, with the
            // server's). Measured in CI91: 5 s spells of a quiet run lose 0-20 ms to the host; the spell in which
            // this test failed on both servers under AddressSanitizer lost 410-1170 ms per 5 s, and CI90's TSan
            // failure of it fell in another such hour. 100 ms in one measurement is far above the quiet level.
            if !intact && stolen >= 100 && attempt < 3 {
                print("the VM's host took \(Int(stolen)) ms of CPU during the recording: measuring again")
                attempt += 1
                continue
            }
            let context = GraphWatch.describe(graph) + (stolen >= 1 ? " (the host took \(Int(stolen)) ms of CPU)" : "")
            #expect(result.analysedFrames > Int(rate) / 2, "parec recorded too little of the sine on \(server)")
            #expect(abs(result.frequency - frequency) < 1, "frequency on \(server)\(context)")
            #expect(abs(result.magnitude - Double(amplitude)) < 0.05, "level on \(server)\(context)")
            #expect(result.largestStep < bound, "discontinuity in the recorded sine on \(server)\(context)")
            #expect(result.largestFrames <= result.format.maximumFrameCount)
            #expect(result.callbacks > 0)
            return result
        }
    }

    /// One measurement: plays, records two seconds of the monitor, analyses one second of steady state.
    private static func measure(
        backend: PulseBackend, server: PulseTestServer, frequency: Double, amplitude: Float,
        bufferSize: BufferSize, sampleType: SampleType?
    ) throws -> (Result, xruns: Int, graph: (cycles: Int, missed: Int)?) {
        let source = SineSource(frequency: frequency, amplitude: amplitude)
        let stream = try backend.makeStream(
            StreamConfiguration(
                device: server.sink, bufferSize: bufferSize, sampleType: sampleType, name: "decibel-playback-test",
                render: source.render))
        defer { stream.close() }
        try server.start(stream)
        Thread.sleep(forTimeInterval: 0.3)
        let rate = Int(stream.format.sampleRate)
        let watch = server.pipewireRuntimeDirectory.map { GraphWatch(pipewireRuntime: "\($0)/pulse/pw") }
        let channels = try server.record(from: server.sink + ".monitor", seconds: 2, rate: rate, channels: 2)
        let graph = watch?.stop()
        let xruns = stream.xrunCount
        try stream.stop()
        let left = channels.first ?? []
        // Measure a second of steady state: from 0.3 s after the sine first reaches the monitor (a fresh
        // PipeWire graph may still be settling its quantum before that).
        let start = min(left.count, (SignalAnalysis.firstSound(left, threshold: 0.01) ?? left.count) + rate * 3 / 10)
        let steady = Array(left[start..<min(left.count, start + rate)])
        let result = Result(
            frequency: SignalAnalysis.frequency(steady, sampleRate: Double(rate)),
            magnitude: SignalAnalysis.magnitude(of: frequency, in: steady, sampleRate: Double(rate)),
            largestStep: SignalAnalysis.largestStep(steady),
            callbacks: source.callbacks.load(ordering: .relaxed),
            largestFrames: source.largestFrames.load(ordering: .relaxed),
            format: stream.format, analysedFrames: steady.count)
        print(
            "playback on \(server): recorded \(left.count) frames, analysed \(steady.count); frequency \(String(format: "%.2f", result.frequency)) Hz (want \(frequency)), magnitude \(String(format: "%.3f", result.magnitude)) (want \(amplitude)), largest step \(result.largestStep), \(result.callbacks) callbacks, largest \(result.largestFrames) frames (max \(stream.format.maximumFrameCount)), \(xruns) xruns, format \(stream.format)"
        )
        return (result, xruns, graph)
    }
}

/// pacat plays a tone into the null sink; a Decibel input stream captures it from the monitor.
enum CaptureCheck {
    struct Result {
        var frequency: Double
        var magnitude: Double
        var callbacks: Int
        var wrongSizes: Int
        var analysedFrames: Int
    }

    static func run(
        backend: PulseBackend, server: PulseTestServer, frequency: Double, amplitude: Float = 0.5
    ) throws -> Result {
        // As in PlaybackCheck: on PipeWire a recording the server itself broke (pacat's stream and this one
        // are both nodes inside pipewire-pulse; see GraphWatch) is measured again, twice at most.
        var attempt = 1
        while true {
            let (result, xruns, graph) = try measure(
                backend: backend, server: server, frequency: frequency, amplitude: amplitude)
            let intact =
                result.analysedFrames > 24_000 && abs(result.frequency - frequency) < 1
                && abs(result.magnitude - Double(amplitude)) < 0.05
            // A short capture callback is the client's own fault: never measured again.
            if result.wrongSizes == 0,
                GraphWatch.measureAgain(intact: intact, xruns: xruns, graph: graph, attempt: &attempt)
            {
                continue
            }
            let context = GraphWatch.describe(graph)
            #expect(result.analysedFrames > 24_000, "too little of the tone was captured on \(server)")
            #expect(abs(result.frequency - frequency) < 1, "frequency on \(server)\(context)")
            #expect(abs(result.magnitude - Double(amplitude)) < 0.05, "level on \(server)\(context)")
            #expect(result.wrongSizes == 0, "every capture callback gets a complete buffer")
            return result
        }
    }

    /// One measurement: pacat plays two seconds of the tone; one second of steady state is analysed.
    private static func measure(
        backend: PulseBackend, server: PulseTestServer, frequency: Double, amplitude: Float
    ) throws -> (Result, xruns: Int, graph: (cycles: Int, missed: Int)?) {
        let rate = 48000.0
        let sink = CaptureSink(seconds: 4, rate: rate)
        let stream = try backend.makeStream(
            StreamConfiguration(
                direction: .input, device: server.sink + ".monitor", sampleRate: rate, channelCount: 2,
                name: "decibel-capture-test", render: sink.render))
        defer { stream.close() }
        sink.expectedFrames.store(stream.format.bufferSize, ordering: .relaxed)
        try server.start(stream)
        Thread.sleep(forTimeInterval: 0.2)
        let tone = interleavedSine(frequency: frequency, amplitude: amplitude, seconds: 2, rate: Int(rate), channels: 2)
        let watch = server.pipewireRuntimeDirectory.map { GraphWatch(pipewireRuntime: "\($0)/pulse/pw") }
        let played = try server.play(tone, to: server.sink, rate: Int(rate), channels: 2)
        let graph = watch?.stop()
        #expect(played.status == 0, "pacat failed: \(played.standardError)")
        Thread.sleep(forTimeInterval: 0.2)
        let xruns = stream.xrunCount
        try stream.stop()
        let captured = sink.drain()
        let start = min(
            captured.count,
            (SignalAnalysis.firstSound(captured, threshold: 0.01) ?? captured.count) + Int(rate) * 3 / 10)
        let steady = Array(captured[start..<min(captured.count, start + Int(rate))])
        let result = Result(
            frequency: SignalAnalysis.frequency(steady, sampleRate: rate),
            magnitude: SignalAnalysis.magnitude(of: frequency, in: steady, sampleRate: rate),
            callbacks: sink.callbacks.load(ordering: .relaxed), wrongSizes: sink.wrongSizes.load(ordering: .relaxed),
            analysedFrames: steady.count)
        print(
            "capture on \(server): \(captured.count) frames in \(result.callbacks) callbacks of \(stream.format.bufferSize) (\(result.wrongSizes) of another size), \(xruns) xruns; frequency \(String(format: "%.2f", result.frequency)) Hz (want \(frequency)), magnitude \(String(format: "%.3f", result.magnitude)) (want \(amplitude))"
        )
        return (result, xruns, graph)
    }
}
