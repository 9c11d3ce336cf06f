import DecibelCore
import DecibelGraph

/// A file source plays in the graph's `FilePlayer` on the render thread: everything here is atomics and
/// the ring, never the disk.
extension AudioFileSource: AudioPullSource {
    /// Frames the file delivers at the output rate.
    public var length: Int? { expectedFrames }

    /// `render(into:)` and the seek below never allocate, lock or do I/O.
    public var isRealtimeSafe: Bool { true }

    /// Fills `frames` frames. While the decoder catches up after a seek (or falls behind) the gap is
    /// silence and the whole block counts as played; only the real end of the file returns fewer.
    /// - Throws: Never: the signature is `AudioPullSource`'s. Decoding errors (`invalidFile`, say) stay on
    ///   the decoder thread, end the audio early and show in `error`.
    public func read(into destination: AudioBufferView, frames: Int) throws(AudioError) -> Int {
        let count = render(into: destination.prefix(frames))
        return count < frames && !isAtEnd ? frames : count
    }

    /// Control thread: the decoder looks for a render-thread seek every 2 ms for the next 250 ms, instead of
    /// after its nap (up to 1 s while it has decoding to do, an eighth of the buffer and 250 ms at most at the
    /// end of the file).
    public func seekIsComing() { decoder.expectSeek() }

    /// Render-thread seek to an output-rate frame: posts the request for the decoder, which sees it after
    /// its nap (no wake-up call, since that would take a lock): within 2 ms when `seekIsComing()` announced
    /// it, as `FilePlayer` does, and otherwise within an eighth of the buffer (250 ms at most) at the end of the
    /// file (a loop's seek back) and elsewhere within the decoder's nap (a third of the buffer or less, 1 s at
    /// most). What the ring holds is dropped here, so the decoder can refill it from the new position at once,
    /// even for a paused player, which renders nothing.
    /// - Throws: Never: the signature is `AudioPullSource`'s. `frame` is clamped to the file, so there is no
    ///   `invalidArgument`, and a seek the decoder fails to make shows in `error`.
    public func seek(to frame: Int) throws(AudioError) {
        let fileFrame = Int((Double(max(0, frame)) * fileFormat.sampleRate / format.sampleRate).rounded())
        let request = min(fileFrame, file.frameCount)
        decoder.seekRequest.store(request, ordering: .releasing)
        // This thread reads the ring, so it may empty it. The decoder writes from the new position only after
        // taking the request; if it took it while the ring was being emptied, its first new frames may be
        // gone too, so the request goes in again and everything up to then is stale.
        let dropped = decoder.ring.skip(frames: decoder.ring.capacity)
        consumed.add(dropped, ordering: .relaxed)
        if dropped > 0 {  // unless a control thread's seek came in meanwhile: that one wins
            _ = decoder.seekRequest.compareExchange(expected: -1, desired: request, ordering: .acquiringAndReleasing)
        }
        // Publish the new position now: a paused player renders nothing that would move it there. Releasing: a
        // reader that sees the rewind a FilePlayer makes at the end also sees its `isAtEnd`, stored before.
        playhead.store(min(max(0, frame), expectedFrames), ordering: .releasing)
    }
}
