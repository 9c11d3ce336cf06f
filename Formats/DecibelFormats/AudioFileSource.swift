import DecibelCore
import DecibelStreams
import Synchronization

/// An audio file as a pull source for players: a decoder thread reads (and resamples to the stream's
/// rate) into a ring; the render thread pulls frames with `render(into:)`, which never allocates, locks
/// or touches the disk. Memory is the ring (`bufferSeconds`) plus one block, whatever the file's length.
public final class AudioFileSource: @unchecked Sendable {
    /// The format `render` delivers: the requested rate, the file's channels, non-interleaved Float32.
    public let format: AudioFormat
    /// The file's own format.
    public let fileFormat: AudioFormat
    /// Frames the file will deliver at the output rate (an estimate when resampling).
    public let expectedFrames: Int

    let file: AudioFile
    /// What the decoder thread touches. The thread holds it strongly and never this object, so this
    /// object's `deinit` never runs on the decoder thread and the state outlives the thread.
    let decoder: FileDecoderState
    let underflows = Atomic<Int>(0)
    let rendered = Atomic<Int>(0)
    var thread: AudioThread?
    /// Frames the render thread has taken from the ring (compared with the decoder's `staleUntil`).
    let consumed = Atomic<Int>(0)
    let playhead = Atomic<Int>(0)

    /// Opens `path` for playback at `sampleRate` (nil: the file's own rate), buffering `bufferSeconds`.
    /// - Throws: `AudioError` of kind `fileNotFound`, `fileUnreadable`, `invalidFile` or `unsupportedFormat`
    ///   when the file cannot be opened (see `AudioFile.init(path:chunkFrames:)`); `invalidArgument` when
    ///   `sampleRate` is not a positive finite rate or `bufferSeconds` is not in (0, 60];
    ///   `unsupportedConfiguration` when libsoxr refuses the rate conversion; or `backendError` when the decoder
    ///   thread cannot start.
    public convenience init(path: String, sampleRate: Double? = nil, bufferSeconds: Double = 1) throws(AudioError) {
        try self.init(file: AudioFile(path: path), sampleRate: sampleRate, bufferSeconds: bufferSeconds)
    }

    /// Plays `file` from its current position; the source owns it from now on.
    /// - Throws: `AudioError` of kind `invalidArgument` when `sampleRate` is not a positive finite rate or
    ///   `bufferSeconds` is not in (0, 60], `unsupportedConfiguration` when libsoxr refuses the rate conversion,
    ///   or `backendError` when the decoder thread cannot start. (A closed or damaged `file` is not reported
    ///   here: the decoder stops and `error` says why.)
    public convenience init(file: AudioFile, sampleRate: Double? = nil, bufferSeconds: Double = 1) throws(AudioError) {
        try self.init(file: file, sampleRate: sampleRate, bufferSeconds: bufferSeconds, largestRead: nil)
    }

    /// As `init(file:sampleRate:bufferSeconds:)`, for a render thread that takes up to `largestRead` frames at
    /// once (a player's output with a deep buffer): the ring holds that and two decoded chunks (at the output
    /// rate) at least, and the decoder naps only as long as leaves that much and a chunk buffered.
    package init(file: AudioFile, sampleRate: Double?, bufferSeconds: Double, largestRead: Int?) throws(AudioError) {
        let rate = sampleRate ?? Double(file.sampleRate)
        guard rate > 0, bufferSeconds > 0, bufferSeconds <= 60 else {
            throw AudioError(
                .invalidArgument, "AudioFileSource: rate \(rate) Hz and buffer \(bufferSeconds) s are not usable")
        }
        self.file = file
        fileFormat = file.processingFormat
        format = AudioFormat(sampleRate: rate, channelCount: file.channelCount)
        let resampler =
            rate == Double(file.sampleRate)
            ? nil
            : try Resampler(
                inputRate: Double(file.sampleRate), outputRate: rate, channelCount: file.channelCount,
                maxInputFrames: file.chunkFrames)
        expectedFrames = Int((Double(file.remainingFrames) * rate / Double(file.sampleRate)).rounded())
        let chunk = resampler?.maxOutputFrames(forInput: file.chunkFrames) ?? file.chunkFrames
        let capacity = max(1024, Int(bufferSeconds * rate), (largestRead ?? 0) + 2 * chunk)
        let decoder = FileDecoderState(
            file: file, outputRate: rate, capacity: capacity, keep: largestRead.map { $0 + chunk })
        self.decoder = decoder
        RealtimeSanitizer.prepare()
        // Chunk buffers only for rate conversion: without it the decoder writes straight into the ring.
        let channels = file.channelCount, chunkFrames = file.chunkFrames
        let conversion = resampler.map { resampler in
            FileDecoderState.RateConversion(
                resampler: resampler, input: AudioBuffer(channelCount: channels, frameCapacity: chunkFrames),
                output: AudioBuffer(
                    channelCount: channels, frameCapacity: resampler.maxOutputFrames(forInput: chunkFrames)))
        }
        playhead.store(Int((Double(file.position) * rate / Double(file.sampleRate)).rounded()), ordering: .relaxed)
        thread = try AudioThread(name: "decibel-decoder") {
            decoder.run(conversion: conversion)
        }
    }

    deinit { stop() }

