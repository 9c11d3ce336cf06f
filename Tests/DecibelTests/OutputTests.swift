import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@Suite("Output", .serialized)
struct OutputTests {
    final class Phase: @unchecked Sendable {
        var oscillator = Oscillator(shape: .sine, frequency: 1000, amplitude: 0.5)
    }

    @Test("a data source plays through the graph with volume applied and metered (Null, manual clock)")
    func nullDataSource() throws {
        let phase = Phase()
        let backend = NullBackend(options: .init(clock: .manual))
        let output = try Output(backend: backend, bufferSize: .frames(256)) { buffer, _ in
            phase.oscillator.render(into: buffer.samples(0), count: buffer.frameCount)
            buffer.samples(1).update(from: buffer.samples(0), count: buffer.frameCount)
        }
        output.volume = 0.5
        try output.start()
        let stream = try #require(output.stream as? NullStream)
        var left: [Float] = []
        for _ in 0..<100 { left += try stream.render(frames: 256)[0] }
        let settled = Array(left.suffix(12_800))
        #expect(abs(SignalAnalysis.peak(settled) - 0.25) < 0.002)
        #expect(abs(SignalAnalysis.frequency(settled, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(output.meter.peakDBFS() - 20 * log10(0.25)) < 0.1)
        output.close()
    }

    @Test("a struct renderer the output owns plays through the graph, volume applied (Null, manual clock)")
    func nullStructRenderer() throws {
        let output = try Output(
            backend: NullBackend(options: .init(clock: .manual)), bufferSize: .frames(256),
            renderer: ToneRenderer(frequency: 1000, amplitude: 0.5))
        output.volume = 0.5
        try output.start()
        let stream = try #require(output.stream as? NullStream)
        var left: [Float] = [], right: [Float] = []
        for _ in 0..<100 {
            let block = try stream.render(frames: 256)
            left += block[0]
            right += block[1]
        }
        let settled = Array(left.suffix(12_800))
        #expect(abs(SignalAnalysis.peak(settled) - 0.25) < 0.002)
        #expect(abs(SignalAnalysis.frequency(settled, sampleRate: 48_000) - 1000) < 0.5)
        #expect(left == right)
        output.close()
    }

    @Test("pan moves the signal between channels")
    func pan() throws {
        let output = try Output(backend: NullBackend(options: .init(clock: .manual)), bufferSize: .frames(256)) {
            buffer, _ in
            for channel in 0..<buffer.channelCount {
                buffer.samples(channel).update(repeating: 0.5, count: buffer.frameCount)
            }
        }
        output.pan = -1
        try output.start()
        let stream = try #require(output.stream as? NullStream)
        var block = try stream.render(frames: 256)
        for _ in 0..<10 { block = try stream.render(frames: 256) }
        #expect(block[1].allSatisfy { abs($0) < 1e-6 })
        #expect(block[0].allSatisfy { $0 > 0.4 })
        output.close()
    }

    @Test(
        "on JACK an output's tone reaches another client with its frequency and level",
        .requires(.jack))
    func jack() throws {
        let backend = try #require(runningJACK())
        let tone = ToneGenerator(shape: .sine, frequency: 1000)
        let output = try Output(backend: backend, name: "decibel-output-test")
        tone.amplitude.value = 0.5
        try output.add(tone)
        let jackOutput = try #require(output.stream as? JACKStream)
        let collector = BufferCollector(channels: 1, limit: 48_000)
        var options = JACKStreamOptions(clientName: "decibel-output-listener")
        options.inputConnections = .ports([jackOutput.outputPortNames[0]])
        let listener = try backend.makeJACKStream(
            StreamConfiguration(direction: .input, channelCount: 1) { context in
                collector.append(context.input)  // test-only: a mutex on the render thread is acceptable here
            }, options: options)
        try output.start()
        try listener.start()
        #expect(collector.wait(seconds: 10))
        listener.close()
        output.close()
        // A loaded dummy-driver jackd can drop a period (its own xrun): measure the longest unbroken stretch.
        let captured = Array(collector.channel(0).drop { $0 == 0 })
        let bound = Float(0.5 * 2 * Double.pi * 1000 / 48_000) * 1.05
        let samples = Array(SignalAnalysis.longestContinuousRun(captured, maxStep: bound).prefix(24_000))
        #expect(samples.count >= 9_600, "no stretch of 0.2 s without a dropout in \(captured.count) samples")
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.magnitude(of: 1000, in: samples, sampleRate: 48_000) - 0.5) < 0.01)
    }
}
