extension StreamEvent: CustomStringConvertible {
    /// The event as one plain sentence, for logs and the command line (never Swift's enum syntax).
    public var description: String {
        switch self {
        case .started: "the stream started"
        case .stopped: "the stream stopped"
        case .xrun(let total): "audio dropped out (\(total) xrun\(total == 1 ? "" : "s") so far)"
        case .deviceLost(let reason): "the device went away (\(reason)); pick another device or plug it back in"
        case .serverShutDown(let reason): "the sound server shut down (\(reason)); start it again and retry"
        case .formatChanged(let format): "the stream now runs at \(format)"
        case .latencyChanged(let latency): "the latency is now \(latency)"
        case .deviceChanged(let id): "the stream moved to device '\(id)'"
        case .reconnected: "the stream reconnected to its server"
        }
    }
}
