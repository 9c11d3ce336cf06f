/// Something that happened to a running stream, delivered on a control thread (never the render thread).
public enum StreamEvent: Hashable, Sendable {
    /// The stream started running.
    case started
    /// The stream stopped (by `stop()` or after invalidation).
    case stopped
    /// Audio was lost or repeated (an underrun or overrun); `total` counts them since the stream opened.
    case xrun(total: Int)
    /// The stream's device vanished; the stream is invalid.
    case deviceLost(reason: String)
    /// The sound server went away; the stream is invalid. Open a new stream once it is back.
    case serverShutDown(reason: String)
    /// The stream now runs at another rate or buffer size; the render callback has been re-prepared.
    case formatChanged(StreamFormat)
    /// The stream's latency changed.
    case latencyChanged(StreamLatency)
    /// The stream moved to another device (it followed the system default, for example).
    case deviceChanged(id: String)
    /// The stream reconnected to its server after `serverShutDown` and runs again.
    case reconnected
}
