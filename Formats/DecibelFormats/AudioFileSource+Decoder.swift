import DecibelCore
import DecibelStreams
import Synchronization

/// What an `AudioFileSource`'s decoder thread shares with the render and control threads: the file, the
/// ring and the flags. Its own object so the thread can keep it alive without keeping the source alive.
final class FileDecoderState: @unchecked Sendable {
    let file: AudioFile
    let ring: FrameRingBuffer
    let wake = WakeSignal()
    let stopping = Atomic<Bool>(false)
    /// Whether every frame of the file is in the ring (until a seek or a loop restarts the decoder).
    let finished = Atomic<Bool>(false)
    let looping = Atomic<Bool>(false)
    let failure = Locked<AudioError?>(nil)
    /// The rate the ring holds.
    let outputRate: Double
    /// How long the decoder sleeps when the ring is full, and when it is full at the end of the file.
    let napNanoseconds: UInt64, endNapNanoseconds: UInt64

    // Seeking: the control thread posts a file frame; the decoder seeks, then publishes how many frames
    // it had put in the ring before (`staleUntil`) and the new playhead; the render thread skips those.
    let seekRequest = Atomic<Int>(-1)
    let staleUntil = Atomic<Int>(0)
    let seekBase = Atomic<Int>(0)
    /// Until when (`MonotonicClock`) the decoder naps only briefly, because a render-thread seek is coming.
    private let seekExpectedUntil = Atomic<UInt64>(0)

    /// `keep`: the frames a nap must leave in a full ring (the most the render thread takes at once, and one
    /// decoded chunk), and two thirds of it at least, so that a reader of small blocks still finds most of the
    /// ring after a late wake-up. A nap is the time the rest lasts: 10 ms to 1 s.
    init(file: AudioFile, outputRate: Double, capacity: Int, keep: Int?) {
        self.file = file
        self.outputRate = outputRate
        ring = FrameRingBuffer(channelCount: file.channelCount, capacity: capacity)
        let spare = Double(ring.capacity - max(keep ?? 0, ring.capacity * 2 / 3)) / outputRate
        napNanoseconds = UInt64(min(1, max(0.01, spare)) * 1e9)
        endNapNanoseconds = UInt64(min(0.25, Double(ring.capacity) / outputRate / 8) * 1e9)
    }

    /// Control thread: a render-thread seek is coming (`AudioPullSource.seekIsComing()`).
    func expectSeek() {
        seekExpectedUntil.store(MonotonicClock.now() &+ 250_000_000, ordering: .relaxed)
        wake.signal()
    }

    /// The decoder thread's rate conversion: the resampler, a decoded chunk and the resampler's output for it.
    struct RateConversion: Sendable {
        let resampler: Resampler
        let input: AudioBuffer
        let output: AudioBuffer

        /// The same with a fresh resampler (soxr has no allocation-free reset, and this is not the render thread).
        func renewed() throws(AudioError) -> RateConversion {
            RateConversion(
                resampler: try Resampler(
                    inputRate: resampler.inputRate, outputRate: resampler.outputRate,
                    channelCount: resampler.channelCount, maxInputFrames: resampler.maxInputFrames),
                input: input, output: output)
        }
    }

