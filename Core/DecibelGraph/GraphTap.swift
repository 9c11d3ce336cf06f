import DecibelCore
import Synchronization

/// A receiver on a node's or group's output: the render thread copies each block into a ring buffer and a
/// consumer thread hands the user's closure buffers of `bufferSize` frames.
///
/// The render thread never waits: when the ring is full (the closure is too slow) the block is dropped
/// and counted in `droppedFrames`. Install with `AudioEngine.installTap(on:bufferSize:handler:)`; remove
/// with `AudioEngine.removeTap(_:)` (the engine removes the rest when it goes away).
///
/// Each buffer has a timestamp (the `timedHandler` form): the engine sample time of its first frame and
/// the host time when that frame met the world — captured (a tap on the input node: less the input
/// latency) or to be heard (elsewhere: plus the output latency) — with automatic latency management.
/// The render thread anchors each block's times beside the ring, so drops never shift them.
public final class GraphTap: @unchecked Sendable {
    /// Frames per delivered buffer.
    public let bufferSize: Int
    /// Channels per delivered buffer (the tapped node's channel count).
    public let channelCount: Int
    /// The node whose output the tap receives: the source of its buffers (TAAE's receiver `source`).
    public private(set) weak var node: (any AudioNode)?
    let ring: FrameRingBuffer
    private let dropped = Atomic<Int>(0)
    private let deliveredFrames = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private let scratch: AudioBuffer
    private let pollNanoseconds: UInt64
    private let handler: @Sendable (AudioBufferView, AudioTimestamp) -> Void
    /// A render receiver's closure, called on the render thread with each block (no ring, no consumer thread).
    private let renderHandler: (@Sendable (AudioBufferView, AudioTimestamp) -> Void)?
    private var thread: AudioThread?
    /// Whether the tapped node is the device input (timestamps are capture times, not playback times).
    let tapsInput: Bool
    /// Whether the handler wants timestamps; untimed taps skip the anchors on the render thread.
    let isTimed: Bool

    struct Anchor {
        var ringFrame: Int
        var sampleTime: Int64
        var hostTime: UInt64
    }
    private let anchors = SPSCQueue<Anchor>(capacity: 256)
    private let nanosecondsPerFrame: Double
    // Render thread only.
    @exclusivity(unchecked) private var framesIntoRing = 0
    @exclusivity(unchecked) private var needsAnchor = true
    @exclusivity(unchecked) private var nextSampleTime: Int64 = .min
    // Consumer thread only.
    private var framesOutOfRing = 0
    private var anchor = Anchor(ringFrame: 0, sampleTime: 0, hostTime: 0)
    private var nextAnchor: Anchor?

    init(
        node: any AudioNode, bufferSize: Int, ringFrames: Int, sampleRate: Double, tapsInput: Bool = false,
        isTimed: Bool = true, handler: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) {
        self.bufferSize = bufferSize
        channelCount = node.channelCount
        self.handler = handler
        self.tapsInput = tapsInput
        self.isTimed = isTimed
        self.node = node
        renderHandler = nil
        nanosecondsPerFrame = 1e9 / max(1, sampleRate)
        ring = FrameRingBuffer(channelCount: channelCount, capacity: max(ringFrames, bufferSize * 2))
        scratch = AudioBuffer(channelCount: channelCount, frameCapacity: bufferSize)
        let period = Double(bufferSize) / sampleRate / 2 * 1e9
        pollNanoseconds = UInt64(min(max(period, 1_000_000), 10_000_000))
        thread = try AudioThread(name: "decibel-tap") { [self] in consume() }
    }

    /// A render receiver: `handler` gets every block of `node`'s output on the render thread.
    init(
        node: any AudioNode, sampleRate: Double, tapsInput: Bool,
        renderHandler handler: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) {
        bufferSize = 1
        channelCount = node.channelCount
        self.handler = { _, _ in }
        renderHandler = handler
        self.tapsInput = tapsInput
        isTimed = true
        self.node = node
        nanosecondsPerFrame = 1e9 / max(1, sampleRate)
        ring = FrameRingBuffer(channelCount: 1, capacity: 1)
        scratch = AudioBuffer(channelCount: 1, frameCapacity: 1)
        pollNanoseconds = 0
    }

