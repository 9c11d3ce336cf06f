import Decibel
import DecibelTestSupport
import Foundation
import Testing

/// A 16 kHz mono capture from PulseAudio converted by Decibel's resampler rather than the server's.
@Suite(.serialized) struct PulseAdaptedStreamTests {
    @Test(
        "16 kHz mono from a 48 kHz float monitor through Decibel's resampler: right pitch and level, ≥ 100 dB SNR",
        .liveTiming,
        .requires(.pulse))
    func sixteenKilohertzThroughDecibel() throws {
        let server = try #require(PulseTestServer.floatSink)
        let sink = CaptureSink(seconds: 6, rate: 16_000)
        let clock = RateProbe()
        let stream = try server.backend().makeAdaptedStream(
            StreamConfiguration(
                direction: .input, device: server.sink + ".monitor", sampleRate: 16_000, channelCount: 1,
                name: "decibel-16k-capture"
            ) { [render = sink.render] context in
                clock.record(context.frameCount)
                render(context)
            },
            conversion: .decibel)
        defer { stream.close() }
        let adapted = try #require(stream as? AdaptedStream, "the stream was not converted by Decibel")
        #expect(adapted.deviceFormat.sampleRate == 48_000, "Decibel should open the monitor at its own rate")
        #expect(adapted.format.sampleRate == 16_000 && adapted.format.inputChannelCount == 1)
        try server.start(stream)
        Thread.sleep(forTimeInterval: 0.2)
        let sine = interleavedSine(frequency: 1000, amplitude: 0.5, seconds: 3, rate: 48_000, channels: 2)
        let played = try server.play(sine, to: server.sink, rate: 48_000, channels: 2)
        #expect(played.status == 0, "pacat failed: \(played.standardError)")
        try stream.stop()
        let samples = sink.drain()
        // A second from the middle of the tone (its ends ramp in the resampler's filter); a clean 1 kHz
        // sine of amplitude 0.5 never steps more than 0.2 between samples at 16 kHz.
        let middle = Array(samples.prefix(max(0, samples.count - 8_000)))
        let tone = try #require(
            SignalAnalysis.cleanTone(middle, frequency: 1000, sampleRate: 16_000, maxStep: 0.25, frames: 16_000),
            "no glitch-free second in \(samples.count) frames")
        // The frames delivered match the time they took at 16 kHz, to within one block over the run (after
        // the first half second, when a server may deliver what it buffered in a burst).
        let count = clock.countCheck(nominalRate: 16_000, after: 0.5)
        print("Pulse 48 → 16 kHz through Decibel: \(samples.count) frames, \(count.summary), \(tone)")
        #expect(count.framesOff < Double(count.block), "\(count.summary)")
        #expect(abs(tone.frequency - 1000) < 0.5)
        #expect(abs(tone.magnitude - 0.5) < 0.005)
        #expect(tone.snr >= 100)
    }
}
