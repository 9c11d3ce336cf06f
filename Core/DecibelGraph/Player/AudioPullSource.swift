import DecibelCore

/// Audio that a player pulls frames from: a decoded file, a stream, a buffer in memory.
///
/// DecibelFormats' file readers conform (Core does not import Formats). Frames are non-interleaved
/// `Float` at `format.sampleRate`; a source whose file has another rate resamples itself.
///
/// `format`, `length` and `isRealtimeSafe` must be cheap, constant reads (stored properties): the player
/// reads them on the render thread. `isRealtimeSafe` decides the thread: a source that never allocates, locks or does I/O in `read` and
/// `seek` (a buffer in memory) is read on the render thread; any other source (a file) is read by the
/// player's feeder thread into a ring buffer, so the render thread never waits on a disk.
public protocol AudioPullSource: AnyObject, Sendable {
    /// Rate and channel count of the frames `read` produces.
    var format: AudioFormat { get }
    /// Total frames, when known.
    var length: Int? { get }
    /// Whether `read` and `seek` may be called on the render thread.
    var isRealtimeSafe: Bool { get }
    /// Reads up to `frames` frames into the first `frames` frames of `destination` (which has
    /// `format.channelCount` channels) and returns how many it read; fewer means the end was reached.
    /// - Throws: `AudioError` of the source's choosing when reading fails, such as `fileUnreadable` for an I/O error or
    ///   `invalidFile` for corrupt data; players treat a failed read as the end of the source. `BufferPullSource` and
    ///   DecibelFormats' `AudioFileSource` never throw.
    func read(into destination: AudioBufferView, frames: Int) throws(AudioError) -> Int
    /// Moves the read position to `frame` (clamped to the source's length).
    /// - Throws: `AudioError` of the source's choosing when it cannot seek, such as `fileUnreadable` for an I/O error;
    ///   players treat a failed seek as the end of the source. `BufferPullSource` and DecibelFormats' `AudioFileSource`
    ///   never throw.
    func seek(to frame: Int) throws(AudioError)
    /// Control thread: a seek was scheduled and reaches `seek(to:)` on the render thread soon. A source that
    /// prepares audio on a thread of its own (a file's decoder) watches closely for a while instead of at its
    /// idle pace, so the audio at the new position is ready sooner. The default does nothing.
    func seekIsComing()
}

extension AudioPullSource {
    /// Does nothing: the source serves `seek(to:)` where it is called.
    public func seekIsComing() {}
}
