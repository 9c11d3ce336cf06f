/// How many frames one render callback should handle, asked of the backend.
///
/// Backends honour it as closely as the device or server allows and report what they got in
/// `AudioStream.format.bufferSize`. JACK's period is fixed by the server; PulseAudio and ALSA derive
/// their buffer attributes from it, so a small request really means low latency (on PulseAudio, an
/// output-only request of half a second or more is a playback buffer: the sink's latency comes on top).
public enum BufferSize: Hashable, Sendable, CustomStringConvertible {
    /// The backend's low-latency default (256 frames on ALSA and the Null device, the server's period
    /// on JACK, about 20 ms on PulseAudio).
    case automatic
    /// A number of frames per callback.
    case frames(Int)
    /// A duration per callback, in milliseconds.
    case milliseconds(Double)

    /// Frames per callback at `sampleRate`, or `nil` for `.automatic`.
    public func frames(atSampleRate sampleRate: Double) -> Int? {
        switch self {
        case .automatic: nil
        case .frames(let frames): frames
        case .milliseconds(let milliseconds): max(1, Int((milliseconds * sampleRate / 1000).rounded()))
        }
    }

    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .frames(let frames): "\(frames) frames"
        case .milliseconds(let milliseconds): "\(milliseconds) ms"
        }
    }
}
