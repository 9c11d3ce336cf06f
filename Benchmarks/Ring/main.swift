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

/// Prints one table: for each block size, Decibel's and JACK's rates from the two timing functions.
func table(
    _ title: String, summary measure: String, decibel: (Int) -> Double, jack: (Int64, Int32, Int32) -> Double
) {
    print(title)
    var ratios: [Double] = []
    print("block   Decibel (Mframes/s)   jack_ringbuffer (Mframes/s)   ratio Decibel/JACK")
    for block in [64, 256, 1024] {
        let total = totalFrames - totalFrames % block
        let decibelSeconds = decibel(block)
        let jackSeconds = jack(Int64(total), Int32(block), Int32(capacity))
        guard jackSeconds > 0 else { print("error: jack_ringbuffer run failed (\(jackSeconds))"); continue }
        let decibelRate = Double(total) / decibelSeconds / 1e6, jackRate = Double(total) / jackSeconds / 1e6
        print(String(format: "%5d   %19.1f   %27.1f   %18.2f", block, decibelRate, jackRate, decibelRate / jackRate))
        ratios.append(decibelRate / jackRate)
    }
    let worst = ratios.min() ?? 0
    printSummary(
        measure, decibel: "throughput, blocks 64/256/1024", peer: "jack_ringbuffer", ratio: worst,
        goal: .atLeast(1.5))
}

table(
    "Ring-buffer cost, one thread writing and reading back \(totalFrames / 1_000_000) M stereo Float32 frames (the ring's own code)",
    summary: "ring buffer, one thread (worst block ratio ×JACK)", decibel: benchDecibelSingle,
    jack: decibel_bench_jack_ringbuffer_single)
print("")
table(
    "Ring-buffer throughput, \(totalFrames / 1_000_000) M stereo Float32 frames, capacity \(capacity) frames, 2 threads",
    summary: "ring buffer, two threads (worst block ratio ×JACK)", decibel: benchDecibel,
    jack: decibel_bench_jack_ringbuffer)
