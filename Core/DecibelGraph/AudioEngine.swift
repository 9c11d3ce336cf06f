import DecibelCore
import Synchronization

/// Renders a graph of `AudioNode`s into any `AudioStream`, or offline into a buffer or file faster than
/// real time.
///
/// ```swift
/// let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
/// let stream = try backend.makeStream(StreamConfiguration(render: engine.renderCallback))
/// try engine.attach(to: stream)                          // prepares every node for the stream's format
/// let tone = ToneGenerator(shape: .sine, frequency: 440)
/// try engine.mainGroup.add(tone)                         // one new render plan, one atomic swap
/// try stream.start()
/// tone.amplitude.value = 0.25                            // ramps over 5 ms on the render thread
/// ```
///
/// Edits (`attach`, `connect`, group membership, filters, taps) run on any control thread, are serialised
/// by a lock the render thread never touches, and each publishes a new immutable render plan. Replaced
/// plans come back from the render thread through a queue and are released on a control thread.
/// Do not call engine methods from inside `edit`'s closure or from the render thread.
public final class AudioEngine: @unchecked Sendable {
    /// The root of the group tree; its output is the engine's output.
    public let mainGroup: ChannelGroup
    /// The device input as a source node (silent when the stream captures nothing).
    public let inputNode: InputNode
    /// Output channels the engine renders.
    public let channelCount: Int
    /// What errors call the engine ("engine 2" unless named), e.g. when a node it holds is added to another.
    public var name: String {
        get { engineName.withLock { $0 } }
        set { engineName.withLock { $0 = newValue } }
    }
    private let engineName = Locked(AudioEngine.nextName())

    let renderer = EngineRenderPath()
    let events = EventHub()
    private struct State {
        var model = GraphModel()
        var format: NodeFormat
        var known: [ObjectIdentifier: WeakEntry] = [:]
        var stream: (any AudioStream)?
        var offlineOutput: AudioBuffer?
        var offlineInput: AudioBuffer?
        var automaticLatency = true
    }
    private struct WeakEntry { weak var entry: NodeEntry? }
    private let state: Locked<State>

    /// Creates an engine rendering `channelCount` channels at `sampleRate` in blocks of at most
    /// `maximumFrameCount` frames (offline; `attach(to:)` adopts a stream's format instead). With
    /// `inputChannels`, `inputNode` delivers only those device channels (0-based, in that order).
    public init(
        sampleRate: Double = 48_000, channelCount: Int = 2, maximumFrameCount: Int = 4096, inputChannelCount: Int = 0,
        inputChannels: [Int]? = nil
    ) {
        self.channelCount = max(1, channelCount)
        let format = NodeFormat(
            sampleRate: sampleRate, maximumFrameCount: max(1, maximumFrameCount), inputChannelCount: inputChannelCount)
        state = Locked(State(format: format))
        mainGroup = ChannelGroup(name: "main", channelCount: self.channelCount)
        inputNode = InputNode(channelCount: max(1, inputChannelCount), channels: inputChannels)
        renderer.setTiming(sampleRate: sampleRate, inputLatencyNanoseconds: 0, outputLatencyNanoseconds: 0)
        try? edit { (editor: inout GraphEditor) throws(AudioError) in
            editor.register(self.mainGroup)
            editor.model.root = ObjectIdentifier(self.mainGroup.fader)
        }
    }

    /// Opens a stream on `backend` with `configuration` (its render callback replaced by the engine's) and
    /// attaches to it. Start it with `stream.start()`.
    ///
    /// `inputChannels` picks device input channels (0-based) on any backend: the stream captures up to
    /// the highest one asked for, and `inputNode` delivers just those — channels 3 and 4 of an 8-channel
    /// interface are `[2, 3]`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `inputChannels` is empty, has a channel outside 0...1023
    ///   or `configuration` captures nothing, or what `backend.makeStream(_:)` throws (`invalidArgument` for an
    ///   out-of-range channel count, rate or buffer size, `deviceNotFound`, `unsupportedConfiguration`,
    ///   `backendUnavailable`, `timedOut`, `backendError`), or `backendError` when the engine's service thread cannot
    ///   be started.
    public convenience init(
        backend: any AudioBackend, configuration: StreamConfiguration, inputChannels: [Int]? = nil
    ) throws(AudioError) {
        try self.init(configuration: configuration, inputChannels: inputChannels) { configuration throws(AudioError) in
            try backend.makeStream(configuration)
        }
    }

