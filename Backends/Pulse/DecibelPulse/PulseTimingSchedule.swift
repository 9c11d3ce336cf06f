/// When a stream asks the server for fresh timing (`pa_stream_update_timing_info`), in place of libpulse's
/// `PA_STREAM_AUTO_TIMING_UPDATE`.
///
/// libpulse's own schedule backs off from 10 ms to 1.5 s, but starts again at 10 ms whenever a write lands while
/// a reply is on its way, which on a steadily written stream is most writes: a file player behind a 1 s buffer
/// woke 11 times a second for timing replies, and the server answered each. This one backs off from 10 ms to
/// 1 s and starts again only when the stream starts, its queue is dropped, it moves or it runs over (when the
/// latency really changes); between replies libpulse interpolates (`PA_STREAM_INTERPOLATE_TIMING`). It is asked
/// from the stream's own callbacks, so an update rides on a wake-up the stream has anyway.
struct PulseTimingSchedule {
    static let first: UInt64 = 10_000_000
    static let longest: UInt64 = 1_000_000_000

    private var interval = Self.first
    private var next: UInt64 = 0

    /// Whether an update is due at `now`; if so, the next one is scheduled (twice as far off, up to 1 s).
    mutating func isDue(at now: UInt64) -> Bool {
        guard now >= next else { return false }
        next = now &+ interval
        interval = min(interval * 2, Self.longest)
        return true
    }

    /// The next callback asks at once, and soon after again.
    mutating func restart() {
        interval = Self.first
        next = 0
    }
}
