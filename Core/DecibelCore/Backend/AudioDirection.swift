/// Which way audio flows through a device or a stream.
public enum AudioDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Capture: audio comes in (a microphone, a monitor source).
    case input
    /// Playback: audio goes out.
    case output
    /// Both at once, on one clock.
    case duplex

    /// Whether audio comes in.
    public var hasInput: Bool { self != .output }
    /// Whether audio goes out.
    public var hasOutput: Bool { self != .input }

    public var description: String { rawValue }
}
