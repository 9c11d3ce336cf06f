import DecibelCore
import DecibelPulse
import Synchronization

/// DecibelPulse's write and read callbacks (conversion, duplex ring, the user's callback) on a real
/// PulseAudio server (`PULSE_SERVER`, or the default), each for a few seconds.
enum PulseScenarios {
    static let all: [Scenario] = [playback, capture, duplex]

    static let playback = Scenario(
        "pulse-playback", "PulseAudio write callback: render a sine, convert, pa_stream_begin_write/write"
    ) {
        try drive(.output, sampleType: .int16)
    }

    static let capture = Scenario(
        "pulse-capture", "PulseAudio read callback: peek, de-interleave into whole blocks, deliver"
    ) {
        try drive(.input, sampleType: .float32)
    }

    static let duplex = Scenario("pulse-duplex", "PulseAudio record + playback streams joined through the duplex ring")
    {
        try drive(.duplex, sampleType: .int24)
    }

    /// Counts callbacks and writes a sine, touching nothing that allocates.
    final class Probe: @unchecked Sendable {
        let callbacks = Atomic<Int>(0)
        let frames = Atomic<Int>(0)
        var phase: Float = 0
        /// Loudest input sample of the last callback (reading input is part of the path under test).
        var inputPeak: Float = 0

        var render: RenderCallback {
            { [self] context in
                callbacks.wrappingAdd(1, ordering: .relaxed)
                frames.wrappingAdd(context.frameCount, ordering: .relaxed)
                var peak: Float = 0
                for channel in 0..<context.input.channelCount {
                    let samples = context.input.samples(channel)
                    for frame in 0..<context.frameCount { peak = max(peak, abs(samples[frame])) }
                }
                inputPeak = peak
                for frame in 0..<context.frameCount {
                    let value = 0.2 * (phase < 0.5 ? phase : 1 - phase)
                    phase += 440 / Float(context.sampleRate)
                    if phase >= 1 { phase -= 1 }
                    for channel in 0..<context.output.channelCount { context.output.samples(channel)[frame] = value }
                }
            }
        }
    }

    static func drive(_ direction: AudioDirection, sampleType: SampleType) throws {
        let backend = PulseBackend()
        guard backend.isAvailable else { throw ScenarioFailure("no PulseAudio server: \(backend.availability)") }
        let probe = Probe()
        let devices = try backend.devices()
        let sink = devices.first { $0.direction == .output && $0.isDefaultOutput }?.id
        let monitor = sink.map { $0 + ".monitor" }
        var configuration = StreamConfiguration(
            direction: direction, device: nil, sampleType: sampleType, name: "decibel-rtcheck", render: probe.render)
        configuration.outputDevice = direction.hasOutput ? sink : nil
        configuration.inputDevice = direction.hasInput ? monitor : nil
        let stream = try backend.makeStream(configuration)
        defer { stream.close() }
        try stream.start()
        // An idle null sink may sit on up to 2 s of audio it rendered ahead before it pulls from a new
        // stream, so run long enough to get a second of callbacks after that.
        MonotonicClock.sleep(nanoseconds: 3_500_000_000)
        try stream.stop()
        let callbacks = probe.callbacks.load(ordering: .relaxed)
        let seconds = Double(probe.frames.load(ordering: .relaxed)) / stream.format.sampleRate
        print(
            "pulse \(direction): \(callbacks) callbacks, \((seconds * 100).rounded() / 100) s of audio, \(stream.xrunCount) xruns, \(stream.format)"
        )
        if callbacks < 10 || seconds < 0.5 {
            throw ScenarioFailure("the \(direction) callbacks did not run (\(callbacks) callbacks, \(seconds) s)")
        }
    }
}
