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

    /// Render thread: renders `frames` frames of the current plan into `output`, adopting a newly
    /// published plan first. Blocks longer than the plan's maximum are rendered in pieces. `hostTime` is
    /// when the callback began (`CLOCK_MONOTONIC` ns).
    func render(input: AudioBufferView, output: AudioBufferView, frames: Int, hostTime: UInt64) {
        adoptPendingPlan()
        guard let plan = current?.takeUnretainedValue(), plan.maximumFrameCount > 0 else {
            sampleTime += Int64(frames)
            publishedSampleTime.store(sampleTime, ordering: .releasing)
            return
        }
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
            let deviceInput =
                input.frameCount >= offset + count ? input.slice(from: offset, count: count) : AudioBufferView.empty
            // A stream without input or output (capture-only, playback-only) may pass an empty view.
            let deviceOutput =
                output.frameCount >= offset + count ? output.slice(from: offset, count: count) : AudioBufferView.empty
            plan.render(
                frames: count, sampleTime: sampleTime, clock: clock, deviceInput: deviceInput, output: deviceOutput)
            sampleTime += Int64(count)
            offset += count
        }
        receiver = 0
        while receiver < plan.timingReceivers.count {
            plan.timingReceivers[receiver].after?(clock.timing(frames: frames))
            receiver += 1
        }
        publishedSampleTime.store(sampleTime, ordering: .releasing)
        blocks.wrappingAdd(1, ordering: .relaxed)
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
