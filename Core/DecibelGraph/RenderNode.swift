import DecibelCore

/// The base class of Decibel's nodes: parameters with ramps and sample-accurate scheduled events.
///
/// `render` moves events the control thread scheduled into a preallocated, time-ordered list, then calls
/// `process` once per slice of the block between event times, applying each event exactly at its frame
/// (the "event-sliced" render of AUAudioUnit). Subclasses override `allocate(format:)`, `process(_:)`,
/// and optionally `handle(_:)` and `resetState()`.
open class RenderNode: AudioNode, @unchecked Sendable {
    /// Number of input busses.
    public let inputBusCount: Int
    /// Channels of the output bus.
    public let channelCount: Int
    /// The node's parameters, in declaration order.
    public let parameters: [AudioParameter]
    /// The rate the node was prepared for.
    public private(set) var sampleRate: Double = 48_000
    /// The largest block the node was prepared for.
    public private(set) var maximumFrameCount: Int = 0
    /// Render thread: whether the node has been started (sources play only when started).
    @exclusivity(unchecked) public private(set) var isStarted: Bool

    private static let eventCapacity = NodeEventInbox.capacity
    let inbox = NodeEventInbox()
    // Render-thread views of `inbox.queue` and `parameters` that cost no reference counting per block.
    private let incoming: Unmanaged<SPSCQueue<ScheduledEvent>>
    private let renderParameters: UnsafeMutablePointer<Unmanaged<AudioParameter>>
    private let parameterCount: Int
    private let pending: UnsafeMutablePointer<ScheduledEvent>
    @exclusivity(unchecked) private var pendingCount = 0
    /// `NodeEventInbox.changes` when this node last emptied its queue and read its parameters (-1: never).
    @exclusivity(unchecked) private var seenChanges = -1
    private var sliceInputs: UnsafeMutablePointer<AudioBufferView>

    /// Creates a node with `inputBusCount` busses, `channelCount` output channels and `parameters`
    /// (created by the subclass before calling this). Sources pass `startsImmediately: false` when they
    /// should wait for `start()`.
    public init(
        inputBusCount: Int, channelCount: Int, parameters: [AudioParameter] = [], startsImmediately: Bool = true
    ) {
        precondition(inputBusCount >= 0 && channelCount >= 1, "RenderNode: bad bus or channel count")
        self.inputBusCount = inputBusCount
        self.parameters = parameters
        incoming = .passUnretained(inbox.queue)
        parameterCount = parameters.count
        renderParameters = .allocate(capacity: max(1, parameters.count))
        for (index, parameter) in parameters.enumerated() {
            (renderParameters + index).initialize(to: .passUnretained(parameter))
        }
        self.channelCount = channelCount
        self.isStarted = startsImmediately
        pending = .allocate(capacity: Self.eventCapacity)
        sliceInputs = .allocate(capacity: max(1, inputBusCount))
        sliceInputs.initialize(repeating: .empty, count: max(1, inputBusCount))
        for (index, parameter) in parameters.enumerated() {
            parameter.index = index
            parameter.inbox = inbox
        }
    }

    deinit {
        renderParameters.deallocate()
        pending.deallocate()
        sliceInputs.deinitialize(count: max(1, inputBusCount))
        sliceInputs.deallocate()
    }

    /// The parameter with `identifier`, if any.
    public func parameter(_ identifier: String) -> AudioParameter? {
        parameters.first { $0.info.identifier == identifier }
    }

    /// Events that did not fit the node's queue (schedule fewer at once, or closer to their time).
    public var droppedEvents: Int { inbox.droppedCount }

    // MARK: Control thread

    /// Queues `event` for engine sample time `time` (`nil`: the start of the next block). Returns `false`
    /// (and counts a drop) when the queue is full. Safe from any control thread; never from the render one.
    @discardableResult
    public func schedule(_ event: NodeEvent, at time: Int64? = nil) -> Bool {
        inbox.push(ScheduledEvent(time: time ?? .min, event: event))
    }

    /// Delivers `message` to the node's `handle(_:)` exactly before the frame at engine sample time `time`
    /// (or at the next block). Returns `false` when the node's queue is full.
    @discardableResult
    public func send(_ message: MIDIEvent, at time: Int64? = nil) -> Bool { schedule(.midi(message), at: time) }

    /// Render thread, before `render(_:)`: applies `event` at engine sample time `time` in the coming block,
    /// without the control threads' queue (which takes a lock). For code that owns the render thread and
    /// drives `render` itself, such as a plugin binding delivering a block's MIDI at its frames. Returns
    /// `false` (and counts a drop) when the node already holds 256 pending events.
    @discardableResult
    public final func scheduleOnRenderThread(_ event: NodeEvent, at time: Int64) -> Bool {
        guard pendingCount < Self.eventCapacity else {
            inbox.countDrop()
            return false
        }
        insertPending(ScheduledEvent(time: time, event: event))
        return true
    }

    /// Starts the node (a source begins to sound) at `time`, or at the next block.
    @discardableResult
    public func start(at time: Int64? = nil) -> Bool { schedule(.start, at: time) }

    /// Stops the node at `time`, or at the next block.
    @discardableResult
    public func stop(at time: Int64? = nil) -> Bool { schedule(.stop, at: time) }

