/// What a stream should be: direction, devices, rate, channels, buffer size, the render callback and
/// the event handler.
public struct StreamConfiguration: Sendable {
    /// Playback, capture or both.
    public var direction: AudioDirection
    /// Playback device id; `nil` means the backend's default.
    public var outputDevice: String?
    /// Capture device id; `nil` means the backend's default.
    public var inputDevice: String?
    /// Frames per second; `nil` means the device's or server's rate.
    public var sampleRate: Double?
    /// Playback channels (ignored for input streams).
    public var outputChannelCount: Int
    /// Capture channels (ignored for output streams).
    public var inputChannelCount: Int
    /// Frames per callback, or a duration; see `BufferSize`.
    public var bufferSize: BufferSize
    /// Preferred device-side encoding; `nil` lets the backend pick: Float32 on JACK and PipeWire; on ALSA
    /// Float32 where the device takes it, else its widest integer format; on PulseAudio the devices' own
    /// encoding when they agree and the server would not resample, else Float32 (fixed when the stream
    /// opens). `format.deviceSampleType` says what was granted.
    public var sampleType: SampleType?
    /// The name servers show for this stream (JACK client name, PulseAudio stream name).
    public var name: String
    /// Called on the real-time thread for every block.
    public var render: RenderCallback
    /// Called on a control thread for xruns, server shutdown, device loss and format changes.
    public var onEvent: (@Sendable (StreamEvent) -> Void)?

    /// Creates a configuration. `device` picks the device for the stream's direction (both ways for
    /// duplex); channel counts default to stereo.
    public init(
        direction: AudioDirection = .output,
        device: String? = nil,
        sampleRate: Double? = nil,
        channelCount: Int = 2,
        bufferSize: BufferSize = .automatic,
        sampleType: SampleType? = nil,
        name: String = "Decibel",
        onEvent: (@Sendable (StreamEvent) -> Void)? = nil,
        render: @escaping RenderCallback
    ) {
        self.direction = direction
        self.outputDevice = direction.hasOutput ? device : nil
        self.inputDevice = direction.hasInput ? device : nil
        self.sampleRate = sampleRate
        self.outputChannelCount = direction.hasOutput ? channelCount : 0
        self.inputChannelCount = direction.hasInput ? channelCount : 0
        self.bufferSize = bufferSize
        self.sampleType = sampleType
        self.name = name
        self.onEvent = onEvent
        self.render = render
    }

    /// The most channels a stream, a converter or a file may have.
    public static let maximumChannelCount = 1024

    /// Checks the numbers a user can get wrong before any backend sees them.
    /// - Throws: `AudioError` of kind `invalidArgument` (naming `backend`) when a channel count the direction uses is
    ///   outside 1...1024, `sampleRate` is outside 1000...768000 Hz, or `bufferSize` is a frame count outside 1...65536
    ///   or a duration that is not above 0 and at most 2000 ms.
    public func validate(backend: String) throws(AudioError) {
        func invalid(_ message: String) -> AudioError { AudioError(.invalidArgument, message, backend: backend) }
        if direction.hasOutput && !(1...Self.maximumChannelCount).contains(outputChannelCount) {
            throw invalid("output channel count \(outputChannelCount) is out of range (1...1024)")
        }
        if direction.hasInput && !(1...Self.maximumChannelCount).contains(inputChannelCount) {
            throw invalid("input channel count \(inputChannelCount) is out of range (1...1024)")
        }
        if let rate = sampleRate, !(rate.isFinite && rate >= 1000 && rate <= 768_000) {
            throw invalid("sample rate \(rate) Hz is out of range (1000...768000)")
        }
        switch bufferSize {
        case .automatic: break
        case .frames(let frames) where !(1...65536).contains(frames):
            throw invalid("buffer size of \(frames) frames is out of range (1...65536)")
        case .milliseconds(let ms) where !(ms.isFinite && ms > 0 && ms <= 2000):
            throw invalid("buffer size of \(ms) ms is out of range (0...2000 ms)")
        default: break
        }
    }
}
