import DecibelCore
import Synchronization

/// The render-thread side of an `AudioEngine`: the current plan, the one-slot mailbox a control thread
/// publishes new plans into, and the queue that hands replaced plans back for release.
///
/// Publishing is one atomic exchange: if the render thread had not yet taken the previous pending plan,
/// the control thread gets it back from the exchange and releases it itself. The render thread takes a
/// pending plan only when the return queue has room, so it never has to drop (and free) one.
final class EngineRenderPath: @unchecked Sendable {
    private let pending = Atomic<UInt>(0)
    private let retired = SPSCQueue<UnsafeMutableRawPointer>(capacity: 64)
    private let consumer = ControlLock()
    private let publishedSampleTime = Atomic<Int64>(0)
    private let blocks = Atomic<Int>(0)
    private let swaps = Atomic<Int>(0)
    /// Nanoseconds per frame and the stream's latencies in nanoseconds (0 without automatic latency
    /// management), set on a control thread when the engine attaches.
    private let framePeriod = Atomic<UInt64>(UInt64(1e9 / 48_000 * 1024))  // ns per frame, ×1024
    private let inputLatency = Atomic<UInt64>(0)
    private let outputLatency = Atomic<UInt64>(0)
    // Render thread only.
    @exclusivity(unchecked) private var current: Unmanaged<RenderPlan>?
    @exclusivity(unchecked) private var sampleTime: Int64 = 0

    deinit {
        // No render thread can be running: the stream's callback holds this object.
        current?.release()
        if let raw = UnsafeMutableRawPointer(bitPattern: pending.exchange(0, ordering: .acquiringAndReleasing)) {
            Unmanaged<RenderPlan>.fromOpaque(raw).release()
        }
        while let raw = retired.pop() { Unmanaged<RenderPlan>.fromOpaque(raw).release() }
    }

    /// Engine sample time of the next block (frames rendered so far).
    var renderedSampleTime: Int64 { publishedSampleTime.load(ordering: .acquiring) }
    /// Blocks rendered so far.
    var renderedBlocks: Int { blocks.load(ordering: .relaxed) }
    /// Plans the render thread adopted so far.
    var adoptedPlans: Int { swaps.load(ordering: .relaxed) }

    /// Control thread: publishes `plan`; a plan still pending from before is released here.
    func publish(_ plan: RenderPlan) {
        let raw = UInt(bitPattern: Unmanaged.passRetained(plan).toOpaque())
        let previous = pending.exchange(raw, ordering: .acquiringAndReleasing)
        if let old = UnsafeMutableRawPointer(bitPattern: previous) { Unmanaged<RenderPlan>.fromOpaque(old).release() }
        collectRetired()
    }

    /// Control thread: releases plans the render thread handed back.
    func collectRetired() {
        consumer.withLock {
            while let raw = retired.pop() { Unmanaged<RenderPlan>.fromOpaque(raw).release() }
        }
    }

    /// Control thread: the rate and the latencies timestamps are computed with.
    func setTiming(sampleRate: Double, inputLatencyNanoseconds: UInt64, outputLatencyNanoseconds: UInt64) {
        framePeriod.store(UInt64(1e9 / max(1, sampleRate) * 1024), ordering: .relaxed)
        inputLatency.store(inputLatencyNanoseconds, ordering: .relaxed)
        outputLatency.store(outputLatencyNanoseconds, ordering: .relaxed)
    }

    /// Render thread: renders a stream's block. The context is read where it lies: copied out whole into
    /// another call's arguments, its 16-byte loads straddled the 8-byte stores that had just built it, and
    /// each block waited for those stores to retire (an eighth of an empty graph's block in `perf annotate`;
    /// graph-bench's empty graph at 256 frames went from 61 to 56 ns a block, best of six runs).
    @inline(__always)
    func render(_ context: RenderContext) {
        render(
            input: context.input, output: context.output, frames: context.frameCount,
            hostTime: context.timestamp.hostTime)
    }

    /// Render thread: renders `frames` frames of the current plan into `output`, adopting a newly
    /// published plan first. Blocks longer than the plan's maximum are rendered in pieces. `hostTime` is
    /// when the callback began (`CLOCK_MONOTONIC` ns).
    @inline(__always)
    func render(input: AudioBufferView, output: AudioBufferView, frames: Int, hostTime: UInt64) {
        adoptPendingPlan()
        guard let current, current._withUnsafeGuaranteedRef({ $0.maximumFrameCount > 0 }) else {
            sampleTime += Int64(frames)
            publishedSampleTime.store(sampleTime, ordering: .releasing)
            return
        }
        // Borrowed, not retained: the plan stays alive while it is `current`, and a retain and release per
        // block are two atomic read-modify-writes the render thread need not make. Nothing to render (an
        // empty main group at rest): the output arrived zeroed and stays so.
        current._withUnsafeGuaranteedRef {
            if $0.isIdle {
                sampleTime += Int64(frames)
            } else {
                renderBlock(of: $0, input: input, output: output, frames: frames, hostTime: hostTime)
            }
        }
        publishedSampleTime.store(sampleTime, ordering: .releasing)
        // The render thread is the only writer: a load and a store, not a locked read-modify-write.
        blocks.store(blocks.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }

    @inline(__always)
    private func renderBlock(
        of plan: RenderPlan, input: AudioBufferView, output: AudioBufferView, frames: Int, hostTime: UInt64
    ) {
        let clock = BlockClock(
            sampleTime: sampleTime, hostTime: hostTime,
            nanosecondsPerFrame: Double(framePeriod.load(ordering: .relaxed)) / 1024,
            inputLatency: inputLatency.load(ordering: .relaxed), outputLatency: outputLatency.load(ordering: .relaxed))
        var receiver = 0
        while receiver < plan.timingReceivers.count {
            plan.timingReceivers[receiver].before?(clock.timing(frames: frames))
            receiver += 1
        }
        var offset = 0
        while offset < frames {
            let count = min(plan.maximumFrameCount, frames - offset)
            plan.render(
                frames: count, sampleTime: sampleTime, clock: clock,
                deviceInput: piece(of: input, from: offset, count: count),
                output: piece(of: output, from: offset, count: count))
            sampleTime += Int64(count)
            offset += count
        }
        receiver = 0
        while receiver < plan.timingReceivers.count {
            plan.timingReceivers[receiver].after?(clock.timing(frames: frames))
            receiver += 1
        }
    }

    /// `count` frames of `view` from `offset`: the view itself when that is all of it, and an empty view when
    /// it is shorter (a stream without input or output, capture-only or playback-only, may pass one).
    @inline(__always)
    private func piece(of view: AudioBufferView, from offset: Int, count: Int) -> AudioBufferView {
        if offset == 0 && view.frameCount == count { return view }
        return view.frameCount >= offset + count ? view.slice(from: offset, count: count) : .empty
    }

    @inline(__always)
    private func adoptPendingPlan() {
        guard pending.load(ordering: .relaxed) != 0, retired.count < retired.capacity else { return }
        let raw = pending.exchange(0, ordering: .acquiringAndReleasing)
        guard let pointer = UnsafeMutableRawPointer(bitPattern: raw) else { return }
        if let old = current { retired.push(old.toOpaque()) }
        current = Unmanaged<RenderPlan>.fromOpaque(pointer)
        swaps.wrappingAdd(1, ordering: .relaxed)
    }
}
