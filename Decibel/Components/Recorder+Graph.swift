import DecibelCore
import DecibelFormats
import DecibelGraph

extension Recorder {
    /// Records what `node` renders in `engine` (a device input, a player, a mix) until `close()`: a graph
    /// tap copies each block out of the render thread and its consumer thread appends it here.
    ///
    /// ```swift
    /// let recorder = try Recorder(path: "take.wav", format: .wav(bits: 24), sampleRate: 48_000, channelCount: 2)
    /// let tap = try recorder.record(engine.inputNode, in: engine)
    /// // … later
    /// try engine.removeTap(tap)
    /// let summary = try recorder.close()
    /// ```
    /// With `frameLimit`, exactly that many frames are recorded and the rest is ignored. An engine running
    /// at another rate than the recorder's is refused: the file would play at the wrong speed.
    /// - Throws: `AudioError` of kind `invalidArgument` when the engine's rate is not the recorder's `sampleRate`
    ///   or `bufferSize` is below 1, or `backendError` when the tap's consumer thread cannot start.
    @discardableResult
    public func record(
        _ node: any AudioNode, in engine: AudioEngine, bufferSize: Int = 1024, frameLimit: Int? = nil
    ) throws(AudioError) -> GraphTap {
        try checkRate(of: engine)
        let remaining = FrameBudget(frameLimit)
        return try engine.installTap(
            on: node, bufferSize: bufferSize, ringFrames: max(1 << 16, Int(engine.format.sampleRate) * 2)
        ) { [self] block in
            let frames = remaining.take(block.frameCount)
            if frames > 0 { append(block.prefix(frames)) }
        }
    }

    /// Records what `group` renders (after its volume, pan and filters).
    /// - Throws: `AudioError` of kind `invalidArgument` when the engine's rate is not the recorder's `sampleRate`
    ///   or `bufferSize` is below 1, or `backendError` when the tap's consumer thread cannot start.
    @discardableResult
    public func record(
        _ group: ChannelGroup, in engine: AudioEngine, bufferSize: Int = 1024, frameLimit: Int? = nil
    ) throws(AudioError) -> GraphTap {
        try checkRate(of: engine)
        let remaining = FrameBudget(frameLimit)
        return try engine.installTap(
            on: group, bufferSize: bufferSize, ringFrames: max(1 << 16, Int(engine.format.sampleRate) * 2)
        ) { [self] block in
            let frames = remaining.take(block.frameCount)
            if frames > 0 { append(block.prefix(frames)) }
        }
    }

    /// Records the sum of several nodes, sample-aligned — the karaoke pattern, `engine.inputNode` with a
    /// player or group. The graph adds them in one node on the render thread and that node's tap is the
    /// recorder's single producer, so sources never race for its ring. Stop with ``RecordingMix/stop(in:)``.
    ///
    /// ```swift
    /// let backing = FilePlayer(source: try AudioFileSource(path: "backing.flac"))
    /// try engine.mainGroup.add(backing)
    /// let mix = try recorder.record(mixing: [engine.inputNode, backing], in: engine)
    /// // … later
    /// try mix.stop(in: engine)
    /// let summary = try recorder.close()
    /// ```
    /// - Throws: `AudioError` of kind `invalidArgument` when `nodes` is empty, the engine's rate is not the
    ///   recorder's `sampleRate` or `bufferSize` is below 1, or `backendError` when the tap's consumer thread
    ///   cannot start.
    public func record(
        mixing nodes: [any AudioNode], in engine: AudioEngine, bufferSize: Int = 1024, frameLimit: Int? = nil
    ) throws(AudioError) -> RecordingMix {
        guard !nodes.isEmpty else { throw AudioError(.invalidArgument, "record(mixing:) needs at least one node") }
        try checkRate(of: engine)
        let sum = GainNode(channelCount: channelCount)
        try engine.edit { (editor: inout GraphEditor) throws(AudioError) in
            for node in nodes { try editor.connect(node, to: sum) }
        }
        do {
            return RecordingMix(
                node: sum, tap: try record(sum, in: engine, bufferSize: bufferSize, frameLimit: frameLimit))
        } catch {
            try? engine.detach(sum)
            throw error
        }
    }

    /// Seconds this recorder has written so far (audio and inserted silence).
    public var currentTime: Double { Double(framesWritten) / Double(sampleRate) }

    /// Seconds the file holds so far, frames from before an append included.
    public var fileTime: Double { Double(initialFrames + framesWritten) / Double(sampleRate) }

    private func checkRate(of engine: AudioEngine) throws(AudioError) {
        let rate = engine.format.sampleRate
        guard rate == sampleRate else {
            throw AudioError(
                .invalidArgument,
                "the engine runs at \(Int(rate)) Hz and \(path) records at \(Int(sampleRate)) Hz; create the Recorder with engine.format.sampleRate, or the file would play at the wrong speed"
            )
        }
    }
}

/// A recording of several nodes' sum: the summing node and its tap.
public struct RecordingMix: Sendable {
    /// The node that adds the sources (attached to the engine, not heard).
    public let node: GainNode
    /// The tap that hands the sum to the recorder.
    public let tap: GraphTap

    /// Stops recording the mix: removes the tap (what it holds is still written) and the summing node.
    /// - Throws: `AudioError` of kind `invalidArgument` only if the engine's graph could not be re-planned (a
    ///   cycle), which removing a tap and a node never causes: in practice it does not throw.
    public func stop(in engine: AudioEngine) throws(AudioError) {
        try engine.removeTap(tap)
        try engine.detach(node)
    }
}

/// How many frames a recording may still take (touched only by one tap's consumer thread).
private final class FrameBudget: @unchecked Sendable {
    private var left: Int
    init(_ limit: Int?) { left = limit ?? .max }
    /// Takes up to `frames` from the budget and returns how many it may use.
    func take(_ frames: Int) -> Int {
        let granted = min(frames, left)
        left -= granted
        return granted
    }
}
