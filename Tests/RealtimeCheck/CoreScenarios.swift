import DecibelCore

/// Render-path pieces of DecibelCore exercised directly inside a real-time section.
enum CoreScenarios {
    static let all: [Scenario] = [ringAndQueues, deliberateAllocation]

    /// Ring buffer, message queue and conversions used from inside a real-time section.
    static let ringAndQueues = Scenario("core-ring-and-queues", "FrameRingBuffer, SPSCQueue and sample conversion in a real-time section") {
        let ring = FrameRingBuffer(channelCount: 2, capacity: 4096)
        let queue = SPSCQueue<Int>(capacity: 64)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 256)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 256 * 2 * 4, alignment: 16)
        defer { bytes.deallocate() }
        for _ in 0..<100 {
            RealtimeSanitizer.enter()
            ring.write(block.view)
            queue.push(1)
            SampleConversion.interleave(block.view, frames: 256, into: bytes, as: .int24)
            SampleConversion.deinterleave(bytes, as: .int24, frames: 256, into: block.view)
            RealtimeSanitizer.exit()
            ring.read(into: block.view)
            _ = queue.pop()
        }
    }

    /// Proof that the harness catches what it should: allocates inside the section. Must abort.
    static let deliberateAllocation = Scenario("deliberate-allocation", "allocates an array inside a real-time section; the sanitizer must abort", expectsViolation: true) {
        RealtimeSanitizer.enter()
        let array = [Int](repeating: 7, count: Int.random(in: 100...200))
        RealtimeSanitizer.exit()
        if array.isEmpty { throw ScenarioFailure("unreachable") }
    }
}