    /// Sets the rate on every parameter, then calls `allocate(format:)`.
    public final func prepare(format: NodeFormat) {
        sampleRate = format.sampleRate
        maximumFrameCount = format.maximumFrameCount
        for parameter in parameters { parameter.sampleRate = format.sampleRate }
        allocate(format: format)
    }

    /// Drops pending events, snaps parameters to their targets, then calls `resetState()`.
    public final func reset() {
        pendingCount = 0
        while inbox.queue.pop() != nil {}
        for parameter in parameters { parameter.jump(to: parameter.value) }
        resetState()
    }

    // MARK: Subclass hooks

    /// Allocates buffers and state for `format` (control thread). The default does nothing.
    open func allocate(format: NodeFormat) {}

    /// Renders one slice; the context's views cover just that slice. Parameters' `next()` give per-frame
    /// values. Must write every output sample.
    open func process(_ context: NodeRenderContext) {
        context.output.clear()
    }

    /// Applies a start, stop or custom event on the render thread. Call `super` for start and stop.
    open func handle(_ event: NodeEvent) {
        switch event {
        case .start: isStarted = true
        case .stop: isStarted = false
        case .parameter, .custom, .midi: break
        }
    }

    /// Clears DSP state (control thread, not rendering). The default does nothing.
    open func resetState() {}

    /// Frames by which the output lags the input (a look-ahead limiter's, a linear-phase filter's): what a
    /// plugin host compensates for. Read on the render thread, so it must not allocate or lock. Default 0.
    open var latencyFrames: Int { 0 }

    // MARK: Render thread

    /// Applies scheduled events at their exact frames, calling `process(_:)` once per slice between them.
    ///
    /// A block with no event in it and no control-thread change anywhere since this node's last block (one
    /// shared counter says so) goes straight to `process`: the queue and the parameters are not touched.
    public final func render(_ context: NodeRenderContext) {
        let changes = NodeEventInbox.changes.load(ordering: .acquiring)
        let changed = changes != seenChanges
        if changed { takeEvents(changes) }
        if pendingCount == 0 || pending[0].time >= context.sampleTime + Int64(context.frameCount) {
            if changed { beginSlice() }
            process(context)
            return
        }
        // Each slice applies the events due at its start, then picks up parameter writes.
        renderSliced(context)
    }

    /// Render thread: whether the next block would change nothing in the node beyond its output: no event
    /// pending, no control-thread change anywhere since its last block, no parameter ramping.
    @inline(__always)
    final var isQuiet: Bool {
        guard pendingCount == 0, NodeEventInbox.changes.load(ordering: .relaxed) == seenChanges else { return false }
        var index = 0
        while index < parameterCount {
            if renderParameters[index]._withUnsafeGuaranteedRef({ $0.isRamping }) { return false }
            index += 1
        }
        return true
    }

    /// Moves queued events into the pending list. Out of line, so `render`'s common path keeps a small frame.
    @inline(never)
    private func takeEvents(_ changes: Int) {
        seenChanges = changes
        while let event = incoming._withUnsafeGuaranteedRef({ $0.pop() }) { insertPending(event) }
    }

    @inline(never)
    private func renderSliced(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let start = context.sampleTime
        var offset = 0
        while offset < frames {
            while pendingCount > 0 && pending[0].time <= start + Int64(offset) {
                apply(pending[0].event, rampNanoseconds: pending[0].rampNanoseconds)
                removeFirstPending()
            }
            var end = frames
            if pendingCount > 0 { end = min(frames, Int(pending[0].time - start)) }
            beginSlice()
            for bus in 0..<inputBusCount {
                sliceInputs[bus] = context.inputs[bus].slice(from: offset, count: end - offset)
            }
            process(
                NodeRenderContext(
                    inputs: UnsafeBufferPointer(start: sliceInputs, count: inputBusCount),
                    output: context.output.slice(from: offset, count: end - offset),
                    frameCount: end - offset, sampleTime: start + Int64(offset),
                    deviceInput: context.deviceInput.isEmpty
                        ? context.deviceInput : context.deviceInput.slice(from: offset, count: end - offset),
                    timing: context.timing(from: offset, frames: end - offset),
                    nanosecondsPerFrame: context.nanosecondsPerFrame))
            offset = end
        }
    }

    @inline(__always)
    private func beginSlice() {
        for index in 0..<parameterCount { renderParameters[index]._withUnsafeGuaranteedRef { $0.beginSlice() } }
    }

    private func apply(_ event: NodeEvent, rampNanoseconds: Int) {
        if case .parameter(let index, let value) = event, index >= 0, index < parameters.count {
            parameters[index].rampTo(value, nanoseconds: rampNanoseconds)
        }
        handle(event)
    }

    private func insertPending(_ event: ScheduledEvent) {
        guard pendingCount < Self.eventCapacity else {
            inbox.countDrop()
            return
        }
        var index = pendingCount
        while index > 0 && pending[index - 1].time > event.time {
            (pending + index).initialize(to: (pending + index - 1).move())
            index -= 1
        }
        (pending + index).initialize(to: event)
        pendingCount += 1
    }

    private func removeFirstPending() {
        pending.deinitialize(count: 1)
        if pendingCount > 1 { pending.moveInitialize(from: pending + 1, count: pendingCount - 1) }
        pendingCount -= 1
    }
}
