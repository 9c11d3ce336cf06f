import DecibelCore
import DecibelGraph
import Synchronization
import Testing

/// What a renderer saw: each call's engine sample time and host time.
private final class Seen: Sendable {
    let calls = Mutex<[(sample: Int64, host: UInt64)]>([])
    func record(_ context: RenderContext) {
        calls.withLock { $0.append((context.timestamp.sampleTime, context.timestamp.hostTime)) }
    }
}

/// Halves what it is given.
private struct Halver: AudioRenderer {
    let seen: Seen
    mutating func render(_ context: RenderContext) {
        for channel in 0..<context.output.channelCount {
            for frame in 0..<context.frameCount {
                context.output[channel][frame] = context.input[channel][frame] * 0.5
            }
        }
        seen.record(context)
    }
}

private struct Listener: AudioRenderer {
    let seen: Seen
    mutating func render(_ context: RenderContext) { seen.record(context) }
}

/// Closure (renderer) filters and sources, and the output time they are given.
@Suite struct BlockFilterTests {
    /// The output host time of every block the engine renders.
    private static func blockOutputTimes(of engine: AudioEngine) throws -> Seen {
        let seen = Seen()
        try engine.addTimingReceiver(
            TimingReceiver(before: { timing in
                seen.calls.withLock { $0.append((timing.sampleTime, timing.outputHostTime)) }
            }))
        return seen
    }

    @Test func aRendererFilterProcessesTheGroupAndSeesWhenItsBlockReachesTheOutput() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let seen = Seen()
        let blocks = try Self.blockOutputTimes(of: engine)
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5, channelCount: 1))
        try engine.mainGroup.setFilters([BlockFilter(channelCount: 1, renderer: Halver(seen: seen))])
        let rendered = Array(try engine.render(frames: 256)[0])
        #expect(abs((rendered.map(abs).max() ?? 0) - 0.25) < 0.01, "the tone at half its level")
        let calls = seen.calls.withLock { $0 }
        #expect(calls.map(\.sample) == [0])
        #expect(
            calls.first?.host == blocks.calls.withLock { $0.first?.host }, "the block's output time, not when it ran")
    }

    @Test func aSliceOfASourceIsTimedFromItsOwnFirstFrame() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 1, maximumFrameCount: 512)
        let seen = Seen()
        let source = BlockSource(channelCount: 1, startsImmediately: false, renderer: Listener(seen: seen))
        try engine.mainGroup.add(source)
        let blocks = try Self.blockOutputTimes(of: engine)
        _ = source.start(at: 100)
        _ = try engine.render(frames: 512)
        let calls = seen.calls.withLock { $0 }
        #expect(calls.map(\.sample) == [100], "the source renders from its start")
        let block = try #require(blocks.calls.withLock { $0.first?.host })
        let offset = Double(try #require(calls.first).host &- block)
        #expect(abs(offset - 100 * 1e9 / 48_000) <= 1, "100 frames after the block's output time, not \(offset) ns")
    }

    @Test func aClosureFilterGetsItsInputAndAZeroedOutput() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let tone = ToneGenerator(shape: .square, frequency: 1000, amplitude: 0.5, channelCount: 1)
        try engine.mainGroup.add(tone)
        let inverted = BlockFilter(channelCount: 1) { input, output, _ in
            for frame in 0..<output.frameCount { output[0][frame] = -input[0][frame] }
        }
        try engine.mainGroup.setFilters([inverted])
        let heard = Array(try engine.render(frames: 256)[0])
        let reference = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try reference.mainGroup.add(ToneGenerator(shape: .square, frequency: 1000, amplitude: 0.5, channelCount: 1))
        let plain = Array(try reference.render(frames: 256)[0])
        #expect(heard == plain.map { -$0 }, "the square wave, inverted")
    }
}