    /// Like `init(backend:configuration:inputChannels:)`, with the stream opened by `openStream` (given
    /// the configuration with the engine's render callback), for streams a backend does not open itself,
    /// such as DecibelFormats' `makeAdaptedStream`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `inputChannels` is empty, has a channel outside 0...1023
    ///   or `configuration` captures nothing, whatever `openStream` throws, `invalidState` when the stream it returns
    ///   is already running, or `backendError` when the engine's service thread cannot be started.
    public convenience init(
        configuration: StreamConfiguration, inputChannels: [Int]? = nil,
        openStream: (StreamConfiguration) throws(AudioError) -> any AudioStream
    ) throws(AudioError) {
        var configuration = configuration
        if let inputChannels {
            guard configuration.direction.hasInput, !inputChannels.isEmpty,
                inputChannels.allSatisfy({ (0..<1024).contains($0) })
            else {
                throw AudioError(
                    .invalidArgument,
                    "inputChannels \(inputChannels) needs an input stream and channel numbers from 0 to 1023")
            }
            configuration.inputChannelCount = max(configuration.inputChannelCount, (inputChannels.max() ?? 0) + 1)
        }
        self.init(
            sampleRate: configuration.sampleRate ?? 48_000, channelCount: max(1, configuration.outputChannelCount),
            inputChannelCount: configuration.inputChannelCount, inputChannels: inputChannels)
        configuration.render = renderCallback
        try attach(to: try openStream(configuration))
    }

    deinit {
        events.stopService()
        let (taps, nodes) = state.withLock { ($0.model.taps.values.flatMap { $0 }, Array($0.model.entries.keys)) }
        for tap in taps { tap.stop() }
        NodeOwnership.release(nodes, of: ObjectIdentifier(self))
    }

    private static let engineCount = Locked(0)
    private static func nextName() -> String {
        engineCount.withLock { count in
            count += 1
            return "engine \(count)"
        }
    }

    /// The callback to give a stream's `StreamConfiguration`. It holds the render state, not the engine.
    public var renderCallback: RenderCallback {
        let renderer = self.renderer
        return { context in renderer.render(context) }
    }

    /// The stream the engine is attached to, if any.
    public var stream: (any AudioStream)? { state.withLock { $0.stream } }

    /// The format nodes are prepared for.
    public var format: NodeFormat { state.withLock { $0.format } }

    /// Engine sample time of the next block: schedule events relative to it.
    public var sampleTime: Int64 { renderer.renderedSampleTime }

    /// Blocks rendered so far.
    public var renderedBlockCount: Int { renderer.renderedBlocks }

    /// Render plans the render thread has adopted so far (each edit publishes one; quick edits coalesce).
    public var adoptedPlanCount: Int { renderer.adoptedPlans }

    /// The most frames the nodes render at once on a stream. A callback asking for more (a PulseAudio player's
    /// second-long request) is rendered in pieces of this size, so every node's buffers stay this small
    /// whatever the stream's latency (`decibel play` with a 1 s buffer: 2.2 MB less).
    static let largestAttachedBlock = StreamFormat.largestRenderPiece

