import DecibelCore

/// An immutable snapshot of the graph for the render thread: nodes in dependency order with their input
/// busses resolved to buffer pointers, summing buffers, and taps. Built on a control thread, published with
/// one atomic swap, and released on a control thread after the render thread hands it back.
final class RenderPlan: @unchecked Sendable {
    struct Source {
        let pointers: UnsafePointer<UnsafeMutablePointer<Float>>
        let channels: Int
    }

    struct Bus {
        let sourceStart: Int
        let sourceCount: Int
        /// Summing buffer when more than one source feeds the bus.
        let sum: UnsafePointer<UnsafeMutablePointer<Float>>?
        let sumChannels: Int
        /// Whether sources' steps already summed into `sum` (see `Step.sum`); the bus's own `sourceCount`
        /// sources are added to it.
        let presummed: Bool
    }

    struct Step {
        /// Unmanaged: the plan's `retained` entries keep the node alive, and the render loop then costs no
        /// reference counting per node (a strong or `unowned(unsafe)` existential is retained per call).
        let entry: Unmanaged<NodeEntry>
        /// The node when it is a `RenderNode`, called directly rather than through the protocol.
        let renderNode: Unmanaged<RenderNode>?
        let output: UnsafePointer<UnsafeMutablePointer<Float>>
        let channels: Int
        let busStart: Int
        let busCount: Int
        let tapStart: Int
        let tapCount: Int
        /// The root when nothing feeds it and it is `SilenceKeeping`, with no tap: it runs without channels
        /// and the device's output, which arrives zeroed, is left as it is.
        let rendersSilence: Bool
        /// The summing buffer of the one bus this step's output feeds, when it is added there as soon as the
        /// step has run (its output buffer is then free for the next step); `nil` when the bus reads it.
        let sum: UnsafePointer<UnsafeMutablePointer<Float>>?
        let sumChannels: Int
        /// Whether this step is the first to reach `sum` in a block, so writes it rather than adds to it.
        let startsSum: Bool
    }

    private let steps: RenderArray<Step>
    private let buses: RenderArray<Bus>
    private let sources: RenderArray<Source>
    private let taps: RenderArray<Unmanaged<GraphTap>>
    let timingReceivers: [TimingReceiver]
    let root: Source?
    /// The root's step, which writes into the device's output directly when the channels match (saving
    /// the copy out of its own buffer); `-1` when the root must keep its buffer (a node reads it).
    private let rootStep: Int
    let maximumFrameCount: Int
    /// The root when it is the plan's only step, renders silence (an engine whose main group is empty) and no
    /// timing receiver waits for blocks: a block in which it is quiet is no work (`SilenceKeeping`'s contract).
    private let silentRoot: Unmanaged<RenderNode>?
    private let inputViews: UnsafeMutablePointer<AudioBufferView>
    private let inputViewCapacity: Int
    private let silence: Source
    // Kept alive for as long as the render thread may use the pointers above.
    private let retained: [AnyObject]

    init(
        steps: [Step], buses: [Bus], sources: [Source], taps: [GraphTap], timingReceivers: [TimingReceiver],
        root: Source?, rootStep: Int?, maximumFrameCount: Int, silence: AudioBuffer, retained: [AnyObject]
    ) {
        self.timingReceivers = timingReceivers
        self.steps = RenderArray(steps)
        self.buses = RenderArray(buses)
        self.sources = RenderArray(sources)
        self.taps = RenderArray(taps.map { .passUnretained($0) })
        self.root = root
        self.rootStep = rootStep ?? -1
        self.maximumFrameCount = maximumFrameCount
        silentRoot = steps.count == 1 && steps[0].rendersSilence && timingReceivers.isEmpty ? steps[0].renderNode : nil
        self.retained = retained + taps + [silence]
        self.silence = Source(pointers: silence.channelPointers, channels: 1)
        inputViewCapacity = max(1, steps.map(\.busCount).max() ?? 0)
        inputViews = .allocate(capacity: inputViewCapacity)
        inputViews.initialize(repeating: .empty, count: inputViewCapacity)
    }

    deinit {
        steps.deallocate()
        buses.deallocate()
        sources.deallocate()
        taps.deallocate()
        inputViews.deinitialize(count: inputViewCapacity)
        inputViews.deallocate()
    }

    /// Render thread: whether a block of this plan is no work at all: see `silentRoot`.
    @inline(__always)
    var isIdle: Bool {
        guard let silentRoot else { return false }
        return silentRoot._withUnsafeGuaranteedRef { $0.isQuiet }
    }

