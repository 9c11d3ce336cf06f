import DecibelCore

/// The rate and block size a node is prepared for.
public struct NodeFormat: Hashable, Sendable {
    /// Frames per second.
    public var sampleRate: Double
    /// The largest number of frames one `render` call can ask for.
    public var maximumFrameCount: Int
    /// Channels the engine's device input delivers (what an `InputNode` sees).
    public var inputChannelCount: Int

    /// The engine prepares nodes with this; `maximumFrameCount` bounds every render call.
    public init(sampleRate: Double, maximumFrameCount: Int, inputChannelCount: Int = 0) {
        self.sampleRate = sampleRate
        self.maximumFrameCount = maximumFrameCount
        self.inputChannelCount = inputChannelCount
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

    /// Creates a context (the engine does this; tests of single nodes may too).
    public init(
        inputs: UnsafeBufferPointer<AudioBufferView>, output: AudioBufferView, frameCount: Int, sampleTime: Int64,
        deviceInput: AudioBufferView = .empty
    ) {
        self.inputs = inputs
        self.output = output
        self.frameCount = frameCount
        self.sampleTime = sampleTime
        self.deviceInput = deviceInput
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