    /// Adopts `stream`'s rate and block size (blocks above 4096 frames in pieces), re-preparing every node, and
    /// starts the service thread that delivers node events and releases old plans. The stream must have been
    /// opened with `renderCallback` and must not be running.
    /// - Throws: `AudioError` of kind `invalidState` when `stream` is running, or `backendError` when the engine's
    ///   service thread cannot be started.
    public func attach(to stream: any AudioStream) throws(AudioError) {
        guard stream.state != .running else {
            throw AudioError(.invalidState, "attach the engine before starting the stream; stop it first")
        }
        let callback = max(stream.format.maximumFrameCount, stream.format.bufferSize)
        let format = NodeFormat(
            sampleRate: stream.format.sampleRate, maximumFrameCount: min(callback, Self.largestAttachedBlock),
            inputChannelCount: stream.format.inputChannelCount, largestCallbackFrameCount: callback)
        try state.withLock { (state: inout State) throws(AudioError) in
            state.stream = stream
            if state.format != format {
                state.format = format
                try rebuildLocked(&state)
            }
            updateTimingLocked(state)
        }
        // Servers measure latency once audio flows (PulseAudio's changes as it goes): follow it.
        try events.startService(renderer: renderer, period: ServicePeriod.nanoseconds(for: stream.format)) {
            [weak self] in self?.refreshTiming()
        }
    }

    /// Applies a batch of edits and publishes one new render plan. If `body` throws (or the result would
    /// have a cycle) nothing changes.
    /// - Throws: `AudioError` of kind `invalidArgument` when the edited graph would have a cycle, `invalidState` when
    ///   it adds a node another engine holds (detach it there first; the error names both engines), or whatever
    ///   `body` throws (`GraphEditor`'s methods throw `invalidArgument`).
    public func edit(_ body: (inout GraphEditor) throws(AudioError) -> Void) throws(AudioError) {
        let (sources, groups) = try state.withLock {
            (state: inout State) throws(AudioError) -> ([any RenderEventSource], [ChannelGroup]) in
            var editor = GraphEditor(
                model: state.model, format: state.format, known: { [known = state.known] id in known[id]?.entry })
            try body(&editor)
            let plan = try editor.model.makePlan(maximumFrameCount: state.format.maximumFrameCount)
            let added = editor.model.entries.filter { state.model.entries[$0.key] == nil }.map(\.value.node)
            try NodeOwnership.claim(added, for: ObjectIdentifier(self), named: name)
            NodeOwnership.release(
                state.model.entries.keys.filter { editor.model.entries[$0] == nil }, of: ObjectIdentifier(self))
            state.model = editor.model
            for (id, entry) in editor.model.entries where state.known[id]?.entry !== entry {
                state.known[id] = WeakEntry(entry: entry)
            }
            if state.known.count > 2 * editor.model.entries.count + 64 {
                state.known = state.known.filter { $0.value.entry != nil }
            }
            renderer.publish(plan)
            return (editor.newEventSources, editor.model.groups.values.map(\.group))
        }
        for source in sources { events.register(source) }
        for group in groups where group.engine !== self { group.engine = self }
    }

    /// Re-prepares every node for a new format (nothing may be rendering).
    private func rebuildLocked(_ state: inout State) throws(AudioError) {
        var model = state.model
        for id in model.order {
            guard let old = model.entries[id] else { continue }
            model.entries[id] = NodeEntry(node: old.node, format: state.format)
        }
        state.known = model.entries.mapValues { WeakEntry(entry: $0) }
        state.offlineOutput = nil
        state.offlineInput = nil
        renderer.publish(try model.makePlan(maximumFrameCount: state.format.maximumFrameCount))
        state.model = model
    }

    // MARK: Single edits (each publishes one plan)

    /// Adds `node` to the graph without connecting it (it renders; a tap or meter can consume it).
    /// - Throws: `AudioError` of kind `invalidState` when another engine holds `node` (the message names both;
    ///   detach it there first).
    public func attach(_ node: any AudioNode) throws(AudioError) { try edit { $0.attach(node) } }

    /// Removes `node` with its connections, group membership and taps.
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which removing
    ///   a node cannot make, so in practice it does not throw.
    public func detach(_ node: any AudioNode) throws(AudioError) { try edit { $0.detach(node) } }

    /// Connects `source` to `bus` of `destination`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `destination` has no input bus `bus`, or when the
    ///   connection would make a cycle (a node feeding its own input); `invalidState` when another engine holds
    ///   either node.
    public func connect(_ source: any AudioNode, to destination: any AudioNode, bus: Int = 0) throws(AudioError) {
        try edit { (editor: inout GraphEditor) throws(AudioError) in
            try editor.connect(source, to: destination, bus: bus)
        }
    }

