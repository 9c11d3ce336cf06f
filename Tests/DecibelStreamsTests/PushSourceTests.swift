import DecibelCore
import DecibelGraph
import DecibelStreams
import Testing

/// Pushing says why nothing was taken instead of returning 0.
@Suite struct PushSourceTests {
    @Test func pushingBeforeTheSourceIsInAnEngineIsAnError() {
        let source = PushSource(format: .init(sampleRate: 16_000, channelCount: 1))
        let samples: [Int16] = Array(repeating: 1_000, count: 320)
        #expect {
            _ = try samples.withUnsafeBufferPointer { try source.push(interleaved: $0) }
        } throws: { error in
            (error as? AudioError)?.kind == .invalidState
        }
    }

    @Test func aConversionTheResamplerRefusesIsTheErrorAPushThrows() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
        // A rate no resampler converts from: the push carries the converter's error, not a silent 0.
        let source = PushSource(format: .init(sampleRate: .infinity, channelCount: 1))
        try engine.mainGroup.add(source)
        let samples: [Float] = Array(repeating: 0.5, count: 320)
        #expect {
            _ = try samples.withUnsafeBufferPointer { try source.push(interleaved: $0) }
        } throws: { error in
            print("push at an unconvertible rate: \(error)")
            return (error as? AudioError)?.kind == .invalidArgument
        }
        let fine = PushSource(format: .init(sampleRate: 16_000, channelCount: 1))
        try engine.mainGroup.add(fine)
        let second: [Float] = Array(repeating: 0.5, count: 3_200)  // past libsoxr's first-block latency
        #expect(try second.withUnsafeBufferPointer { try fine.push(interleaved: $0) } > 0)
    }
}
