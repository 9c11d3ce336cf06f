import DecibelCore
import Testing

/// The zero-copy side of the ring: rendering into its free space and reading frames where they lie.
@Suite("FrameRingBuffer regions")
struct FrameRingBufferRegionTests {
    struct Refused: Error {}

    /// A ring of 8 whose next write starts at slot 6, so 5 frames wrap: 2 at the end, 3 at the start.
    func wrappedRing() -> FrameRingBuffer {
        let ring = FrameRingBuffer(channelCount: 2, capacity: 8)
        ring.writeSilence(frames: 6)
        ring.skip(frames: 6)
        return ring
    }

    @Test("a write renders into the free space segment by segment, across the seam, and publishes it all")
    func writeAcrossTheSeam() {
        let ring = wrappedRing()
        var segments: [Int] = []
        var next: Float = 0
        let written = ring.write(frames: 5) { segment in
            segments.append(segment.frameCount)
            for frame in 0..<segment.frameCount {
                segment.samples(0)[frame] = next
                segment.samples(1)[frame] = -next
                next += 1
            }
            return segment.frameCount
        }
        #expect(written == 5 && segments == [2, 3])
        let out = AudioBuffer(channelCount: 2, frameCapacity: 8)
        #expect(ring.read(into: out) == 5)
        #expect(out.samples(ofChannel: 0).prefix(5) == [0, 1, 2, 3, 4])
        #expect(out.samples(ofChannel: 1).prefix(5) == [0, -1, -2, -3, -4])
    }

    @Test("a segment filled short ends the write: only the filled frames are published")
    func shortFill() {
        let ring = wrappedRing()
        var calls = 0
        let written = ring.write(frames: 5) { segment in
            calls += 1
            segment.samples(0)[0] = 7
            return 1
        }
        #expect(written == 1 && calls == 1 && ring.availableToRead == 1)
        #expect(ring.write(frames: 100) { $0.frameCount } == 7, "the rest of the ring is still free")
    }

    @Test("a write into a full ring, or of 0 frames, does not call the closure")
    func fullRing() {
        let ring = FrameRingBuffer(channelCount: 1, capacity: 4)
        ring.writeSilence(frames: 4)
        var called = false
        #expect(
            ring.write(frames: 3) {
                called = true; return $0.frameCount
            } == 0)
        #expect(
            ring.write(frames: 0) {
                called = true; return $0.frameCount
            } == 0)
        #expect(!called)
    }

    @Test("a read hands the frames where they lie, across the seam, then frees them")
    func readAcrossTheSeam() {
        let ring = wrappedRing()
        let source = AudioBuffer(channelCount: 2, frameCapacity: 5)
        for frame in 0..<5 {
            source[0][frame] = Float(frame)
            source[1][frame] = Float(frame) * 10
        }
        #expect(ring.write(source) == 5)
        var left: [Float] = [], right: [Float] = []
        let read = ring.read(frames: 8) { segment in
            left += segment[0]
            right += segment[1]
        }
        #expect(read == 5 && left == [0, 1, 2, 3, 4] && right == [0, 10, 20, 30, 40])
        #expect(ring.availableToRead == 0 && ring.availableToWrite == 8)
    }

    @Test("a closure that throws publishes nothing (write) and frees nothing (read)")
    func throwingClosures() {
        let ring = wrappedRing()
        #expect(throws: Refused.self) {
            try ring.write(frames: 5) { (segment: AudioBufferView) throws(Refused) -> Int in
                if segment.frameCount == 3 { throw Refused() }
                return segment.frameCount
            }
        }
        #expect(ring.availableToRead == 0)
        ring.writeSilence(frames: 4)
        #expect(throws: Refused.self) {
            try ring.read(frames: 4) { (_: AudioBufferView) throws(Refused) in throw Refused() }
        }
        #expect(ring.availableToRead == 4)
    }

    @Test("contiguousReadable gives one view of a block that does not wrap, nil for one that does or is not there")
    func contiguous() {
        let ring = FrameRingBuffer(channelCount: 1, capacity: 8)
        #expect(ring.contiguousReadable(frames: 1) == nil)
        ring.writeSilence(frames: 6)
        #expect(ring.contiguousReadable(frames: 4)?.frameCount == 4)
        #expect(ring.contiguousReadable(frames: 7) == nil)
        ring.skip(frames: 5)
        ring.writeSilence(frames: 4)
        #expect(ring.contiguousReadable(frames: 3)?.frameCount == 3, "slots 5, 6, 7")
        #expect(ring.contiguousReadable(frames: 4) == nil, "slots 5 … 0 wrap")
    }
}