    /// Removes the connection from `source` to `destination` (one bus or all).
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which removing
    ///   a connection cannot make, so in practice it does not throw.
    public func disconnect(_ source: any AudioNode, from destination: any AudioNode, bus: Int? = nil) throws(AudioError)
    {
        try edit { $0.disconnect(source, from: destination, bus: bus) }
    }

    /// Moves `node` into `group` (out of whatever group it was in).
    /// - Throws: `AudioError` of kind `invalidArgument` when `group` is not part of this engine (never added, or
    ///   removed), or when the move would make a cycle (the group's output feeding `node`); `invalidState` when
    ///   another engine holds `node`.
    public func move(_ node: any AudioNode, to group: ChannelGroup) throws(AudioError) {
        try edit { (editor: inout GraphEditor) throws(AudioError) in try editor.add(node, to: group) }
    }

    /// Moves `group` under `parent`.
    /// - Throws: `AudioError` of kind `invalidState` when `parent` is not part of an engine yet, or `invalidArgument`
    ///   when `parent` was removed from its engine or the move would make a cycle (`parent` is `group` itself or one of
    ///   its subgroups).
    public func move(_ group: ChannelGroup, to parent: ChannelGroup) throws(AudioError) {
        try parent.add(group)
    }

    /// Removes `group` (its members stay attached, in no group).
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which removing
    ///   a group cannot make, so in practice it does not throw.
    public func remove(_ group: ChannelGroup) throws(AudioError) { try edit { $0.remove(group) } }

    /// Turns input monitoring on or off: routes `inputNode` into `mainGroup`, or detaches it.
    /// - Throws: `AudioError` of kind `invalidArgument` when turning monitoring on after `mainGroup` was removed with
    ///   `remove(_:)`; otherwise it does not throw.
    public func setPlaythrough(_ enabled: Bool) throws(AudioError) {
        try edit { (editor: inout GraphEditor) throws(AudioError) in
            if enabled {
                try editor.add(self.inputNode, to: self.mainGroup)
            } else {
                editor.removeFromGroup(self.inputNode)
            }
        }
    }

    /// Clears every node's DSP state and pending events (filter memory, delay lines, ramps). Only while
    /// nothing renders: offline, or with the stream stopped.
    /// - Throws: `AudioError` of kind `invalidState` while the engine is attached to a running stream; nothing is reset
    ///   then.
    public func reset() throws(AudioError) {
        let nodes = try state.withLock { (state: inout State) throws(AudioError) -> [any AudioNode] in
            if let stream = state.stream, stream.state == .running {
                throw AudioError(.invalidState, "reset() needs a stopped stream; call stream.stop() first")
            }
            return state.model.order.compactMap { state.model.entries[$0]?.node }
        }
        for node in nodes { node.reset() }
    }

    // MARK: Taps and events

    /// Installs a receiver on `node`'s output: `handler` gets buffers of `bufferSize` frames on a consumer
    /// thread; when it falls more than `ringFrames` behind, blocks are dropped and counted, never waited for.
    /// A buffer is valid only during the call (it usually lies in the tap's ring): copy what you keep.
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    @discardableResult
    public func installTap(
        on node: any AudioNode, bufferSize: Int = 1024, ringFrames: Int? = nil,
        handler: @escaping @Sendable (AudioBufferView) -> Void
    ) throws(AudioError) -> GraphTap {
        try makeTap(on: node, bufferSize: bufferSize, ringFrames: ringFrames, timed: false) { buffer, _ in
            handler(buffer)
        }
    }

