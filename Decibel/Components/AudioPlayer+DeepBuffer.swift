import DecibelCore
import DecibelFormats
import DecibelGraph

/// A player on an output of its own with a deep buffer (over 150 ms: one chosen for power, as a music player
/// wants) would be heard a buffer late when it starts, pauses, stops or seeks. It drops what the server has
/// queued instead (`AudioStream.discardQueuedOutput()`), so each is heard at once. On a shared controller or
/// with a shallow buffer none of this runs.
extension AudioPlayer {
    /// The longest a start or seek waits for the decoder to hold what the server will ask for at once.
    static let decoderWaitNanoseconds: UInt64 = 200_000_000

    /// Whether play, pause, stop and seek drop the server's queue (see above).
    var discardsQueuedOutput: Bool { output.hasDeepBufferOfItsOwn }

    /// The frame being heard now: where playback started plus the time since (the server starts at once
    /// after a drop, and `stream.latency` is not fresh right after one). Wraps when looping.
    func heardFrame(of source: AudioFileSource) -> Int {
        guard let started = startedPlaying.withLock({ $0 }) else { return source.currentFrame }
        let elapsed = Int(Double(MonotonicClock.now() &- started.time) / 1e9 * sampleRate)
        let heard = started.frame + elapsed
        return isLooping && totalFrames > 0 ? heard % totalFrames : min(heard, totalFrames)
    }

    /// Starts at once: waits until the decoder holds a server's request, then replaces the queued silence.
    func playAtOnce(_ node: FilePlayer, source: AudioFileSource) {
        waitForDecoder(source)
        startedPlaying.withLock { $0 = (source.currentFrame, MonotonicClock.now()) }
        _ = node.play()
        output.stream.discardQueuedOutput()
    }

    /// Pauses at what is heard (or at `frame`): the node goes back by what the server held, which is dropped;
    /// returns once the render thread has taken the seek (the drop has it render at once), so `currentTime`
    /// is the new position.
    func pauseAtOnce(_ node: FilePlayer, source: AudioFileSource, rewindTo frame: Int? = nil) {
        let target = min(max(0, frame ?? heardFrame(of: source)), totalFrames)
        startedPlaying.withLock { $0 = nil }
        _ = node.pause()
        _ = node.seek(to: target)
        output.stream.discardQueuedOutput()
        Self.waitBriefly { source.currentFrame == target }
    }

    /// Seeks at once: paused while the decoder refills from `target`, then, if it was playing, plays from a
    /// full ring (the second drop replaces the silence rendered meanwhile).
    func seekAtOnce(_ node: FilePlayer, source: AudioFileSource, to target: Int, resume: Bool) {
        pauseAtOnce(node, source: source, rewindTo: target)
        if resume { playAtOnce(node, source: source) }
    }

    /// Waits until the decoder holds what the server asks for at once, or the rest of the file.
    private func waitForDecoder(_ source: AudioFileSource) {
        let wanted = min(output.largestRequest, source.bufferCapacity * 3 / 4)
        Self.waitBriefly { source.bufferedFrames >= wanted || source.isFullyDecoded }
    }

    /// Polls `condition` every millisecond for at most `decoderWaitNanoseconds`.
    private static func waitBriefly(until condition: () -> Bool) {
        let deadline = MonotonicClock.now() &+ decoderWaitNanoseconds
        while !condition() && MonotonicClock.now() < deadline { MonotonicClock.sleep(nanoseconds: 1_000_000) }
    }
}
