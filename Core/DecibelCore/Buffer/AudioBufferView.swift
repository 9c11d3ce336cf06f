/// A non-owning view of non-interleaved `Float` channels: what render callbacks receive.
///
/// A view is a few words (a pointer to the channel pointers, an offset and a count) and copying it never
/// allocates or retains, so it is free to pass around on the render path. It is valid only while its
/// owner (an `AudioBuffer`, a backend's port buffers) keeps the memory, typically for one callback.
public struct AudioBufferView: @unchecked Sendable {
    /// One pointer per channel, each to the channel's first sample (before `frameOffset` is applied).
    public let channelPointers: UnsafePointer<UnsafeMutablePointer<Float>>?
    /// Number of channels.
    public let channelCount: Int
    /// Frames skipped at the start of every channel (used to slice a render quantum).
    public let frameOffset: Int
    /// Frames visible through this view.
    public let frameCount: Int

    /// Creates a view over `channelCount` channel pointers.
    public init(
        channelPointers: UnsafePointer<UnsafeMutablePointer<Float>>?, channelCount: Int, frameCount: Int,
        frameOffset: Int = 0
    ) {
        precondition(channelCount == 0 || channelPointers != nil, "AudioBufferView: channels without pointers")
        precondition(channelCount >= 0 && frameCount >= 0 && frameOffset >= 0, "AudioBufferView: negative size")
        self.channelPointers = channelPointers
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.frameOffset = frameOffset
    }

    /// A view with no channels and no frames (the input of an output-only stream, for example).
    public static let empty = AudioBufferView(channelPointers: nil, channelCount: 0, frameCount: 0)

    /// Whether the view has no channels or no frames.
    public var isEmpty: Bool { channelCount == 0 || frameCount == 0 }

    /// The first visible sample of `channel`.
    @inlinable @inline(__always)
    public func samples(_ channel: Int) -> UnsafeMutablePointer<Float> {
        // Checked like an array index (one predictable compare per block); init guarantees the pointer
        // list exists whenever a channel does.
        precondition(
            channel >= 0 && channel < channelCount,
            "AudioBufferView: channel \(channel) of a \(channelCount)-channel view")
        guard let pointers = channelPointers else { preconditionFailure("AudioBufferView: channels without pointers") }
        return pointers[channel] + frameOffset
    }

    /// The visible samples of `channel`.
    @inlinable @inline(__always)
    public subscript(channel: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: samples(channel), count: frameCount)
    }

    /// A view of `count` frames starting `start` frames into this one.
    public func slice(from start: Int, count: Int) -> AudioBufferView {
        precondition(start >= 0 && count >= 0 && start + count <= frameCount, "AudioBufferView.slice out of range")
        return AudioBufferView(
            channelPointers: channelPointers, channelCount: channelCount, frameCount: count,
            frameOffset: frameOffset + start)
    }

    /// This view limited to its first `count` frames.
    public func prefix(_ count: Int) -> AudioBufferView { slice(from: 0, count: Swift.min(count, frameCount)) }

    /// Sets every visible sample to zero.
    public func clear() {
        for channel in 0..<channelCount {
            samples(channel).update(repeating: 0, count: frameCount)
        }
    }

    /// Copies `min(frameCount, source.frameCount)` frames channel by channel from `source`. Channels
    /// this view has beyond `source`'s are cleared.
    public func copy(from source: AudioBufferView) {
        let frames = Swift.min(frameCount, source.frameCount)
        for channel in 0..<channelCount {
            if channel < source.channelCount {
                samples(channel).update(from: source.samples(channel), count: frames)
            } else {
                samples(channel).update(repeating: 0, count: frames)
            }
        }
    }
}
