/// Carries a duplex stream's captured audio to its playback callback where the server runs capture and
/// playback as two streams that tick on their own (PulseAudio, PipeWire): a ring, silence until a cushion
/// has filled, and, when playback finds it short, silence again until the cushion refills.
///
/// `write(_:)` belongs to the capture callback and `read(frames:)` to the playback callback; both are
/// real-time safe (everything is allocated in `init`). With both callbacks on one thread (PulseAudio's
/// mainloop) the ring still keeps the two block sizes independent.
public final class DuplexCushion: @unchecked Sendable {
    /// Frames that must wait in the ring before playback takes from it.
    public let cushionFrames: Int
    private let ring: FrameRingBuffer
    private let carried: AudioBuffer
    // Playback callback only (reset by the control thread while no callback runs).
    private var filled = false

    /// A cushion of `cushionFrames` for `channelCount` captured channels, in a ring of `capacity` frames;
    /// playback reads at most `maximumFrames` at a time.
    public init(channelCount: Int, cushionFrames: Int, capacity: Int, maximumFrames: Int) {
        self.cushionFrames = cushionFrames
        ring = FrameRingBuffer(channelCount: channelCount, capacity: max(capacity, cushionFrames + maximumFrames))
        carried = AudioBuffer(channelCount: channelCount, frameCapacity: maximumFrames)
    }

    /// Capture callback: queues `input`; returns false when the ring was full and frames were dropped (an
    /// overrun, for the caller to count).
    public func write(_ input: AudioBufferView) -> Bool {
        ring.write(input) == input.frameCount
    }

    /// Playback callback: the captured audio for a block of `frames` (at most `maximumFrames`), silence
    /// while the cushion fills; `underran` is true when the ring ran short after it had filled (an xrun, for
    /// the caller to count).
    public func read(frames: Int) -> (input: AudioBufferView, underran: Bool) {
        let input = carried.view(frames: min(frames, carried.frameCapacity))
        if !filled && ring.availableToRead >= cushionFrames + input.frameCount { filled = true }
        let got = filled ? ring.read(into: input) : 0
        guard got < input.frameCount else { return (input, false) }
        input.slice(from: got, count: input.frameCount - got).clear()
        let underran = filled
        filled = false
        return (input, underran)
    }

    /// Playback callback: ``read(frames:)``'s input, with an underrun counted as an xrun on `status` (nil: not
    /// counted, as in a warm-up cycle).
    public func read(frames: Int, countingUnderrunsOn status: StreamStatus?) -> AudioBufferView {
        let (input, underran) = read(frames: frames)
        if underran { status?.recordXrunFromRenderThread() }
        return input
    }

    /// Control thread, no callback running: empties the ring before a (re)start.
    public func reset() {
        filled = false
        ring.skip(frames: ring.availableToRead)
    }
}