    /// Render thread: runs every step for `frames` (≤ `maximumFrameCount`) frames and copies the root
    /// node's output into `output` (which arrives zeroed).
    func render(
        frames: Int, sampleTime: Int64, clock: BlockClock, deviceInput: AudioBufferView, output: AudioBufferView
    ) {
        // Index loops, not `for in`: unspecialised (debug) code would instantiate iterator conformances,
        // which allocates, on first use on the render thread.
        var stepIndex = 0
        var rootWroteOutput = false
        let timing = clock.timing(ofSample: sampleTime, frames: frames)
        while stepIndex < steps.count {
            let step = steps[stepIndex]
            var outputView = AudioBufferView(
                channelPointers: step.output, channelCount: step.channels, frameCount: frames)
            if step.rendersSilence {
                let none = AudioBufferView(channelPointers: nil, channelCount: 0, frameCount: frames)
                for index in 0..<step.busCount { inputViews[index] = none }
                outputView = none
                rootWroteOutput = true
            } else {
                for index in 0..<step.busCount {
                    inputViews[index] = busView(buses[step.busStart + index], frames: frames)
                }
                if stepIndex == rootStep && output.channelCount == step.channels && output.frameCount == frames {
                    outputView = output
                    rootWroteOutput = true
                }
            }
            stepIndex += 1
            let context = NodeRenderContext(
                inputs: UnsafeBufferPointer(start: inputViews, count: step.busCount),
                output: outputView, frameCount: frames, sampleTime: sampleTime, deviceInput: deviceInput,
                timing: timing, nanosecondsPerFrame: clock.nanosecondsPerFrame)
            if let node = step.renderNode {
                node._withUnsafeGuaranteedRef { $0.render(context) }
            } else {
                step.entry._withUnsafeGuaranteedRef { $0.node.render(context) }
            }
            for index in 0..<step.tapCount {
                taps[step.tapStart + index]._withUnsafeGuaranteedRef {
                    $0.write(outputView, sampleTime: sampleTime, clock: clock)
                }
            }
            if let sum = step.sum {
                Self.mix(
                    outputView,
                    into: AudioBufferView(channelPointers: sum, channelCount: step.sumChannels, frameCount: frames),
                    accumulate: !step.startsSum)
            }
        }
        guard let root, !rootWroteOutput else { return }
        let mix = AudioBufferView(channelPointers: root.pointers, channelCount: root.channels, frameCount: frames)
        for channel in 0..<output.channelCount {
            if let source = mix.mappedChannel(channel) { output.samples(channel).update(from: source, count: frames) }
        }
    }

    @inline(__always)
    private func busView(_ bus: Bus, frames: Int) -> AudioBufferView {
        if !bus.presummed && bus.sourceCount <= 1 {
            guard bus.sourceCount == 1 else {
                return AudioBufferView(channelPointers: silence.pointers, channelCount: 1, frameCount: frames)
            }
            let source = sources[bus.sourceStart]
            return AudioBufferView(channelPointers: source.pointers, channelCount: source.channels, frameCount: frames)
        }
        let sum = AudioBufferView(channelPointers: bus.sum, channelCount: bus.sumChannels, frameCount: frames)
        for index in 0..<bus.sourceCount {
            let source = sources[bus.sourceStart + index]
            Self.mix(
                AudioBufferView(channelPointers: source.pointers, channelCount: source.channels, frameCount: frames),
                into: sum, accumulate: bus.presummed || index > 0)
        }
        return sum
    }

    /// Writes (or, with `accumulate`, adds) `source` into `sum`, each of `sum`'s channels from
    /// `source.mappedChannel` (a mono source on every channel); a channel with nothing mapped is silent.
    /// Writing the first source rather than clearing and adding keeps its -0.0 samples as they are.
    @inline(__always)
    private static func mix(_ source: AudioBufferView, into sum: AudioBufferView, accumulate: Bool) {
        let frames = sum.frameCount
        if sum.channelCount == 2, let left = source.mappedChannel(0), let right = source.mappedChannel(1) {
            // Both channels in one pass.
            StereoKernel.scale(
                left: left, right: right, outputLeft: sum.samples(0), outputRight: sum.samples(1), gains: (1, 1),
                frames: frames, accumulate: accumulate)
            return
        }
        for channel in 0..<sum.channelCount {
            let out = sum.samples(channel)
            if let input = source.mappedChannel(channel) {
                if accumulate {
                    for i in 0..<frames { out[i] += input[i] }
                } else {
                    out.update(from: input, count: frames)
                }
            } else if !accumulate {
                out.update(repeating: 0, count: frames)
            }
        }
    }
}
