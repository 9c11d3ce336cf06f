import DecibelCore
import Synchronization

/// Records from a render thread to a file without ever blocking it (the EZRecorder of Decibel).
///
/// The render thread calls `append(_:)`, which copies into a lock-free `FrameRingBuffer`; a writer thread
/// wakes every `flushInterval` and drains the ring into an `AudioFileWriter` whose header is rewritten
/// after every write. So a process killed mid-recording leaves a valid file holding everything up to
/// about `flushInterval` before the kill. (That guarantee needs a container with a rewritable header:
/// use WAV, AIFF or CAF for crash-safe recording; FLAC and Ogg are finalised only by `close()`.)
///
/// Overflow is never silent: when the ring is full, `append` drops the frames that do not fit, counts
/// them (`overflowFrames`, `overflowEvents`) and records a gap marker at the exact timeline position;
/// the writer fills each gap with exactly that many frames of silence, so the file's timeline matches
/// the render thread's. `close()` drains everything, writes the last gap, finalises the file and returns
/// a `RecordingSummary`. A recorder released without `close()` still drains and finalises the file in
/// `deinit`, but write errors are then lost: call `close()`.
public final class Recorder: @unchecked Sendable {
    /// The file being written.
    public let path: String
    /// Channels per frame.
    public let channelCount: Int
    /// Frames per second.
    public let sampleRate: Double
    /// How often the writer thread drains the ring.
    public let flushInterval: Double
    /// Frames the file held before this recorder (non-zero when appending).
    public let initialFrames: Int

    /// Everything the writer thread touches. The thread holds it strongly and never this object, so this
    /// object's `deinit` can never run on the writer thread (where it could not wait for it) and the
    /// state outlives the thread whichever goes first.
    let state: RecorderState
    var thread: AudioThread?

    /// Creates the file and starts the writer thread. `ringSeconds` of audio fit in the ring before
    /// overflow; the writer thread writes what has arrived every `flushInterval` seconds.
    /// - Throws: `AudioError` of kind `invalidArgument` when `ringSeconds` is not in (0, 600], `flushInterval`
    ///   not in (0, 1], `sampleRate` not a whole number of Hz in 1…`AudioFile.maxSampleRate` or `channelCount`
    ///   not in 1…`AudioFile.maxChannels`; `unsupportedFormat` when the installed libsndfile (or, for M4A,
    ///   FFmpeg) cannot write `format` at that rate and channel count; `fileUnreadable` when libsndfile cannot
    ///   create the file; or `backendError` when the writer thread cannot start.
    public convenience init(
        path: String, format: AudioFileWriter.Format, sampleRate: Double, channelCount: Int,
        ringSeconds: Double = 2, flushInterval: Double = 0.1, metadata: [AudioFileMetadataKey: String] = [:]
    ) throws(AudioError) {
        try Self.checkTiming(ringSeconds: ringSeconds, flushInterval: flushInterval)
        try self.init(
            writer: AudioFileWriter(
                path: path, format: format, sampleRate: sampleRate, channelCount: channelCount, metadata: metadata),
            ringSeconds: ringSeconds, flushInterval: flushInterval)
    }

    /// Continues the recording in the existing file at `path` (WAV, RF64, W64, AIFF, CAF or AU): new frames
    /// go after those it holds, in its own format. A file of another rate or channel count than the audio
    /// to come is refused with the reason, never mislabelled.
    /// - Throws: `AudioError` of kind `invalidArgument` when `ringSeconds` is not in (0, 600] or
    ///   `flushInterval` not in (0, 1], or the file's rate or channel count differs from `sampleRate` or
    ///   `channelCount`; `fileNotFound` when the file does not exist; `fileUnreadable` when it is a directory or
    ///   cannot be opened; `invalidFile` when it is empty, corrupt or not audio; `unsupportedFormat` when it is
    ///   not WAV, RF64, W64, AIFF, CAF or AU (or libsndfile cannot write at its end); or `backendError` when
    ///   the writer thread cannot start.
    public convenience init(
        appendingTo path: String, sampleRate: Double, channelCount: Int, ringSeconds: Double = 2,
        flushInterval: Double = 0.1
    ) throws(AudioError) {
        try Self.checkTiming(ringSeconds: ringSeconds, flushInterval: flushInterval)
        try self.init(
            writer: AudioFileWriter(appendingTo: path, sampleRate: sampleRate, channelCount: channelCount),
            ringSeconds: ringSeconds, flushInterval: flushInterval)
    }

    private static func checkTiming(ringSeconds: Double, flushInterval: Double) throws(AudioError) {
        guard ringSeconds > 0, ringSeconds <= 600, flushInterval > 0, flushInterval <= 1 else {
            throw AudioError(
                .invalidArgument, "Recorder: ringSeconds must be in (0, 600] and flushInterval in (0, 1] s")
        }
    }

    /// Starts the writer thread for `writer`.
    init(writer: AudioFileWriter, ringSeconds: Double, flushInterval: Double) throws(AudioError) {
        path = writer.path
        channelCount = writer.channelCount
        sampleRate = writer.sampleRate
        initialFrames = writer.framesWritten
        self.flushInterval = flushInterval
        let state = RecorderState(
            writer: writer, capacity: max(64, Int(ringSeconds * writer.sampleRate)), flushInterval: flushInterval)
        self.state = state
        RealtimeSanitizer.prepare()
        let block = AudioBuffer(channelCount: channelCount, frameCapacity: 4096)
        thread = try AudioThread(name: "decibel-recorder") { state.runWriter(block: block) }
    }

    /// A recorder dropped without `close()` still finishes its file: the writer drains, then stops.
    deinit {
        state.closing.store(true, ordering: .releasing)
        state.wake.signal()
        thread?.join()  // returns at once when an event handler dropped the recorder on the writer thread
        state.observers.finish()
    }

    /// Frames dropped because the ring was full (each later written as silence).
    public var overflowFrames: Int { state.droppedTotal.load(ordering: .relaxed) }
    /// How many `append` calls dropped frames.
    public var overflowEvents: Int { state.dropEvents.load(ordering: .relaxed) }
    /// Frames (audio and inserted silence) in the file so far.
    public var framesWritten: Int { state.written.load(ordering: .relaxed) }
    /// Frames of silence written so far in place of dropped frames.
    public var silenceFramesWritten: Int { state.silenceWritten.load(ordering: .relaxed) }

    /// Render thread: queues `block` for the file. Never allocates, locks or waits. Frames that do not
    /// fit in the ring are dropped, counted, and become silence of the same length in the file.
    /// Ignored once `close()` has begun.
    public func append(_ block: AudioBufferView) { state.append(block) }
}

/// What a finished recording holds.
public struct RecordingSummary: Sendable, Hashable {
    /// Frames this recorder wrote: audio plus inserted silence.
    public var framesWritten: Int
    /// Frames the file holds: those it had before an append plus `framesWritten`.
    public var fileFrames: Int
    /// The file's length in seconds.
    public var fileDuration: Double
    /// Frames of silence inserted for overflow; always equal to `overflowFrames`.
    public var silenceFramesInserted: Int
    /// Frames the render thread handed over that did not fit the ring.
    public var overflowFrames: Int
    /// `append` calls that dropped frames.
    public var overflowEvents: Int
}
