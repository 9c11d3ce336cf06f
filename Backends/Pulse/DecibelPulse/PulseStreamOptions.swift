/// PulseAudio-specific choices for one stream, beyond the generic `StreamConfiguration`: what it does when
/// the server goes away or its default device changes.
public struct PulseStreamOptions: Sendable, Hashable {
    /// Whether the stream, when its server goes away, reconnects (every `reconnectInterval` seconds) and
    /// resumes, posting `.reconnected`; otherwise it ends with `serverShutDown`.
    public var reconnect: Bool
    /// Seconds between reconnection attempts.
    public var reconnectInterval: Double
    /// Whether a stream opened on the default device moves when the server's default changes.
    public var followsDefaultDevice: Bool

    /// Creates options: no reconnection (every 0.25 s when asked), following the default device.
    public init(reconnect: Bool = false, reconnectInterval: Double = 0.25, followsDefaultDevice: Bool = true) {
        self.reconnect = reconnect
        self.reconnectInterval = reconnectInterval
        self.followsDefaultDevice = followsDefaultDevice
    }
}
