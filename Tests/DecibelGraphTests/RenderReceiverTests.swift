import DecibelCore
import DecibelGraph
import Synchronization
import Testing

/// Real-time receivers: every block on the render thread, with its timestamp.
@Suite struct RenderReceiverTests {
    /// What a receiver got: each block's first sample, frame count and timestamp.
    final class Received: Sendable {
        let blocks = Mutex<[(first: Float, frames: Int, time: AudioTimestamp)]>([])
        var receiver: @Sendable (AudioBufferView, AudioTimestamp) -> Void {
            { [self] block, time in blocks.withLock { $0.append((block[0][0], block.frameCount, time)) } }
        }
    }

    @Test func aNodeAGroupAndTheInputEachGetEveryBlockWithItsTimes() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256, inputChannelCount: 1)
        let outputTimes = Mutex<[(output: UInt64, input: UInt64)]>([])
        try engine.addTimingReceiver(
            TimingReceiver(before: { timing in
                outputTimes.withLock { $0.append((timing.outputHostTime, timing.inputHostTime)) }
            }))
        let source = BlockSource(channelCount: 1) { view, time in
            for frame in 0..<view.frameCount { view[0][frame] = Float(time + Int64(frame)) / 1_000 }
        }
        try engine.mainGroup.add(source)
        let atNode = Received(), atGroup = Received(), atInput = Received()
        try engine.installRenderReceiver(on: source, receiver: atNode.receiver)
        try engine.installRenderReceiver(on: engine.mainGroup, receiver: atGroup.receiver)
        try engine.installRenderReceiver(on: engine.inputNode, receiver: atInput.receiver)
        for _ in 0..<3 { _ = try engine.render(frames: 256) }

        let times = outputTimes.withLock { $0 }
        for (label, received, isInput) in [
            ("node", atNode, false), ("group", atGroup, false), ("input", atInput, true),
        ] {
            let blocks = received.blocks.withLock { $0 }
            #expect(blocks.map(\.frames) == [256, 256, 256], "\(label)")
            #expect(blocks.map(\.time.sampleTime) == [0, 256, 512], "\(label)")
            #expect(
                blocks.map(\.time.hostTime) == times.map { isInput ? $0.input : $0.output },
                "\(label): captured at / heard at the block's times")
        }
        #expect(atNode.blocks.withLock { $0.map(\.first) } == [0, 0.256, 0.512], "the node's own samples")
    }

    @Test func removingAReceiverStopsIt() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let received = Received()
        let receiver = try engine.installRenderReceiver(on: engine.mainGroup, receiver: received.receiver)
        _ = try engine.render(frames: 256)
        try engine.removeTap(receiver)
        _ = try engine.render(frames: 256)
        #expect(received.blocks.withLock { $0.count } == 1)
        #expect(receiver.deliveredFrameCount == 256)
    }
}
