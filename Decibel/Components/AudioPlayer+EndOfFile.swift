import DecibelCore
import Dispatch
import Synchronization

extension AudioPlayer {
    /// PulseAudio's sinks add their own latency to a stream's buffer (a null sink's, while it wakes from idle,
    /// up to 2 s in PulseAudio 16): the most a play-out waits beyond the buffer, should the measured latency
    /// be larger still.
    static let longestSinkLatency = 2.1

    /// The node has rendered the file's last frame, and the output still holds it: a deep PulseAudio buffer
    /// a second or more. The end is announced when it is heard (the output's latency, less what was
    /// rendered after the end), so `state` says `.playing` while the end is still heard, and an app that goes
    /// on to the next file (whose `play()` drops what is queued) does not cut this one's last second. A play,
    /// pause, stop, seek or load meanwhile cancels the announcement: the user has moved on.
    func reachedEnd(of node: FilePlayer) {
        let moves = transportMoves.load(ordering: .acquiring)
        let stream = output.stream
        let buffer = Double(stream.format.bufferSize) / stream.format.sampleRate
        let renderedSince = node.endSampleTime.map { Double(output.engine.sampleTime - $0) / sampleRate } ?? 0
        let wait = min(stream.outputLatencySeconds - renderedSince, buffer + Self.longestSinkLatency)
        guard wait > 0.001 else { return announceEnd() }
        DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [weak self] in
            guard let self, transportMoves.load(ordering: .acquiring) == moves else { return }
            announceEnd()
        }
    }

    /// Play, pause, stop, seek or load: an end of file still playing out is no longer announced.
    func transportMoved() {
        lastMoveSampleTime.store(output.engine.sampleTime, ordering: .releasing)
        transportMoves.add(1, ordering: .releasing)
    }

    /// Whether `node` stopped at the file's end after the last play, pause, stop, seek or load took effect, and
    /// after it was asked for (a command asked for is applied a block later): while `state` is `.playing`, the
    /// output is still playing that end. Seen from the render thread's side at once (the end's event reaches
    /// `reachedEnd(of:)` up to a service period later, 20 ms or more).
    func isPlayingOut(_ node: FilePlayer) -> Bool {
        node.isAtEnd && (node.endSampleTime ?? .min) > lastMoveSampleTime.load(ordering: .acquiring)
    }

    private func announceEnd() {
        setState(.stopped)
        handlers.withLock { $0.endOfFile }?()
        post(.endOfFile)
    }
}
