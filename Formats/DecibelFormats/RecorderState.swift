import DecibelCore
import Synchronization

/// A recorder's ring, file writer and counters: what the render thread's `append` and the writer thread
/// share. Its own object so the writer thread can keep it alive without keeping the `Recorder` alive.
final class RecorderState: @unchecked Sendable {
    struct Gap {
        /// Frames of real audio (ring timeline) that precede the gap.
        let position: Int
        let length: Int
    }

    let ring: FrameRingBuffer
    let gaps = SPSCQueue<Gap>(capacity: 1024)
    let writer: AudioFileWriter
    let wake = WakeSignal()
    let flushInterval: Double

    // Producer (render thread) state; `pendingGap` and `produced` are atomics because `close()` reads
    // them once the producer has stopped.
    let produced = Atomic<Int>(0)
    let pendingGap = Atomic<Int>(0)
    let droppedTotal = Atomic<Int>(0)
    let dropEvents = Atomic<Int>(0)
    let closing = Atomic<Bool>(false)
    let finished = Atomic<Bool>(false)

    // Writer thread state.
    let observers = EventObservers<Recorder.Event>()
    let written = Atomic<Int>(0)
    let silenceWritten = Atomic<Int>(0)
    let failure = Locked<AudioError?>(nil)

    init(writer: AudioFileWriter, capacity: Int, flushInterval: Double) {
        self.writer = writer
        self.flushInterval = flushInterval
        ring = FrameRingBuffer(channelCount: writer.channelCount, capacity: capacity)
    }

    /// Render thread: see `Recorder.append(_:)`.
    @inline(__always)
    func append(_ block: AudioBufferView) {
        guard block.frameCount > 0, !closing.load(ordering: .relaxed) else { return }
        var gap = pendingGap.load(ordering: .relaxed)
        let position = produced.load(ordering: .relaxed)
        if gap > 0 {
            // Real audio may not follow a gap in the ring until the writer knows where the gap goes.
            guard gaps.push(Gap(position: position, length: gap)) else {
                drop(block.frameCount, into: gap)
                return
            }
            gap = 0
            pendingGap.store(0, ordering: .relaxed)
        }
        let count = ring.write(block)
        produced.store(position + count, ordering: .releasing)
        if count < block.frameCount { drop(block.frameCount - count, into: gap) }
    }

    @inline(__always)
    private func drop(_ frames: Int, into gap: Int) {
        pendingGap.store(gap + frames, ordering: .releasing)
        droppedTotal.add(frames, ordering: .relaxed)
        dropEvents.add(1, ordering: .relaxed)
    }
}
