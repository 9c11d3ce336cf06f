import DecibelCore
import Testing

@Suite("DuplexCushion")
struct DuplexCushionTests {
    /// Writes a mono block of `frames` frames counting up from `start`; whether all of it fitted.
    private func write(_ cushion: DuplexCushion, from start: Int, frames: Int) -> Bool {
        let buffer = AudioBuffer(channelCount: 1, frameCapacity: frames)
        for index in 0..<frames { buffer[0][index] = Float(start + index) }
        return buffer.withView { cushion.write($0) }
    }

    @Test("silence until the cushion and one block are waiting, then the capture in order, then an underrun")
    func fillsThenCarriesThenUnderruns() {
        let cushion = DuplexCushion(channelCount: 1, cushionFrames: 8, capacity: 64, maximumFrames: 4)
        #expect(write(cushion, from: 0, frames: 8))
        let early = cushion.read(frames: 4)
        #expect(!early.underran && (0..<4).allSatisfy { early.input.samples(0)[$0] == 0 }, "8 waiting: not 8 + 4")
        #expect(write(cushion, from: 8, frames: 4))
        let first = cushion.read(frames: 4)
        #expect(!first.underran && (0..<4).map { first.input.samples(0)[$0] } == [0, 1, 2, 3])
        // 8 frames left: two more reads, then the ring is short.
        _ = cushion.read(frames: 4)
        let last = cushion.read(frames: 4)
        #expect(!last.underran && (0..<4).map { last.input.samples(0)[$0] } == [8, 9, 10, 11])
        let short = cushion.read(frames: 4)
        #expect(short.underran, "a read that finds the ring short after it filled is an xrun")
        #expect((0..<4).allSatisfy { short.input.samples(0)[$0] == 0 })
        #expect(!cushion.read(frames: 4).underran, "after an underrun it fills again quietly")
    }

    @Test("a full ring reports the overrun; reset() empties it and waits for the cushion again")
    func overrunAndReset() {
        let cushion = DuplexCushion(channelCount: 1, cushionFrames: 4, capacity: 16, maximumFrames: 4)
        #expect(write(cushion, from: 0, frames: 16))
        #expect(!write(cushion, from: 16, frames: 4), "no room: frames dropped")
        #expect(cushion.read(frames: 4).input.samples(0)[0] == 0)
        cushion.reset()
        #expect(write(cushion, from: 100, frames: 4))
        let after = cushion.read(frames: 4)
        #expect(!after.underran && after.input.samples(0)[0] == 0, "4 waiting is not 4 + 4: silence")
    }
}
