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
    /// With `frameLimit`, exactly that many frames are recorded and the rest is ignored.
    @discardableResult
    public func record(
        _ node: any AudioNode, in engine: AudioEngine, bufferSize: Int = 1024, frameLimit: Int? = nil
    ) throws(AudioError) -> GraphTap {
        let remaining = FrameBudget(frameLimit)
        return try engine.installTap(
            on: node, bufferSize: bufferSize, ringFrames: max(1 << 16, Int(engine.format.sampleRate) * 2)
        ) { [self] block in
            let frames = remaining.take(block.frameCount)
            if frames > 0 { append(block.prefix(frames)) }
        }
    }

    /// Records what `group` renders (after its volume, pan and filters).
    @discardableResult
    public func record(
        _ group: ChannelGroup, in engine: AudioEngine, bufferSize: Int = 1024, frameLimit: Int? = nil
    ) throws(AudioError) -> GraphTap {
        let remaining = FrameBudget(frameLimit)
        return try engine.installTap(
            on: group, bufferSize: bufferSize, ringFrames: max(1 << 16, Int(engine.format.sampleRate) * 2)
        ) { [self] block in
            let frames = remaining.take(block.frameCount)
            if frames > 0 { append(block.prefix(frames)) }
        }
    }

    /// Seconds written to the file so far.
    public var currentTime: Double { Double(framesWritten) / Double(sampleRate) }
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
