import DecibelCore
import Synchronization

extension Recorder {
    /// Stops accepting frames, writes everything still queued (and the last gap), finalises the file and
    /// returns what it holds. Call after the stream feeding `append` has stopped. Calling it again returns the
    /// same summary.
    /// - Throws: The first write error the writer thread met: `AudioError` of kind `fileUnreadable` when a
    ///   write failed (a full disk, say), or `unsupportedFormat` when an AIFF or AU file would pass 4 GiB.
    ///   Otherwise `fileUnreadable` when finishing the file (its final header, the codec's flush) fails, or
    ///   `invalidState` when called from an event handler (the writer thread itself).
    @discardableResult
    public func close() throws(AudioError) -> RecordingSummary {
        if thread?.isCurrent == true {
            throw AudioError(
                .invalidState, "close() the recorder from another thread: its event handlers run on its writer thread")
        }
        state.closing.store(true, ordering: .releasing)
        state.wake.signal()
        thread?.join()
        thread = nil
        if let error = state.failure.withLock({ $0 }) {
            state.observers.finish()
            throw error
        }
        do {
            try state.writer.close()
        } catch {
            state.fail(error)
            state.observers.finish()
            throw error
        }
        let summary = RecordingSummary(
            framesWritten: framesWritten, fileFrames: initialFrames + framesWritten,
            fileDuration: Double(initialFrames + framesWritten) / sampleRate,
            silenceFramesInserted: silenceFramesWritten, overflowFrames: overflowFrames, overflowEvents: overflowEvents)
        if !state.finished.exchange(true, ordering: .relaxed) {
            state.observers.post(.finished(summary))
            state.observers.finish()
        }
        return summary
    }
}

extension RecorderState {

    /// The writer thread: drain, sleep `flushInterval`, repeat; a final drain once closing.
    func runWriter(block: AudioBuffer) {
        var consumed = 0
        var held: Gap? = nil
        let interval = UInt64(flushInterval * 1e9)
        while true {
            let finishing = closing.load(ordering: .acquiring)
            let before = written.load(ordering: .relaxed)
            drain(block: block, consumed: &consumed, held: &held)
            let after = written.load(ordering: .relaxed)
            if after > before {
                if before == 0 { observers.post(.started) }
                observers.post(.framesWritten(after))
            }
            if finishing {
                // The producer has stopped: whatever gap it had not yet handed over ends the file.
                let last = pendingGap.exchange(0, ordering: .acquiring)
                if last > 0 { writeSilence(last) }
                return
            }
            wake.wait(timeoutNanoseconds: interval)
        }
    }

    private func drain(block: AudioBuffer, consumed: inout Int, held: inout Gap?) {
        while failure.withLock({ $0 }) == nil {
            // What the ring holds is read before the gaps: the producer queues a gap before it writes the audio
            // that follows it, so every gap within these frames is already queued. Popping first and reading
            // after could take audio written after a gap the pop missed, and the writer then passed that gap
            // for good (CI96, ThreadSanitizer: the file 11 520 frames short, everything after misplaced).
            let available = ring.availableToRead
            if held == nil { held = gaps.pop() }
            if let gap = held, gap.position == consumed {
                writeSilence(gap.length)
                held = nil
                continue
            }
            let limit = min(available, held.map { $0.position - consumed } ?? block.frameCapacity)
            // The writer reads the frames where they lie in the ring (no copy out first); on a failure they stay.
            let count: Int
            do {
                count = try ring.read(frames: min(block.frameCapacity, limit)) { segment throws(AudioError) in
                    try writer.write(segment)
                }
            } catch {
                fail(error)
                return
            }
            guard count > 0 else { return }
            consumed += count
            written.add(count, ordering: .relaxed)
        }
    }

    private func writeSilence(_ frames: Int) {
        do {
            try writer.writeSilence(frames: frames)
            written.add(frames, ordering: .relaxed)
            silenceWritten.add(frames, ordering: .relaxed)
        } catch {
            fail(error)
        }
    }

    /// Keeps the first error for `close()` and posts it.
    func fail(_ error: AudioError) {
        let first = failure.withLock { failure in
            defer { failure = failure ?? error }
            return failure == nil
        }
        if first { observers.post(.failed(error)) }
    }
}
