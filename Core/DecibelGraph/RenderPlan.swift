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
        }
        guard let root, !rootWroteOutput else { return }
        let mix = AudioBufferView(channelPointers: root.pointers, channelCount: root.channels, frameCount: frames)
        for channel in 0..<output.channelCount {
            if let source = mix.mappedChannel(channel) { output.samples(channel).update(from: source, count: frames) }
        }
    }

    @inline(__always)
    private func busView(_ bus: Bus, frames: Int) -> AudioBufferView {
        switch bus.sourceCount {
        case 0:
            return AudioBufferView(channelPointers: silence.pointers, channelCount: 1, frameCount: frames)
        case 1:
            let source = sources[bus.sourceStart]
            return AudioBufferView(channelPointers: source.pointers, channelCount: source.channels, frameCount: frames)
        default:
            let sum = AudioBufferView(channelPointers: bus.sum, channelCount: bus.sumChannels, frameCount: frames)
            if bus.sumChannels == 2 {
                // The first source is written, the rest added: no clearing pass, both channels in each pass
                // (a first source's -0.0 stays -0.0, where 0 + -0.0 made it +0.0).
                var written = false
                for index in 0..<bus.sourceCount {
                    let source = sources[bus.sourceStart + index]
                    let view = AudioBufferView(
                        channelPointers: source.pointers, channelCount: source.channels, frameCount: frames)
                    guard let left = view.mappedChannel(0), let right = view.mappedChannel(1) else { continue }
                    StereoKernel.scale(
                        left: left, right: right, outputLeft: sum.samples(0), outputRight: sum.samples(1),
                        gains: (1, 1), frames: frames, accumulate: written)
                    written = true
                }
                if !written { sum.clear() }
                return sum
            }
            sum.clear()
            for index in 0..<bus.sourceCount {
                let source = sources[bus.sourceStart + index]
                let view = AudioBufferView(
                    channelPointers: source.pointers, channelCount: source.channels, frameCount: frames)
                for channel in 0..<bus.sumChannels {
                    guard let input = view.mappedChannel(channel) else { continue }
                    let out = sum.samples(channel)
                    for i in 0..<frames { out[i] += input[i] }
                }
            }
            return sum
        }
    }
}
