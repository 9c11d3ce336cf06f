import DecibelCore
import Synchronization

/// The thread that reads a non-real-time `AudioPullSource` ahead of the render thread into a ring.
///
/// Each run of frames it writes is announced by a header (generation, first frame, count, or end of
/// file) on a second queue, after the frames. A seek from the render thread bumps the wanted generation;
/// the feeder then seeks and refills, and the render thread skips whatever older generations are queued,
/// so neither side ever waits for the other.
final class PlayerFeeder: @unchecked Sendable {
    struct Header {
        var generation: Int
        var start: Int
        var frames: Int
        var isEnd: Bool
    }

    let ring: FrameRingBuffer
    let headers = SPSCQueue<Header>(capacity: 256)
    /// Render thread → feeder: the generation wanted and the frame it starts at.
    let wantedGeneration = Atomic<Int>(0)
    let wantedFrame = Atomic<Int>(0)
    /// Render thread → feeder: loop at the end of the source.
    let loops = Atomic<Bool>(false)
    /// Reads that failed (treated as the end of the source).
    let readErrors = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let wake = WakeSignal()
    private let source: any AudioPullSource
    private let scratch: AudioBuffer
    private let chunk: Int
    private var thread: AudioThread?

    init(source: any AudioPullSource, ringFrames: Int, chunk: Int) throws(AudioError) {
        self.source = source
        self.chunk = chunk
        ring = FrameRingBuffer(channelCount: source.format.channelCount, capacity: ringFrames)
        scratch = AudioBuffer(channelCount: source.format.channelCount, frameCapacity: chunk)
        thread = try AudioThread(name: "decibel-feeder") { [self] in run() }
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        thread?.join()
        thread = nil
    }

    private func run() {
        var generation = -1
        var position = 0
        var ended = false
        while !stopping.load(ordering: .acquiring) {
            let wanted = wantedGeneration.load(ordering: .acquiring)
            if wanted != generation {
                generation = wanted
                position = max(0, wantedFrame.load(ordering: .relaxed))
                ended = false
                do { try source.seek(to: position) } catch { ended = end(generation, error: true) }
            }
            guard !ended, ring.availableToWrite >= chunk, headers.count < headers.capacity - 1 else {
                // The ring holds ≥ 0.5 s when it has no room for a chunk: 10 ms naps cost 100 wake-ups a second
                // (2 ms cost 500, most of `decibel play`'s CPU) and add at most 10 ms to a seek.
                wake.wait(timeoutNanoseconds: 10_000_000)
                continue
            }
            let count: Int
            do { count = try source.read(into: scratch.view(frames: chunk), frames: chunk) } catch {
                ended = end(generation, error: true)
                continue
            }
            if count > 0 {
                ring.write(scratch.view(frames: count))
                headers.push(Header(generation: generation, start: position, frames: count, isEnd: false))
                position += count
            }
            if count < chunk {
                if loops.load(ordering: .relaxed) && (count > 0 || position > 0) {
                    do { try source.seek(to: 0) } catch { ended = end(generation, error: true); continue }
                    position = 0
                } else {
                    ended = end(generation, error: false)
                }
            }
        }
    }

    private func end(_ generation: Int, error: Bool) -> Bool {
        if error { readErrors.wrappingAdd(1, ordering: .relaxed) }
        headers.push(Header(generation: generation, start: 0, frames: 0, isEnd: true))
        return true
    }
}
