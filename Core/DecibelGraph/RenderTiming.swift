import DecibelCore

/// When a block is rendered and when its audio meets the world: what timing receivers get.
public struct RenderTiming: Hashable, Sendable {
    /// Engine sample time of the block's first frame.
    public var sampleTime: Int64
    /// `CLOCK_MONOTONIC` nanoseconds when the render callback began.
    public var hostTime: UInt64
    /// Frames in the block.
    public var frameCount: Int
    /// When the block's first input frame reached the device: `hostTime` less the stream's input latency
    /// (with automatic latency management; else `hostTime`).
    public var inputHostTime: UInt64
    /// When the block's first output frame will reach the device: `hostTime` plus the output latency
    /// (with automatic latency management; else `hostTime`).
    public var outputHostTime: UInt64

    /// A timing; the latencies are what the host times differ by.
    public init(sampleTime: Int64, hostTime: UInt64, frameCount: Int, inputHostTime: UInt64, outputHostTime: UInt64) {
        self.sampleTime = sampleTime
        self.hostTime = hostTime
        self.frameCount = frameCount
        self.inputHostTime = inputHostTime
        self.outputHostTime = outputHostTime
    }
}

/// Closures the engine calls on the render thread before and after every block it renders, for
/// sample-accurate sync (TAAE's timing receivers): a sequencer schedules the next block's events in
/// `before`, a clock follows `outputHostTime`. They run under the real-time rules: no allocation, locks,
/// waiting or I/O. Add with `AudioEngine.addTimingReceiver(_:)`.
public final class TimingReceiver: Sendable {
    let before: (@Sendable (RenderTiming) -> Void)?
    let after: (@Sendable (RenderTiming) -> Void)?

    /// A receiver called `before` and/or `after` each block.
    public init(
        before: (@Sendable (RenderTiming) -> Void)? = nil, after: (@Sendable (RenderTiming) -> Void)? = nil
    ) {
        self.before = before
        self.after = after
    }
}

/// The render thread's clock for one callback: where the block began in samples and host time, and
/// the latencies that turn it into capture and playback times.
struct BlockClock {
    let sampleTime: Int64
    let hostTime: UInt64
    let nanosecondsPerFrame: Double
    let inputLatency: UInt64
    let outputLatency: UInt64

    /// Host time of engine sample `time`, at the nominal rate from the block's start.
    @inline(__always)
    func hostTime(ofSample time: Int64) -> UInt64 {
        let delta = Double(time - sampleTime) * nanosecondsPerFrame
        return delta >= 0 ? hostTime &+ UInt64(delta) : hostTime &- UInt64(-delta)
    }

    func timing(frames: Int) -> RenderTiming { timing(ofSample: sampleTime, frames: frames) }

    /// The timing of `frames` frames from engine sample `time` (a piece of a block longer than the plan's).
    @inline(__always)
    func timing(ofSample time: Int64, frames: Int) -> RenderTiming {
        let host = hostTime(ofSample: time)
        return RenderTiming(
            sampleTime: time, hostTime: host, frameCount: frames,
            inputHostTime: host &- min(host, inputLatency), outputHostTime: host &+ outputLatency)
    }
}