    /// Render thread: fills `destination` with the next frames and returns how many came from the file;
    /// the rest is silence (counted in `underflowFrames` unless the file has ended).
    /// While a seek is under way it renders silence (not counted as underflow) rather than stale audio.
    @inline(__always)
    public func render(into destination: AudioBufferView) -> Int {
        // The request first: the decoder publishes `staleUntil` before clearing it, so a cleared request
        // guarantees the stale count read next is the new one.
        let seeking = decoder.seekRequest.load(ordering: .acquiring) >= 0
        var done = consumed.load(ordering: .relaxed)
        let stale = decoder.staleUntil.load(ordering: .acquiring)
        if done < stale {
            done += decoder.ring.skip(frames: stale - done)
            if done == stale { playhead.store(decoder.seekBase.load(ordering: .relaxed), ordering: .relaxed) }
        }
        if seeking || done < stale {
            consumed.store(done, ordering: .relaxed)
            destination.clear()
            return 0
        }
        let count = decoder.ring.read(into: destination)
        consumed.store(done + count, ordering: .relaxed)
        let position = playhead.add(count, ordering: .relaxed).newValue
        if decoder.looping.load(ordering: .relaxed), expectedFrames > 0, position >= expectedFrames {
            playhead.subtract(expectedFrames, ordering: .relaxed)  // the decoder wrapped to the start
        }
        if count < destination.frameCount {
            destination.slice(from: count, count: destination.frameCount - count).clear()
            if !decoder.finished.load(ordering: .acquiring) || decoder.ring.availableToRead > 0 {
                underflows.add(destination.frameCount - count, ordering: .relaxed)
            }
        }
        rendered.add(count, ordering: .relaxed)
        return count
    }

    /// Whether the decoder goes straight from the last frame back to the first, so a loop plays with no
    /// gap (resampling runs on across the seam). Turn it off and the file ends at its next end.
    public var isLooping: Bool {
        get { decoder.looping.load(ordering: .relaxed) }
        set {
            decoder.looping.store(newValue, ordering: .relaxed)
            decoder.wake.signal()
        }
    }

    /// Whether every frame of the file has been rendered.
    public var isAtEnd: Bool {
        decoder.seekRequest.load(ordering: .acquiring) < 0 && decoder.finished.load(ordering: .acquiring)
            && consumed.load(ordering: .relaxed) >= decoder.staleUntil.load(ordering: .acquiring)
            && decoder.ring.availableToRead == 0
    }
    /// Frames decoded and waiting at the current position: what `render` can play now without silence
    /// (0 while a seek is under way). A control thread can wait on it before asking for much at once.
    public var bufferedFrames: Int {
        guard decoder.seekRequest.load(ordering: .acquiring) < 0 else { return 0 }
        let stale = decoder.staleUntil.load(ordering: .acquiring) - consumed.load(ordering: .relaxed)
        return max(0, decoder.ring.availableToRead - max(0, stale))
    }
    /// The most frames the decoder keeps ready (`bufferSeconds` at the output rate).
    public var bufferCapacity: Int { decoder.ring.capacity }
    /// Whether the decoder has decoded the file to its end (until a seek or a loop restarts it). False while
    /// a seek waits for the decoder: what it decoded before is stale.
    public var isFullyDecoded: Bool {
        decoder.seekRequest.load(ordering: .acquiring) < 0 && decoder.finished.load(ordering: .acquiring)
    }

    /// The output-rate frame the next `render` plays, counted from the file's start (follows seeks).
    public var currentFrame: Int { playhead.load(ordering: .acquiring) }
    /// `currentFrame` in seconds.
    public var currentTime: Double { Double(currentFrame) / format.sampleRate }

    /// Control thread: jumps to `frame` of the file (file frames, 0…`fileFrameCount`); the render thread
    /// plays silence until the decoder has refilled from there. Works after the end was reached too.
    /// - Throws: `AudioError` of kind `invalidArgument` when `frame` is not in 0…`fileFrameCount`. (A seek the
    ///   decoder then fails to make is not thrown: `error` reports it.)
    public func seek(toFrame frame: Int) throws(AudioError) {
        guard frame >= 0, frame <= file.frameCount else {
            throw AudioError(
                .invalidArgument, "\(file.path): cannot seek to frame \(frame); the file has \(file.frameCount) frames")
        }
        decoder.seekRequest.store(frame, ordering: .releasing)
        decoder.wake.signal()
    }

    /// Control thread: jumps to `seconds` into the file (clamped to its length).
    /// - Throws: `AudioError` of kind `invalidArgument` when `seconds` is not finite.
    public func seek(toTime seconds: Double) throws(AudioError) {
        guard seconds.isFinite else { throw AudioError(.invalidArgument, "\(file.path): cannot seek to \(seconds) s") }
        try seek(toFrame: Int(min(max((seconds * fileFormat.sampleRate).rounded(), 0), Double(file.frameCount))))
    }

    /// Frames in the file, at its own rate.
    public var fileFrameCount: Int { file.frameCount }
    /// Frames rendered from the file so far.
    public var framesRendered: Int { rendered.load(ordering: .relaxed) }
    /// Frames of silence rendered because the decoder fell behind.
    public var underflowFrames: Int { underflows.load(ordering: .relaxed) }
    /// The decoding error that ended playback early, if any (a file truncated mid-stream, for example).
    public var error: AudioError? { decoder.failure.withLock { $0 } }

    /// Stops the decoder thread (control thread). Rendering afterwards yields what is still buffered.
    public func stop() {
        decoder.stopping.store(true, ordering: .releasing)
        decoder.wake.signal()
        thread?.join()
        thread = nil
    }

}