    /// Frames the render thread dropped because the consumer was behind.
    public var droppedFrames: Int { dropped.load(ordering: .relaxed) }

    /// Frames handed to the closure so far.
    public var deliveredFrameCount: Int { deliveredFrames.load(ordering: .relaxed) }

    /// Render thread: copies `block` into the ring, or drops and counts it when the ring is full, and
    /// anchors its times (the block's engine sample time; its host time with the latency applied).
    @inline(__always)
    func write(_ block: AudioBufferView, sampleTime: Int64, clock: BlockClock) {
        if let renderHandler {
            renderHandler(block, AudioTimestamp(sampleTime: sampleTime, hostTime: hostTime(of: sampleTime, clock)))
            deliveredFrames.wrappingAdd(block.frameCount, ordering: .relaxed)
            return
        }
        guard ring.availableToWrite >= block.frameCount else {
            dropped.wrappingAdd(block.frameCount, ordering: .relaxed)
            needsAnchor = true
            return
        }
        guard isTimed else {
            ring.write(block)
            return
        }
        let continuous = !needsAnchor && sampleTime == nextSampleTime
        let hostTime = hostTime(of: sampleTime, clock)
        // Every block is anchored while there is room (host time drifts from the sample clock); a block
        // after a gap must be, or its frames would be stamped as if nothing was missing.
        let anchored = anchors.push(Anchor(ringFrame: framesIntoRing, sampleTime: sampleTime, hostTime: hostTime))
        guard anchored || continuous else {
            dropped.wrappingAdd(block.frameCount, ordering: .relaxed)
            needsAnchor = true
            return
        }
        needsAnchor = false
        ring.write(block)
        framesIntoRing &+= block.frameCount
        nextSampleTime = sampleTime + Int64(block.frameCount)
    }

    /// When `sampleTime` met the world: captured (the input node, less the input latency) or to be heard
    /// (plus the output latency).
    @inline(__always)
    private func hostTime(of sampleTime: Int64, _ clock: BlockClock) -> UInt64 {
        tapsInput
            ? clock.hostTime(ofSample: sampleTime) &- min(clock.inputLatency, clock.hostTime)
            : clock.hostTime(ofSample: sampleTime) &+ clock.outputLatency
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
        let stamp = isTimed ? timestamp(ofRingFrame: framesOutOfRing) : AudioTimestamp(sampleTime: 0, hostTime: 0)
        let count: Int
        if let inPlace = ring.contiguousReadable(frames: frames) {
            // The block where it lies in the ring (the usual case: blocks divide the ring); freed after the handler.
            handler(inPlace, stamp)
            count = ring.skip(frames: frames)
        } else {
            let view = scratch.view(frames: frames)
            count = ring.read(into: view)
            handler(view.prefix(count), stamp)
        }
        framesOutOfRing &+= count
        deliveredFrames.wrappingAdd(count, ordering: .relaxed)
    }

    /// The times of the `frame`th frame through the ring: the latest anchor at or before it, advanced at
    /// the nominal rate. Anchors are written before their frames, so the one a frame needs is there.
    private func timestamp(ofRingFrame frame: Int) -> AudioTimestamp {
        while true {
            if nextAnchor == nil { nextAnchor = anchors.pop() }
            guard let next = nextAnchor, next.ringFrame <= frame else { break }
            anchor = next
            nextAnchor = nil
        }
        let offset = frame - anchor.ringFrame
        return AudioTimestamp(
            sampleTime: anchor.sampleTime + Int64(offset),
            hostTime: anchor.hostTime &+ UInt64(Double(offset) * nanosecondsPerFrame))
    }
}
