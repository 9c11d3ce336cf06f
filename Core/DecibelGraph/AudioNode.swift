import DecibelCore

/// The rate and block size a node is prepared for.
public struct NodeFormat: Hashable, Sendable {
    /// Frames per second.
    public var sampleRate: Double
    /// The largest number of frames one `render` call can ask for.
    public var maximumFrameCount: Int
    /// Channels the engine's device input delivers (what an `InputNode` sees).
    public var inputChannelCount: Int
    /// The most frames the engine renders back to back for one callback of its stream, in calls of at most
    /// `maximumFrameCount` (a PulseAudio player's second is eleven calls): what a ring that a node fills or
    /// drains on another thread must hold. At least `maximumFrameCount`.
    public var largestCallbackFrameCount: Int

    /// The engine prepares nodes with this; `maximumFrameCount` bounds every render call, and
    /// `largestCallbackFrameCount` (nil: `maximumFrameCount`) what one stream callback asks for in a row.
    public init(
        sampleRate: Double, maximumFrameCount: Int, inputChannelCount: Int = 0, largestCallbackFrameCount: Int? = nil
    ) {
        self.sampleRate = sampleRate
        self.maximumFrameCount = maximumFrameCount
        self.inputChannelCount = inputChannelCount
        self.largestCallbackFrameCount = max(maximumFrameCount, largestCallbackFrameCount ?? maximumFrameCount)
    }
}

/// Everything one node's `render` call receives. Views are valid only during the call.
public struct NodeRenderContext: @unchecked Sendable {
    /// One view per input bus (`inputBusCount` of them); an unconnected bus reads as silence.
    public let inputs: UnsafeBufferPointer<AudioBufferView>
    /// The node's output: `channelCount` channels of `frameCount` frames. The node must write every sample.
    public let output: AudioBufferView
    /// Frames to render.
    public let frameCount: Int
    /// The engine's sample time of the first frame (frames rendered by the engine before it).
    public let sampleTime: Int64
    /// The stream's captured audio for this block (empty for output-only engines and offline rendering).
    public let deviceInput: AudioBufferView
    /// When this slice is rendered and when its first frame reaches the output (`outputHostTime`: the
    /// callback's host time plus the output latency) or left the device's input (`inputHostTime`).
    public let timing: RenderTiming
    /// Nanoseconds per frame at the engine's rate, to carry `timing` into slices.
    let nanosecondsPerFrame: Double

    /// Creates a context (the engine does this; tests of single nodes may too). Without `timing`, every host
    /// time is 0.
    public init(
        inputs: UnsafeBufferPointer<AudioBufferView>, output: AudioBufferView, frameCount: Int, sampleTime: Int64,
        deviceInput: AudioBufferView = .empty, timing: RenderTiming? = nil
    ) {
        self.init(
            inputs: inputs, output: output, frameCount: frameCount, sampleTime: sampleTime, deviceInput: deviceInput,
            timing: timing
                ?? RenderTiming(
                    sampleTime: sampleTime, hostTime: 0, frameCount: frameCount, inputHostTime: 0, outputHostTime: 0),
            nanosecondsPerFrame: 0)
    }

    init(
        inputs: UnsafeBufferPointer<AudioBufferView>, output: AudioBufferView, frameCount: Int, sampleTime: Int64,
        deviceInput: AudioBufferView, timing: RenderTiming, nanosecondsPerFrame: Double
    ) {
        self.inputs = inputs
        self.output = output
        self.frameCount = frameCount
        self.sampleTime = sampleTime
        self.deviceInput = deviceInput
        self.timing = timing
        self.nanosecondsPerFrame = nanosecondsPerFrame
    }

    /// The timing of the `frames` frames from `offset` on (a slice of this context).
    func timing(from offset: Int, frames: Int) -> RenderTiming {
        let delta = UInt64(Double(offset) * nanosecondsPerFrame)
        return RenderTiming(
            sampleTime: timing.sampleTime + Int64(offset), hostTime: timing.hostTime &+ delta, frameCount: frames,
            inputHostTime: timing.inputHostTime &+ delta, outputHostTime: timing.outputHostTime &+ delta)
    }

    /// The view of input bus `bus`.
    @inlinable @inline(__always)
    public func input(_ bus: Int) -> AudioBufferView { inputs[bus] }
}

/// A processing unit of the render graph: fixed input busses, one output bus of `channelCount` channels.
///
/// `prepare` runs on a control thread before the node first renders and is where all memory is allocated;
/// `render` runs on the render thread and must obey the real-time rules (no allocation, locks, waiting,
/// I/O); `reset` clears DSP state (filter memory, delay lines) and is called only while nothing renders.
/// Most nodes subclass `RenderNode`, which adds parameters and sample-accurate scheduled events.
public protocol AudioNode: AnyObject, Sendable {
    /// Number of input busses (0 for sources). Several connections into one bus are summed.
    var inputBusCount: Int { get }
    /// Channels of the output bus.
    var channelCount: Int { get }
    /// Allocates what rendering at `format` needs. Called off the render thread.
    func prepare(format: NodeFormat)
    /// Renders `context.frameCount` frames into `context.output`. Called on the render thread.
    func render(_ context: NodeRenderContext)
    /// Clears DSP state. Called off the render thread while the node does not render.
    func reset()
}

/// A node that produces events on the render thread (end of file, one-shot completion) and hands them to
/// the user on a control thread. The engine calls `deliverEvents()` from its service thread.
public protocol RenderEventSource: AnyObject, Sendable {
    /// Control thread: pops queued render-thread events and calls the user's handlers.
    func deliverEvents()
}
