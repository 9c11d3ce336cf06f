// Ring-buffer throughput: Decibel's FrameRingBuffer (non-interleaved stereo planes) against libjack's
// jack_ringbuffer (interleaved stereo bytes), both moving the same frames between two threads in the
// same run. Prints frames per second and the ratio Decibel / JACK for blocks of 64, 256 and 1024 frames.
//   swift run -c release --package-path Benchmarks ring-bench [million-frames]
import BenchSummary
import CJackRingBench
import DecibelCore
import Foundation

let totalFrames = (CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 400) * 1_000_000
let capacity = 8192

/// Seconds to move `totalFrames` stereo frames in blocks of `block` through a FrameRingBuffer.
func benchDecibel(block: Int) -> Double {
    let ring = FrameRingBuffer(channelCount: 2, capacity: capacity)
    let total = totalFrames - totalFrames % block
    let producer = Thread {
        let chunk = AudioBuffer(channelCount: 2, frameCapacity: block)
        chunk.withView { view in
            var next = 0
            while next < total {
                // Only the frames the consumer checks are stamped: the loop measures the ring, not the
                // cost of generating samples (the C producer does exactly the same).
                view.samples(0)[0] = Float(next & 0xFFFFFF)
                view.samples(1)[block - 1] = -Float((next + block - 1) & 0xFFFFFF)
                var sent = 0
                while sent < block {
                    let written = ring.write(view.slice(from: sent, count: block - sent))
                    sent += written
                    if written == 0 { sched_yield() }
                }
                next += block
            }
        }
    }
    let chunk = AudioBuffer(channelCount: 2, frameCapacity: block)
    var broken = false
    let start = MonotonicClock.now()
    producer.start()
    chunk.withView { view in
        var next = 0
        while next < total {
            var got = 0
            while got < block {
                let read = ring.read(into: view.slice(from: got, count: block - got))
                got += read
                if read == 0 { sched_yield() }
            }
            if view.samples(0)[0] != Float(next & 0xFFFFFF)
                || view.samples(1)[block - 1] != -Float((next + block - 1) & 0xFFFFFF)
            {
                broken = true
            }
            next += block
        }
    }
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    if broken { print("error: FrameRingBuffer delivered frames out of order") }
    return elapsed
}

/// Seconds for one thread to write and read back `totalFrames` frames in blocks: the ring's own cost.
func benchDecibelSingle(block: Int) -> Double {
    let ring = FrameRingBuffer(channelCount: 2, capacity: capacity)
    let input = AudioBuffer(channelCount: 2, frameCapacity: block)
    let output = AudioBuffer(channelCount: 2, frameCapacity: block)
    var broken = false
    let start = MonotonicClock.now()
    input.withView { source in
        output.withView { destination in
            var next = 0
            while next < totalFrames {
                source.samples(0)[0] = Float(next & 0xFFFFFF)
                if ring.write(source) != block { broken = true }
                if ring.read(into: destination) != block { broken = true }
                if destination.samples(0)[0] != source.samples(0)[0] { broken = true }
                next += block
            }
        }
    }
    let elapsed = Double(MonotonicClock.now() - start) / 1e9
    if broken { print("error: FrameRingBuffer returned wrong frames") }
    return elapsed
}

/// Seconds to render `totalFrames` stereo frames straight into the ring and take them where they lie (the
/// zero-copy regions), and the reader's checksum. The render is a ramp (vectorised on both sides); the reader
/// looks at the block's first and last frame, as a reader that hands the block on does.
func benchDecibelRegions(block: Int) -> (seconds: Double, sum: Double) {
    let ring = FrameRingBuffer(channelCount: 2, capacity: capacity)
    var total: Float = 0
    let start = MonotonicClock.now()
    var next = 0
    while next < totalFrames {
        var rendered = Int32(truncatingIfNeeded: next)
        ring.write(frames: block) { segment in
            let left = segment.samples(0), right = segment.samples(1)
            for frame in 0..<Int32(segment.frameCount) {
                let value = Float((rendered &+ frame) & 0xFFFF) * (1 / 65536)
                left[Int(frame)] = value
                right[Int(frame)] = -value
            }
            rendered &+= Int32(segment.frameCount)
            return segment.frameCount
        }
        ring.read(frames: block) { segment in
            total += segment.samples(0)[0] - segment.samples(1)[segment.frameCount - 1]
        }
        next += block
    }
    return (Double(MonotonicClock.now() - start) / 1e9, Double(total))
}

