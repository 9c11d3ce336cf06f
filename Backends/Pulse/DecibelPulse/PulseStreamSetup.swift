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
}
