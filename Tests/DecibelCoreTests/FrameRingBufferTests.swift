import DecibelCore
import Foundation
import Testing

@Suite("FrameRingBuffer")
struct FrameRingBufferTests {
    private func block(_ values: [Float], channels: Int = 2) -> AudioBuffer {
        let buffer = AudioBuffer(channelCount: channels, frameCapacity: values.count)
        for channel in 0..<channels {
            for (i, value) in values.enumerated() { buffer[channel][i] = value * Float(channel + 1) }
        }
        return buffer
    }

    @Test(
        "capacity rounds up to a power of two",
        arguments: [(1, 1), (2, 2), (3, 4), (1000, 1024), (1024, 1024), (1025, 2048)])
    func capacityRounding(requested: Int, actual: Int) {
        #expect(FrameRingBuffer(channelCount: 1, capacity: requested).capacity == actual)
    }

    @Test("a full ring refuses more, an empty one yields nothing, and both sides see exact counts")
    func fullAndEmpty() {
        let ring = FrameRingBuffer(channelCount: 2, capacity: 8)
        let out = AudioBuffer(channelCount: 2, frameCapacity: 16)
        #expect(ring.availableToRead == 0)
        #expect(ring.read(into: out) == 0)
        #expect(ring.write(block((0..<5).map(Float.init))) == 5)
        #expect(ring.availableToWrite == 3)
        #expect(ring.write(block((5..<12).map(Float.init))) == 3)
        #expect(ring.write(block([99])) == 0)
        #expect(ring.availableToRead == 8)
        #expect(ring.read(into: out) == 8)
        #expect(out.samples(ofChannel: 0).prefix(8) == ArraySlice((0..<8).map(Float.init)))
        #expect(out.samples(ofChannel: 1).prefix(8) == ArraySlice((0..<8).map { Float($0) * 2 }))
        #expect(ring.availableToRead == 0 && ring.availableToWrite == 8)
    }

    @Test("a capacity-1 ring alternates write and read")
    func capacityOne() {
        let ring = FrameRingBuffer(channelCount: 1, capacity: 1)
        let out = AudioBuffer(channelCount: 1, frameCapacity: 1)
        for i in 0..<10 {
            #expect(ring.write(block([Float(i)], channels: 1)) == 1)
            #expect(ring.write(block([0], channels: 1)) == 0)
            #expect(ring.read(into: out) == 1)
            #expect(out[0][0] == Float(i))
        }
    }

    @Test("wrap-around keeps order across the seam; silence and skip count exactly")
    func wrapSilenceAndSkip() {
        let ring = FrameRingBuffer(channelCount: 1, capacity: 4)
        let out = AudioBuffer(channelCount: 1, frameCapacity: 4)
        #expect(ring.write(block([1, 2, 3], channels: 1)) == 3)
        #expect(ring.skip(frames: 2) == 2)
        #expect(ring.writeSilence(frames: 2) == 2)
        #expect(ring.write(block([4, 5], channels: 1)) == 1)
        #expect(ring.read(into: out) == 4)
        #expect(out.samples(ofChannel: 0) == [3, 0, 0, 4])
    }

    @Test("two threads move 10 million stereo frames in order with random chunk sizes")
    func twoThreadStress() async {
        let total = 10_000_000
        let ring = FrameRingBuffer(channelCount: 2, capacity: 4096)
        let producer = Thread {
            var generator = SystemRandomNumberGenerator()
            let chunk = AudioBuffer(channelCount: 2, frameCapacity: 3000)
            var next = 0
            while next < total {
                let size = min(Int.random(in: 1...3000, using: &generator), total - next)
                for i in 0..<size {
                    chunk[0][i] = Float(next + i)
                    chunk[1][i] = -Float(next + i)
                }
                var sent = 0
                withExtendedLifetime(chunk) {
                    while sent < size {
                        let written = ring.write(chunk.view(frames: size).slice(from: sent, count: size - sent))
                        sent += written
                        if written == 0 { sched_yield() }
                    }
                }
                next += size
            }
        }
        producer.start()
        let chunk = AudioBuffer(channelCount: 2, frameCapacity: 3000)
        var received = 0, outOfOrder = 0
        while received < total {
            let size = Int.random(in: 1...3000)
            let count = withExtendedLifetime(chunk) { ring.read(into: chunk.view(frames: size)) }
            if count == 0 { sched_yield(); continue }
            for i in 0..<count where chunk[0][i] != Float(received + i) || chunk[1][i] != -Float(received + i) {
                outOfOrder += 1
            }
            received += count
        }
        #expect(received == total)
        #expect(outOfOrder == 0)
        #expect(ring.availableToRead == 0)
    }
}
