import DecibelCore
import Synchronization

/// A receiver on a node's or group's output: the render thread copies each block into a ring buffer and a
/// consumer thread hands the user's closure buffers of `bufferSize` frames.
///
/// The render thread never waits: when the ring is full (the closure is too slow) the block is dropped
/// and counted in `droppedFrames`. Install with `AudioEngine.installTap(on:bufferSize:handler:)`; remove
/// with `AudioEngine.removeTap(_:)` (the engine removes the rest when it goes away).
public final class GraphTap: @unchecked Sendable {
    /// Frames per delivered buffer.
    public let bufferSize: Int
    /// Channels per delivered buffer (the tapped node's channel count).
    public let channelCount: Int
    let ring: FrameRingBuffer
    private let dropped = Atomic<Int>(0)
    private let deliveredFrames = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private let scratch: AudioBuffer
    private let pollNanoseconds: UInt64
    private let handler: @Sendable (AudioBufferView) -> Void
    private var thread: AudioThread?

    init(
        channelCount: Int, bufferSize: Int, ringFrames: Int, sampleRate: Double,
        handler: @escaping @Sendable (AudioBufferView) -> Void
    ) throws(AudioError) {
        self.bufferSize = bufferSize
        self.channelCount = channelCount
        self.handler = handler
        ring = FrameRingBuffer(channelCount: channelCount, capacity: max(ringFrames, bufferSize * 2))
        scratch = AudioBuffer(channelCount: channelCount, frameCapacity: bufferSize)
        let period = Double(bufferSize) / sampleRate / 2 * 1e9
        pollNanoseconds = UInt64(min(max(period, 1_000_000), 10_000_000))
        thread = try AudioThread(name: "decibel-tap") { [self] in consume() }
    }

    /// Frames the render thread dropped because the consumer was behind.
    public var droppedFrames: Int { dropped.load(ordering: .relaxed) }

    /// Frames handed to the closure so far.
    public var deliveredFrameCount: Int { deliveredFrames.load(ordering: .relaxed) }

    /// Render thread: copies `block` into the ring, or drops and counts it when the ring is full.
    @inline(__always)
    func write(_ block: AudioBufferView) {
        if ring.availableToWrite < block.frameCount {
            dropped.wrappingAdd(block.frameCount, ordering: .relaxed)
        } else {
            ring.write(block)
        }
    }

    /// Stops the consumer thread after delivering what is buffered. Idempotent.
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        thread?.join()
        thread = nil
    }

    private func consume() {
        while true {
            let finishing = stopping.load(ordering: .acquiring)
            while ring.availableToRead >= bufferSize { deliver(bufferSize) }
            if finishing {
                let rest = ring.availableToRead
                if rest > 0 { deliver(rest) }
                return
            }
            wake.wait(timeoutNanoseconds: pollNanoseconds)
        }
    }

    private func deliver(_ frames: Int) {
        let view = scratch.view(frames: frames)
        let count = ring.read(into: view)
        deliveredFrames.wrappingAdd(count, ordering: .relaxed)
        handler(view.prefix(count))
    }
}