    /// The decoder thread: keeps the ring full, resampling when the rates differ (`conversion`), and serves
    /// seeks. It stays alive at the end of the file (a seek can restart it) until `stop()`.
    func run(conversion initial: RateConversion?) {
        var conversion = initial
        let need = conversion?.output.frameCapacity ?? file.chunkFrames
        var pending = 0, offset = 0  // decoded input not yet consumed by the resampler
        var produced = 0, ended = false
        while !stopping.load(ordering: .acquiring) {
            let request = seekRequest.load(ordering: .acquiring)
            if request >= 0 {
                do {
                    let renewed = try conversion?.renewed()
                    try restart(at: request)
                    conversion = renewed
                    ended = false
                } catch {
                    failure.withLock { $0 = error }
                    ended = true
                }
                pending = 0
                offset = 0
                seekBase.store(
                    Int((Double(request) * outputRate / Double(file.sampleRate)).rounded()), ordering: .relaxed)
                staleUntil.store(produced, ordering: .releasing)
                _ = seekRequest.compareExchange(expected: request, desired: -1, ordering: .acquiringAndReleasing)
            }
            if ended && looping.load(ordering: .relaxed) && failure.withLock({ $0 == nil }) && file.frameCount > 0 {
                // Looping was switched on after the whole file was decoded: carry on from the start. With a
                // resampler the tail was already flushed, so a fresh one starts (seamless without one).
                do {
                    let renewed = try conversion?.renewed()
                    try restart(at: 0)
                    conversion = renewed
                    ended = false
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            guard !ended, ring.availableToWrite >= need else {
                // A full ring holds `bufferSeconds` or more (1 s by default): a nap of what it holds beyond two
                // thirds of it, or beyond what the render thread may take at once and a chunk if that is more (1 s
                // at most), costs one to three wake-ups a second. A control thread's seek or stop signals `wake`
                // and is seen at once.
                // A render thread may not signal (that takes a lock), so its seek is seen when the nap ends:
                // while one is announced the nap is 2 ms, since a longer one would be heard as silence after
                // the seek. A render thread's seek empties the ring, so the decoder refills it when it sees the
                // seek; a control thread's leaves the stale frames for the next render to skip.
                // At the end of the file the nap is an eighth of the ring, 250 ms at most: a player looping by
                // seeking back from the render thread (FilePlayer's `isLooping` over this source) does so
                // unannounced, and the start of the file is then that late.
                let announced = MonotonicClock.now() < seekExpectedUntil.load(ordering: .relaxed)
                let nap = ended ? min(napNanoseconds, endNapNanoseconds) : napNanoseconds
                wake.wait(timeoutNanoseconds: announced ? 2_000_000 : nap)
                continue
            }
            guard var current = conversion else {
                produced += decodeIntoRing(frames: need, ended: &ended)
                if ended { finished.store(true, ordering: .releasing) }
                continue
            }
            let input = current.input, output = current.output
            if pending == 0 {
                do {
                    pending = try file.read(into: input.view(frames: input.frameCapacity))
                    if pending == 0 && looping.load(ordering: .relaxed) && file.frameCount > 0 {
                        // Seamless loop: carry on from the first frame through the same resampler, unless
                        // looping was switched on after it began flushing the tail: then a fresh one.
                        if current.resampler.isFlushing {
                            let renewed = try current.renewed()
                            try restart(at: 0)
                            current = renewed
                            conversion = current
                        } else {
                            try file.seek(toFrame: 0)
                        }
                        pending = try file.read(into: input.view(frames: input.frameCapacity))
                    }
                } catch {
                    // Play what decoded before the damage; a seek back may still work.
                    failure.withLock { $0 = error }
                    pending = 0
                }
                offset = 0
            }
            let resampler = current.resampler
            if pending == 0 {
                let drained = resampler.flush(into: output.view)
                produced += ring.write(output.view(frames: drained))
                if drained == 0 { ended = true }
            } else {
                let result = resampler.process(input.view.slice(from: offset, count: pending), into: output.view)
                offset += result.consumed
                pending -= result.consumed
                produced += ring.write(output.view(frames: result.produced))
            }
            if ended { finished.store(true, ordering: .releasing) }
        }
    }

    /// Decoder thread, no rate conversion: decodes up to `frames` straight into the ring's free space (no copy
    /// through a chunk buffer: a 30 s stereo FLAC played spent 2-4 ms of the decoder's ~40 ms on that copy); at
    /// the end of the file starts over when looping, else sets `ended`. Damage ends it too, after what decoded
    /// before the chunk it is in.
    private func decodeIntoRing(frames: Int, ended: inout Bool) -> Int {
        do {
            let written = try ring.write(frames: frames) { (view) throws(AudioError) -> Int in
                var read = try file.read(into: view)
                if read == 0 && looping.load(ordering: .relaxed) && file.frameCount > 0 {
                    try file.seek(toFrame: 0)  // seamless: the first frame follows the last in the ring
                    read = try file.read(into: view)
                }
                return read
            }
            if written == 0 { ended = true }
            return written
        } catch {
            failure.withLock { $0 = error }
            ended = true
            return 0
        }
    }

    /// Decoder thread: moves the file to `frame` and clears `finished`. A caller with a rate conversion renews it
    /// first, so a failure to make the new resampler leaves the decoder as it was (finished, when it had).
    private func restart(at frame: Int) throws(AudioError) {
        try file.seek(toFrame: frame)
        finished.store(false, ordering: .releasing)
    }
}
