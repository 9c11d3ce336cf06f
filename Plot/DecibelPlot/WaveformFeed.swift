import DecibelCore
import Synchronization

/// Carries audio from a render callback (or any tap) to a plot on another thread without ever
/// blocking the render thread: the render side copies into Core's lock-free `FrameRingBuffer`, the
/// window side drains it into a `WaveformPlot` before drawing.
///
/// ```swift
/// let feed = WaveformFeed(channelCount: 2)
/// let input = StreamConfiguration(direction: .input) { context in feed.write(context.input) }  // render thread
/// try window.open(drawing: plot, onFrame: { _ in feed.drain(into: plot) })                    // window thread
/// ```
public final class WaveformFeed: Sendable {
    /// Channels carried (extra input channels are ignored, missing ones are silent).
    public let channelCount: Int
    private let ring: FrameRingBuffer
    private let dropped = Atomic<Int>(0)
    private let scratch: AudioBuffer

    /// Creates a feed holding up to `capacity` frames between drains (rounded up to a power of two).
    /// The default holds about 1.4 s at 48 kHz, far more than one display frame.
    public init(channelCount: Int, capacity: Int = 65_536) {
        self.channelCount = max(1, channelCount)
        ring = FrameRingBuffer(channelCount: self.channelCount, capacity: capacity)
        scratch = AudioBuffer(channelCount: self.channelCount, frameCapacity: 4096)
        // Run the render-side path once here, so any type metadata it needs (unspecialised debug
        // builds instantiate it lazily, under a lock) exists before a render thread calls `write`.
        write(scratch.view(frames: 1))
        dropped.add(0, ordering: .relaxed)
        ring.skip(frames: ring.availableToRead)
    }

    /// Render thread: copies `view`'s frames in. Never allocates, locks or waits; frames that do not
    /// fit (the reader fell behind) are counted in `droppedFrames` and skipped.
    public func write(_ view: AudioBufferView) {
        let written = ring.write(view)
        if written < view.frameCount { dropped.add(view.frameCount - written, ordering: .relaxed) }
    }

    /// Frames dropped because the reader did not keep up.
    public var droppedFrames: Int { dropped.load(ordering: .relaxed) }

    /// Frames waiting to be drained.
    public var availableFrames: Int { ring.availableToRead }

    /// Reader thread (one at a time): moves every waiting frame into `plot` and returns how many.
    @discardableResult
    public func drain(into plot: WaveformPlot) -> Int {
        drain { plot.append($0) }
    }

    /// Reader thread (one at a time): hands every waiting frame to `body` in blocks of up to 4096 frames.
    @discardableResult
    public func drain(_ body: (AudioBufferView) -> Void) -> Int {
        var total = 0
        while true {
            let count = ring.read(into: scratch.view(frames: scratch.frameCapacity))
            guard count > 0 else { return total }
            body(scratch.view(frames: count))
            total += count
        }
    }
}
