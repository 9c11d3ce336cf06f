import CDecibelSIMD
import Testing

/// The interleaved 16-bit kernel's vector path equals a plain integer fold, at every length and edge value.
@Suite struct SixteenBitKernelTests {
    struct Summary: Equatable {
        var minimum: [Int32]
        var maximum: [Int32]
        var squares: [Double]
    }

    /// audiowaveform's rules written out one frame at a time.
    static func reference(_ samples: [Int16], channels: Int, mix: Bool) -> Summary {
        let outputs = mix ? 1 : channels
        var result = Summary(
            minimum: Array(repeating: .max, count: outputs), maximum: Array(repeating: .min, count: outputs),
            squares: Array(repeating: 0, count: outputs))
        for frame in 0..<(samples.count / channels) {
            let values: [Int32]
            if mix {
                let sum = (0..<channels).reduce(Int32(0)) { $0 + Int32(samples[frame * channels + $1]) }
                values = [sum / Int32(channels)]
            } else {
                values = (0..<channels).map { Int32(samples[frame * channels + $0]) }
            }
            for (index, value) in values.enumerated() {
                result.minimum[index] = min(result.minimum[index], value)
                result.maximum[index] = max(result.maximum[index], value)
                result.squares[index] += Double(Int64(value) * Int64(value))
            }
        }
        return result
    }

    static func kernel(_ samples: [Int16], channels: Int, mix: Bool, measuresSquares: Bool = true) -> Summary {
        let outputs = mix ? 1 : channels
        var result = Summary(
            minimum: Array(repeating: .max, count: outputs), maximum: Array(repeating: .min, count: outputs),
            squares: Array(repeating: 0, count: outputs))
        samples.withUnsafeBufferPointer { frames in
            result.squares.withUnsafeMutableBufferPointer { squares in
                decibel_summarize_interleaved_int16(
                    frames.baseAddress, channels, samples.count / channels, mix ? 1 : 0, &result.minimum,
                    &result.maximum, measuresSquares ? squares.baseAddress : nil)
            }
        }
        return result
    }

    @Test(arguments: [(1, false), (2, false), (2, true), (3, true), (3, false)])
    func vectorPathEqualsPlainFold(channels: Int, mix: Bool) {
        var generator = SystemRandomNumberGenerator()
        for frames in [1, 7, 8, 15, 16, 17, 31, 64, 255, 256, 257, 1000, 4099] {
            var samples = (0..<(frames * channels)).map { _ in Int16.random(in: -3000...3000, using: &generator) }
            // The extremes, where a mix or a square would overflow 16 bits, somewhere in every run.
            samples[samples.count / 2] = .min
            samples[samples.count - 1] = .max
            if samples.count > 2 { samples[1] = .min }
            #expect(
                Self.kernel(samples, channels: channels, mix: mix)
                    == Self.reference(samples, channels: channels, mix: mix),
                "\(frames) frames")
        }
    }

    @Test(arguments: [(1, false), (2, false), (2, true), (3, true)])
    func extremesOnlyLeaveTheSquaresAlone(channels: Int, mix: Bool) {
        var generator = SystemRandomNumberGenerator()
        for frames in [5, 16, 100, 4099] {
            let samples = (0..<(frames * channels)).map { _ in Int16.random(in: .min ... .max, using: &generator) }
            var expected = Self.reference(samples, channels: channels, mix: mix)
            expected.squares = expected.squares.map { _ in 0 }
            #expect(Self.kernel(samples, channels: channels, mix: mix, measuresSquares: false) == expected)
        }
    }

    @Test func allMinimumStereoMix() {
        // (-32768 + -32768) / 2 and its square, 2^30 per frame: 64-bit sums, no 32-bit wrap.
        let samples = [Int16](repeating: .min, count: 2 * 4096)
        #expect(Self.kernel(samples, channels: 2, mix: true) == Self.reference(samples, channels: 2, mix: true))
        #expect(Self.kernel(samples, channels: 2, mix: false) == Self.reference(samples, channels: 2, mix: false))
    }
}