/// Prints one table: for each block size, Decibel's and JACK's rates from the two timing functions, the best of
/// `rounds` runs each, taking turns (one run of each side moved by up to 30 % between runs on the 2-core VM).
func table(
    _ title: String, summary measure: String?, rounds: Int, decibel: (Int) -> Double,
    jack: (Int64, Int32, Int32) -> Double
) {
    print(title)
    var ratios: [Double] = []
    print("block   Decibel (Mframes/s)   jack_ringbuffer (Mframes/s)   ratio Decibel/JACK")
    for block in [64, 256, 1024] {
        let total = totalFrames - totalFrames % block
        var decibelSeconds = Double.infinity, jackSeconds = Double.infinity
        for _ in 0..<rounds {
            decibelSeconds = min(decibelSeconds, decibel(block))
            let seconds = jack(Int64(total), Int32(block), Int32(capacity))
            jackSeconds = seconds > 0 ? min(jackSeconds, seconds) : seconds
            if seconds <= 0 { break }
        }
        guard jackSeconds > 0 else { print("error: jack_ringbuffer run failed (\(jackSeconds))"); continue }
        let decibelRate = Double(total) / decibelSeconds / 1e6, jackRate = Double(total) / jackSeconds / 1e6
        print(String(format: "%5d   %19.1f   %27.1f   %18.2f", block, decibelRate, jackRate, decibelRate / jackRate))
        ratios.append(decibelRate / jackRate)
    }
    guard let measure else { return }
    printSummary(
        measure, decibel: "throughput, blocks 64/256/1024", peer: "jack_ringbuffer", ratio: ratios.min() ?? 0,
        goal: .atLeast(1.0))
}

table(
    "Ring-buffer cost, one thread writing and reading back \(totalFrames / 1_000_000) M stereo Float32 frames (the ring's own code), best of 5",
    summary: "ring buffer, one thread (worst block ratio ×JACK)", rounds: 5, decibel: benchDecibelSingle,
    jack: decibel_bench_jack_ringbuffer_single)

// The copy against its floor: a write and a read of 1024 frames against two plain memcpys of the same bytes
// through a middle buffer of the ring's size, the best of five turns each.
var floorSeconds = Double.infinity, ringSeconds = Double.infinity
for _ in 0..<5 {
    floorSeconds = min(floorSeconds, decibel_bench_memcpy_single(Int64(totalFrames), 1024, Int32(capacity)))
    ringSeconds = min(ringSeconds, benchDecibelSingle(block: 1024))
}
guard floorSeconds > 0 else { fatalError("the memcpy floor failed (\(floorSeconds))") }
print(String(format: "block 1024: ring write + read %.3f s, two memcpys %.3f s", ringSeconds, floorSeconds))
printSummary(
    "ring buffer, one thread, block 1024 (÷ two plain memcpys)", decibel: String(format: "%.3f s", ringSeconds),
    peer: String(format: "memcpy %.3f s", floorSeconds), ratio: ringSeconds / floorSeconds, goal: .atMost(1.1))

// Zero copy: rendering into the ring and reading in place, against rendering into a buffer, writing it into a
// jack_ringbuffer and reading it out (the same render and the same reader's sum on both sides).
print("\nRendering into the ring and reading in place (regions) against render + jack_ringbuffer write + read")
var regionRatios: [Double] = []
for block in [64, 256, 1024] {
    var ours = Double.infinity, theirs = Double.infinity, ourSum = 0.0, theirSum = 0.0
    for _ in 0..<3 {
        let (seconds, sum) = benchDecibelRegions(block: block)
        ours = min(ours, seconds)
        ourSum = sum
        theirs = min(
            theirs, decibel_bench_jack_render_through(Int64(totalFrames), Int32(block), Int32(capacity), &theirSum))
    }
    if ourSum != theirSum { print("error: the sums differ: \(ourSum) against jack's \(theirSum)") }
    print(
        String(
            format: "%5d   regions %.3f s   jack render+write+read %.3f s   ratio %.2f", block, ours, theirs,
            theirs / ours))
    regionRatios.append(theirs / ours)
}
printSummary(
    "ring regions: render into the ring + read in place (× render + jack_ringbuffer write + read), worst of 64/256/1024",
    decibel: "FrameRingBuffer.write(frames:) / read(frames:)", peer: "buffer + jack_ringbuffer",
    ratio: regionRatios.min() ?? 0, goal: .atLeast(1.5))

print("")
table(
    "Ring-buffer throughput, \(totalFrames / 1_000_000) M stereo Float32 frames, capacity \(capacity) frames, 2 threads (no goal: scheduling on a VM dominates)",
    summary: nil, rounds: 1, decibel: benchDecibel, jack: decibel_bench_jack_ringbuffer)
