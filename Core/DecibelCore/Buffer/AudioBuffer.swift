/// Non-interleaved `Float` channels allocated once, with unsafe views for the render path.
///
/// Allocate buffers while preparing (never on the render thread); render code works through `view`.
/// Each channel starts on a 64-byte boundary so vector loops stay aligned.
public final class AudioBuffer: @unchecked Sendable {
    /// Number of channels.
    public let channelCount: Int
    /// Frames each channel can hold.
    public let frameCapacity: Int
    /// Frames currently meaningful (set by whoever fills the buffer); starts at `frameCapacity`.
    // Unchecked: every `buffer[channel]` reads it, and a checked class property costs a dynamic exclusivity
    // check per read (~13 ns here), more than a short loop's work. Nothing holds a long access to it (no
    // `inout` use in Decibel); the check would only catch a caller's own overlapping `&buffer.frameLength`.
    @exclusivity(unchecked) public var frameLength: Int {
        didSet {
            precondition(frameLength >= 0 && frameLength <= frameCapacity, "AudioBuffer.frameLength out of range")
        }
    }

    private let storage: UnsafeMutableRawPointer
    private let pointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>

    /// Allocates zeroed channels.
    public init(channelCount: Int, frameCapacity: Int) {
        precondition(channelCount >= 0 && frameCapacity >= 0, "AudioBuffer: negative size")
        self.channelCount = channelCount
        self.frameCapacity = frameCapacity
        self.frameLength = frameCapacity
        var channelStride = (frameCapacity + 15) & ~15  // floats, a multiple of 64 bytes
        // Not a multiple of 4 KB: a loop over two channels at once would otherwise see each load of one
        // channel wait on the other's store at the same page offset (a 512-frame stereo gain 71 → 119 ns).
        if channelCount > 1 && channelStride % 1024 == 0 { channelStride += 16 }
        let byteCount = max(1, channelCount * channelStride * MemoryLayout<Float>.stride)
        storage = .allocate(byteCount: byteCount, alignment: 64)
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        pointers = .allocate(capacity: max(1, channelCount))
        let floats = storage.assumingMemoryBound(to: Float.self)
        for channel in 0..<channelCount {
            (pointers + channel).initialize(to: floats + channel * channelStride)
        }
    }

    deinit {
        pointers.deallocate()
        storage.deallocate()
    }

    /// A view of the first `frameLength` frames.
    ///
    /// The view does not keep the buffer alive: Swift may release a buffer right after its last use, so
    /// hold the buffer in a stored property, or use `withView`, for as long as the view is in use.
    public var view: AudioBufferView { view(frames: frameLength) }

    /// Calls `body` with a view of the first `frameLength` frames, keeping the buffer alive meanwhile.
    public func withView<Result>(_ body: (AudioBufferView) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(view) }
    }

    /// A view of the first `frames` frames (at most `frameCapacity`).
    public func view(frames: Int) -> AudioBufferView {
        precondition(frames >= 0 && frames <= frameCapacity, "AudioBuffer.view: more frames than the capacity")
        return AudioBufferView(channelPointers: pointers, channelCount: channelCount, frameCount: frames)
    }

    /// One pointer per channel, for render code and C APIs that take a channel list (valid while the buffer lives).
    public var channelPointers: UnsafePointer<UnsafeMutablePointer<Float>> { UnsafePointer(pointers) }

    /// The samples of `channel` within `frameLength`.
    public subscript(channel: Int) -> UnsafeMutableBufferPointer<Float> {
        precondition(channel >= 0 && channel < channelCount, "AudioBuffer: channel out of range")
        return UnsafeMutableBufferPointer(start: pointers[channel], count: frameLength)
    }

    /// A copy of `channel`'s samples within `frameLength` (allocates; not for the render path).
    public func samples(ofChannel channel: Int) -> [Float] { Array(self[channel]) }

    /// Zeroes every channel over the whole capacity.
    public func clear() { view(frames: frameCapacity).clear() }
}