    /// Installs a receiver that also gets each buffer's timestamp: the engine sample time of its first
    /// frame and the host time (`CLOCK_MONOTONIC` ns) when that frame was captured (a tap on `inputNode`)
    /// or will be heard (any other node), the stream's latency applied while `automaticLatencyManagement`
    /// is on.
    ///
    /// ```swift
    /// try engine.installTap(on: engine.inputNode) { buffer, time in
    ///     print("captured at", time.hostTime, "ns, sample", time.sampleTime)
    /// }
    /// ```
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    @discardableResult
    public func installTap(
        on node: any AudioNode, bufferSize: Int = 1024, ringFrames: Int? = nil,
        timedHandler handler: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) -> GraphTap {
        try makeTap(on: node, bufferSize: bufferSize, ringFrames: ringFrames, timed: true, handler: handler)
    }

    /// Installs a real-time receiver on `node`'s output (`inputNode` for the device input): `receiver` gets
    /// every block on the render thread as it is rendered, with its timestamp (when it was captured, for
    /// `inputNode`; when it will be heard, elsewhere). TAAE's audio receivers and EZMicrophone's `hasBufferList`: for meters, detectors and
    /// recorders that keep up with the stream themselves. It runs under the real-time rules (no allocation,
    /// locks, waiting or I/O); use `installTap` for work that may block. Remove it with `removeTap(_:)`.
    /// - Throws: `AudioError` of kind `invalidState` when another engine holds `node`.
    @discardableResult
    public func installRenderReceiver(
        on node: any AudioNode, receiver: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) -> GraphTap {
        let tap = GraphTap(
            node: node, sampleRate: format.sampleRate, tapsInput: node === inputNode, renderHandler: receiver)
        try edit { $0.addTap(tap, on: node) }
        return tap
    }

    /// Installs a real-time receiver on `group`'s output (`mainGroup` for the engine output); see
    /// `installRenderReceiver(on:receiver:)` for nodes.
    /// - Throws: `AudioError` of kind `invalidState` when another engine holds `group`.
    @discardableResult
    public func installRenderReceiver(
        on group: ChannelGroup, receiver: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) -> GraphTap {
        try installRenderReceiver(on: group.fader, receiver: receiver)
    }

    private func makeTap(
        on node: any AudioNode, bufferSize: Int, ringFrames: Int?, timed: Bool,
        handler: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) -> GraphTap {
        guard bufferSize >= 1 else { throw AudioError(.invalidArgument, "a tap's bufferSize must be at least 1 frame") }
        let tap = try GraphTap(
            node: node, bufferSize: bufferSize,
            ringFrames: ringFrames ?? max(bufferSize * 8, format.largestCallbackFrameCount * 4),
            sampleRate: format.sampleRate, tapsInput: node === inputNode, isTimed: timed, handler: handler)
        do {
            try edit { $0.addTap(tap, on: node) }
        } catch {
            tap.stop()
            throw error
        }
        return tap
    }

    /// Installs a receiver on `group`'s output (`mainGroup` for the engine output).
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    @discardableResult
    public func installTap(
        on group: ChannelGroup, bufferSize: Int = 1024, ringFrames: Int? = nil,
        handler: @escaping @Sendable (AudioBufferView) -> Void
    ) throws(AudioError) -> GraphTap {
        try installTap(on: group.fader, bufferSize: bufferSize, ringFrames: ringFrames, handler: handler)
    }

    /// Installs a timestamped receiver on `group`'s output (see `installTap(on:bufferSize:ringFrames:timedHandler:)`).
    /// - Throws: `AudioError` of kind `invalidArgument` when `bufferSize` is less than 1, or `backendError` when the
    ///   tap's consumer thread cannot be started.
    @discardableResult
    public func installTap(
        on group: ChannelGroup, bufferSize: Int = 1024, ringFrames: Int? = nil,
        timedHandler handler: @escaping @Sendable (AudioBufferView, AudioTimestamp) -> Void
    ) throws(AudioError) -> GraphTap {
        try installTap(on: group.fader, bufferSize: bufferSize, ringFrames: ringFrames, timedHandler: handler)
    }

    /// Adds `receiver`, whose closures run on the render thread before and after every block.
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which adding a
    ///   timing receiver cannot make, so in practice it does not throw.
    public func addTimingReceiver(_ receiver: TimingReceiver) throws(AudioError) {
        try edit { $0.model.timingReceivers.append(receiver) }
    }

