/// When a render callback's first frame is heard or was captured.
public struct AudioTimestamp: Hashable, Sendable {
    /// Frames rendered by this stream before this callback (its own running sample clock).
    public var sampleTime: Int64
    /// `CLOCK_MONOTONIC` in nanoseconds when the callback started.
    public var hostTime: UInt64

    /// `sampleTime` in frames of the stream's clock, `hostTime` in nanoseconds of `CLOCK_MONOTONIC`.
    public init(sampleTime: Int64, hostTime: UInt64) {
        self.sampleTime = sampleTime
        self.hostTime = hostTime
    }
}

/// Everything one render callback receives.
///
/// The buffers are views into memory the backend owns for the duration of the call: read `input`, fill
/// `output` (it arrives zeroed, so writing nothing plays silence). A direction the stream does not have
/// is a view with no channels, whose `frameCount` may be 0: use `frameCount` here, not the views'.
public struct RenderContext: @unchecked Sendable {
    /// Captured audio; empty for an output-only stream.
    public let input: AudioBufferView
    /// Audio to play; empty for an input-only stream. Zeroed before the call.
    public let output: AudioBufferView
    /// Frames in this callback (at most the stream's `format.maximumFrameCount`).
    public let frameCount: Int
    /// When this block plays or was captured.
    public let timestamp: AudioTimestamp
    /// The stream's sample rate.
    public let sampleRate: Double

    /// Creates a context (backends and tests do this).
    public init(
        input: AudioBufferView, output: AudioBufferView, frameCount: Int, timestamp: AudioTimestamp, sampleRate: Double
    ) {
        self.input = input
        self.output = output
        self.frameCount = frameCount
        self.timestamp = timestamp
        self.sampleRate = sampleRate
    }
}

/// The function a stream calls on its real-time thread for every block.
///
/// It must not allocate, lock, wait, log or do I/O: see the DecibelCore article "The real-time rules". Allocate what
/// it needs before the stream starts and talk to it through atomics and `SPSCQueue`s.
public typealias RenderCallback = @Sendable (RenderContext) -> Void
