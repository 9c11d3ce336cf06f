import DecibelCore
import Testing

@Suite("Block conversion between Float channels and encoded memory")
struct SampleConversionTests {
    private func stereo(_ left: [Float], _ right: [Float]) -> AudioBuffer {
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: left.count)
        for i in left.indices {
            buffer[0][i] = left[i]
            buffer[1][i] = right[i]
        }
        return buffer
    }

    @Test(
        "stereo Int16 and Float32 (their own one-pass loop) equal the per-channel encoding, at any byte offset",
        arguments: [SampleType.int16, .float32])
    func stereoMatchesPerChannel(type: SampleType) {
        let frames = 1001
        let left = (0..<frames).map { Float($0 - 500) / 400 }, right = (0..<frames).map { Float(500 - $0) / 333 }
        let source = stereo(left, right)
        source[0][7] = .nan
        source[1][9] = .infinity
        let width = type.bytesPerSample
        for offset in [0, 1, 3] {
            var fast = [UInt8](repeating: 0, count: frames * 2 * width + offset)
            var expected = fast
            fast.withUnsafeMutableBytes {
                SampleConversion.interleave(source.view, frames: frames, into: $0.baseAddress! + offset, as: type)
            }
            expected.withUnsafeMutableBytes { raw in
                for channel in 0..<2 {
                    SampleConversion.encode(
                        source[channel].baseAddress!, count: frames, to: raw.baseAddress! + offset + channel * width,
                        stride: 2 * width, as: type)
                }
            }
            #expect(fast == expected, "byte offset \(offset)")
        }
    }

    @Test("stereo Int16 in 8-frame vector steps and a tail: bit for bit SampleCoding's rounding and clipping")
    func stereoInt16VectorStepsMatchTheScalarCoding() {
        // Ties round to even (0.5, 1.5, 2.5 and -2.5 steps), the ends clip, NaN is 0, huge values clip.
        let edges: [Float] = [
            0.5 / 32_768, 1.5 / 32_768, 2.5 / 32_768, -2.5 / 32_768, -0.0, 1, -1, 32_767.5 / 32_768, -32_768.5 / 32_768,
            0.999_999, .nan, .infinity, -.infinity, 1e10, -1e10, .leastNonzeroMagnitude, 0.3, -0.7,
        ]
        for frames in [0, 1, 7, 8, 9, 15, 16, 17, 23, 40] {
            let left = (0..<frames).map { edges[$0 % edges.count] }
            let right = (0..<frames).map { edges[($0 * 7 + 3) % edges.count] * 0.9 }
            var encoded = [Int16](repeating: 7, count: 2 * frames + 1)
            stereo(left, right).withView { view in
                encoded.withUnsafeMutableBytes {
                    SampleConversion.interleave(view, frames: frames, into: $0.baseAddress!, as: .int16)
                }
            }
            let expected = zip(left, right).flatMap { [SampleCoding.int16(from: $0), SampleCoding.int16(from: $1)] }
            #expect(Array(encoded.prefix(2 * frames)) == expected, "\(frames) frames")
            #expect(encoded[2 * frames] == 7, "\(frames) frames: wrote past the end")
        }
    }

    @Test("interleaved Int16 lays out L R L R with correct values")
    func interleaveInt16() {
        let buffer = stereo([0, 0.5, -1], [1, -0.5, 0.25])
        var encoded = [Int16](repeating: 7, count: 6)
        buffer.withView { view in
            encoded.withUnsafeMutableBytes {
                SampleConversion.interleave(view, frames: 3, into: $0.baseAddress!, as: .int16)
            }
        }
        #expect(encoded == [0, 32767, 16384, -16384, -32768, 8192])
    }

    @Test(
        "every type round-trips exactly representable samples through interleave and deinterleave",
        arguments: SampleType.allCases)
    func roundTrip(type: SampleType) {
        let left: [Float] = [0, 0.5, -0.5, 0.25, -1, 0.125, -0.0078125, 0.75]
        let right = left.map { -$0 * 0.5 }
        let source = stereo(left, right)
        var bytes = [UInt8](repeating: 0, count: 8 * 2 * type.bytesPerSample)
        let decoded = AudioBuffer(channelCount: 2, frameCapacity: 8)
        withExtendedLifetime((source, decoded)) {
            bytes.withUnsafeMutableBytes { raw in
                SampleConversion.interleave(source.view, frames: 8, into: raw.baseAddress!, as: type)
                SampleConversion.deinterleave(
                    UnsafeRawPointer(raw.baseAddress!), as: type, frames: 8, into: decoded.view)
            }
        }
        #expect(decoded.samples(ofChannel: 0) == left)
        #expect(decoded.samples(ofChannel: 1) == right)
    }

    @Test("float encodings pass NaN, -0 and out-of-range values through unclipped")
    func floatsAreNotClipped() {
        let source = AudioBuffer(channelCount: 1, frameCapacity: 4)
        source[0][0] = .nan
        source[0][1] = -0.0
        source[0][2] = 3.5
        source[0][3] = -2
        var doubles = [Double](repeating: 0, count: 4)
        source.withView { view in
            doubles.withUnsafeMutableBytes {
                SampleConversion.interleave(view, frames: 4, into: $0.baseAddress!, as: .float64)
            }
        }
        #expect(doubles[0].isNaN)
        #expect(doubles[1] == 0 && doubles[1].sign == .minus)
        #expect(doubles[2] == 3.5 && doubles[3] == -2)
    }

    @Test("planar layout works through the strided kernels")
    func planarEncode() {
        let samples: [Float] = [0.5, -0.5, 1]
        var encoded = [Int32](repeating: 0, count: 3)
        samples.withUnsafeBufferPointer { input in
            encoded.withUnsafeMutableBytes {
                SampleConversion.encode(input.baseAddress!, count: 3, to: $0.baseAddress!, stride: 4, as: .int32)
            }
        }
        #expect(encoded == [1_073_741_824, -1_073_741_824, Int32.max])
    }
}
