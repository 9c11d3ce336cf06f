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

    /// Whether playback asks for a playback buffer rather than a latency: half a second or more. Such a stream
    /// connects without `PA_STREAM_ADJUST_LATENCY`, as paplay's does, so the server leaves the sink at its own
    /// latency and wakes as seldom as for paplay; with it, the server set the sink's latency to a part of the
    /// buffer (a 30 s FLAC into a null sink: the server's CPU 31 ms against paplay's 7 ms, and 17 ms without).
    /// The latency heard is then the buffer plus the sink's; `AudioPlayer` drops what is queued on play,
    /// pause, stop and seek, so it still answers at once.
    var asksForPlaybackBuffer: Bool { Double(targetFrames) >= format.sampleRate / 2 }
}
