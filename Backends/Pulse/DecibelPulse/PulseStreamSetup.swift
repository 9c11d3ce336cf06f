import DecibelCore

/// What one stream needs to open its `pa_stream`s: fixed for the stream's life.
struct PulseStreamSetup: Sendable {
    var name: String
    var format: StreamFormat
    var sampleType: SampleType
    var outputDevice: String?
    var inputDevice: String?
    /// Server-side buffering asked for, in frames (`tlength` for playback, `fragsize` for capture).
    var targetFrames: Int
    var followsDefaultDevice: Bool

    /// Whether an output-only stream asks for a playback buffer rather than a latency: half a second or more.
    /// Such a stream connects without `PA_STREAM_ADJUST_LATENCY`, as paplay's does: the server then chooses the
    /// sink's latency itself, deeper (0.8-1 s beside a 1 s buffer on a null sink), and wakes as seldom as for
    /// paplay; with the flag it set the sink to a part of the buffer and woke for it (a 30 s FLAC into a null
    /// sink: the server's CPU 31 ms, 17 ms without, paplay's 7 ms). What is heard then lags by the buffer plus
    /// the sink's latency (`latency` measures it); `AudioPlayer` drops what is queued on play, pause, stop and
    /// seek, so it still answers at once. A duplex stream's playback keeps the flag: its latency is the point
    /// (a duplex that DecibelStreams bridges from two streams has an output-only leg, which follows this rule).
    var asksForPlaybackBuffer: Bool {
        format.inputChannelCount == 0 && Double(targetFrames) >= format.sampleRate / 2
    }
}