    /// Removes a timing receiver; it is not called after the next block.
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which removing
    ///   a timing receiver cannot make, so in practice it does not throw.
    public func removeTimingReceiver(_ receiver: TimingReceiver) throws(AudioError) {
        try edit { $0.model.timingReceivers.removeAll { $0 === receiver } }
    }

    /// Whether timestamps carry the stream's latency (on by default, as TAAE's
    /// `automaticLatencyManagement`): tap and `RenderTiming` host times are then when audio was captured
    /// or will be heard, not when the callback ran. The stream's latency is followed every 100 ms (every
    /// `ServicePeriod`, up to 500 ms, behind blocks longer than 200 ms).
    public var automaticLatencyManagement: Bool {
        get { state.withLock { $0.automaticLatency } }
        set {
            state.withLock { state in
                state.automaticLatency = newValue
                updateTimingLocked(state)
            }
        }
    }

    /// Re-reads the stream's latency for timestamps (the service thread calls this every 100 ms, or every
    /// wake when its period is longer).
    func refreshTiming() { state.withLock { updateTimingLocked($0) } }

    private func updateTimingLocked(_ state: State) {
        let rate = state.format.sampleRate
        let latency = state.automaticLatency ? (state.stream?.latency ?? StreamLatency()) : StreamLatency()
        renderer.setTiming(
            sampleRate: rate, inputLatencyNanoseconds: UInt64(Double(max(0, latency.inputFrames)) / rate * 1e9),
            outputLatencyNanoseconds: UInt64(Double(max(0, latency.outputFrames)) / rate * 1e9))
    }

    /// Removes `tap`; its consumer delivers what is buffered and stops.
    /// - Throws: `AudioError` of kind `invalidArgument` only for a cycle in the graph (see `edit(_:)`), which removing
    ///   a tap cannot make, so in practice it does not throw.
    public func removeTap(_ tap: GraphTap) throws(AudioError) {
        try edit { $0.removeTap(tap) }
        tap.stop()
    }

    /// Delivers queued node events (end of file, one-shot completion) on this thread and releases retired
    /// plans. The service thread does this every `ServicePeriod` (20 to 500 ms, half the stream's block) for
    /// engines attached to a stream.
    public func deliverEvents() {
        renderer.collectRetired()
        events.deliver()
    }

    // MARK: Offline rendering

    /// Offline: renders one block of `frames` frames on this thread and returns the output, valid until the
    /// next call.
    /// - Throws: `AudioError` of kind `invalidState` while the engine is attached to a running stream, or
    ///   `invalidArgument` when `frames` is less than 1.
    public func render(frames: Int) throws(AudioError) -> AudioBufferView {
        let (output, input) = try state.withLock {
            (state: inout State) throws(AudioError) -> (AudioBuffer, AudioBuffer) in
            if let stream = state.stream, stream.state == .running {
                throw AudioError(
                    .invalidState, "the engine renders into a running stream; stop it before rendering offline")
            }
            guard frames >= 1 else { throw AudioError(.invalidArgument, "render(frames:) needs at least one frame") }
            if state.offlineOutput == nil || state.offlineOutput?.frameCapacity ?? 0 < frames {
                state.offlineOutput = AudioBuffer(
                    channelCount: channelCount, frameCapacity: max(frames, state.format.maximumFrameCount))
                state.offlineInput = AudioBuffer(
                    channelCount: max(1, state.format.inputChannelCount),
                    frameCapacity: max(frames, state.format.maximumFrameCount))
            }
            return (
                state.offlineOutput ?? AudioBuffer(channelCount: 0, frameCapacity: 0),
                state.offlineInput ?? AudioBuffer(channelCount: 0, frameCapacity: 0)
            )
        }
        let view = output.view(frames: frames)
        view.clear()
        renderer.render(input: input.view(frames: frames), output: view, frames: frames, hostTime: MonotonicClock.now())
        renderer.collectRetired()
        return view
    }
}
