import DecibelCore

/// The device input as a source: copies what the stream captured (silence when it captures nothing).
/// Route it into a group for monitoring (`AudioEngine.setPlaythrough`) or tap it to record.
///
/// With `channels`, it delivers only those device channels, in that order (channels 3 and 4 of an
/// 8-channel interface: `[2, 3]`); a channel the device does not have is silent.
public final class InputNode: RenderNode, @unchecked Sendable {
    /// Linear volume applied to the captured signal (0 … 4, default 1).
    public let volume: AudioParameter
    /// The device channels delivered (0-based), or `nil` for the first `channelCount`.
    public let channels: [Int]?
    private let picked: ChannelPicker?

    /// Creates an input node of `channelCount` channels, or of the device channels in `channels`.
    public init(channelCount: Int, channels: [Int]? = nil) {
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        self.channels = channels
        picked = channels.map(ChannelPicker.init)
        super.init(inputBusCount: 0, channelCount: channels?.count ?? channelCount, parameters: [volume])
    }

    override public func allocate(format: NodeFormat) { picked?.allocate(frames: format.maximumFrameCount) }

    override public func process(_ context: NodeRenderContext) {
        let source = picked?.view(of: context.deviceInput, frames: context.frameCount) ?? context.deviceInput
        GainPan.apply(
            source: source, output: context.output, frames: context.frameCount, volume: volume, pan: nil,
            accumulate: false)
    }
}

/// Chosen channels of a view, as a view, without copying: a preallocated pointer table filled per block
/// (silence for a channel the view lacks). Render-thread safe once allocated.
final class ChannelPicker: @unchecked Sendable {
    let channels: [Int]
    private let pointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private var silence: UnsafeMutablePointer<Float>
    private var silenceFrames: Int

    init(_ channels: [Int]) {
        self.channels = channels
        pointers = .allocate(capacity: max(1, channels.count))
        silenceFrames = 4096
        silence = .allocate(capacity: silenceFrames)
        silence.initialize(repeating: 0, count: silenceFrames)
        pointers.initialize(repeating: silence, count: max(1, channels.count))
    }

    deinit {
        pointers.deallocate()
        silence.deallocate()
    }

    /// Control thread, not rendering: room for blocks of `frames`.
    func allocate(frames: Int) {
        guard frames > silenceFrames else { return }
        silence.deallocate()
        silenceFrames = frames
        silence = .allocate(capacity: frames)
        silence.initialize(repeating: 0, count: frames)
    }

    @inline(__always)
    func view(of source: AudioBufferView, frames: Int) -> AudioBufferView {
        var index = 0
        while index < channels.count {
            let channel = channels[index]
            pointers[index] = channel >= 0 && channel < source.channelCount ? source.samples(channel) : silence
            index += 1
        }
        return AudioBufferView(
            channelPointers: UnsafePointer(pointers), channelCount: channels.count,
            frameCount: min(frames, silenceFrames))
    }
}
