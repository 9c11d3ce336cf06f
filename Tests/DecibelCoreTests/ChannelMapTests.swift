import DecibelCore
import Testing

@Suite struct ChannelMapTests {
    /// A buffer whose channel `c` holds `(c + 1) * 0.01 + i * 1e-5` at frame `i`: every sample distinct.
    private func distinctChannels(_ channels: Int, frames: Int) -> AudioBuffer {
        let buffer = AudioBuffer(channelCount: channels, frameCapacity: frames)
        for channel in 0..<channels {
            for i in 0..<frames { buffer[channel][i] = Float(channel + 1) * 0.01 + Float(i) * 1e-5 }
        }
        return buffer
    }

    private func mapped(_ map: ChannelMap, _ input: AudioBuffer, outputChannels: Int) -> AudioBuffer {
        let output = AudioBuffer(channelCount: outputChannels, frameCapacity: input.frameLength)
        for channel in 0..<outputChannels { output[channel].update(repeating: 99) }
        map.apply(input.view, to: output.view, frames: input.frameLength)
        return output
    }

    @Test func monoIsCopiedToBothSidesExactly() throws {
        let input = distinctChannels(1, frames: 300)
        let out = mapped(try .standard(from: 1, to: 2), input, outputChannels: 2)
        #expect(Array(out[0]) == Array(input[0]) && Array(out[1]) == Array(input[0]))
    }

    @Test func fivePointOneIsMixedDownWithTheITUCoefficientsExactly() throws {
        let input = distinctChannels(6, frames: 300)
        let map = try ChannelMap.standard(from: 6, to: 2)
        let out = mapped(map, input, outputChannels: 2)
        let g = Float(0.5.squareRoot())
        // L R C LFE Ls Rs: the sums in the order `apply` adds them, so equality is exact.
        for i in 0..<300 {
            let left = ((0 + input[0][i]) + input[2][i] * g) + input[4][i] * g
            let right = ((0 + input[1][i]) + input[2][i] * g) + input[5][i] * g
            #expect(out[0][i] == left && out[1][i] == right, "frame \(i)")
        }
        #expect(map.gains[3] == 0 && map.gains[6 + 3] == 0)  // LFE dropped
    }

    @Test func sevenPointOneKeepsBackAndSidePairsOnTheirSides() throws {
        let map = try ChannelMap.standard(from: 8, to: 2)
        let g = Float(0.5.squareRoot())
        #expect(Array(map.gains[0..<8]) == [1, 0, g, 0, g, 0, g, 0])
        #expect(Array(map.gains[8..<16]) == [0, 1, g, 0, 0, g, 0, g])
    }

    @Test func stereoToMonoAveragesAndPickingRoutes() throws {
        let input = distinctChannels(2, frames: 64)
        let mono = mapped(try .standard(from: 2, to: 1), input, outputChannels: 1)
        #expect((0..<64).allSatisfy { mono[0][$0] == (0 + input[0][$0] * 0.5) + input[1][$0] * 0.5 })

        let swapped = mapped(try .picking([1, 0, nil], from: 2), input, outputChannels: 3)
        #expect(Array(swapped[0]) == Array(input[1]) && Array(swapped[1]) == Array(input[0]))
        #expect(swapped[2].allSatisfy { $0 == 0 })
        #expect(try ChannelMap.standard(from: 2, to: 2).isIdentity)
        #expect(try !ChannelMap.picking([1, 0], from: 2).isIdentity)
    }

    @Test func moreOutputsThanTheMapHasAreLeftAloneAndMissingInputsAreSilent() throws {
        let input = distinctChannels(2, frames: 32)
        let out = mapped(try .standard(from: 4, to: 4), input, outputChannels: 5)
        #expect(Array(out[1]) == Array(input[1]))
        #expect(out[2].allSatisfy { $0 == 0 } && out[3].allSatisfy { $0 == 0 })
        #expect(out[4].allSatisfy { $0 == 99 })
    }

    @Test func normalizingScalesOnlyRowsThatCouldClip() throws {
        let map = try ChannelMap.standard(from: 6, to: 2).normalized()
        let rowSum = map.gains[0..<6].reduce(0, +)
        #expect(abs(rowSum - 1) < 1e-6)
        #expect(try ChannelMap.standard(from: 2, to: 1).normalized() == .standard(from: 2, to: 1))
    }

    @Test func badMapsAreRefusedWithAReason() {
        #expect(throws: AudioError.self) { _ = try ChannelMap(inputChannelCount: 2, outputChannelCount: 2, gains: [1]) }
        #expect(throws: AudioError.self) {
            _ = try ChannelMap(inputChannelCount: 1, outputChannelCount: 1, gains: [.nan])
        }
        do {
            _ = try ChannelMap.picking([0, 3], from: 2)
            Issue.record("a missing channel was accepted")
        } catch {
            #expect(error.description.contains("channel 3 does not exist in a 2-channel input"))
        }
    }
}
