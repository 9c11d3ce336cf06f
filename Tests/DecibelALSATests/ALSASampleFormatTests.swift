import DecibelCore
import Testing

@testable import DecibelALSA

@Suite("ALSA sample formats")
struct ALSASampleFormatTests {
    @Test func preferenceIsFloatThenWidestIntegers() {
        #expect(
            ALSASampleFormat.candidates(preferring: nil) == [.float32, .int32, .int24Packed, .int24InInt32, .int16])
        #expect(ALSASampleFormat.candidates(preferring: .int16).first == .int16)
        #expect(ALSASampleFormat.candidates(preferring: .int24).prefix(2) == [.int24Packed, .int24InInt32])
        #expect(
            ALSASampleFormat.candidates(preferring: .float64) == ALSASampleFormat.preference,
            "unsupported requests fall back to the preference")
    }

    /// S24_LE keeps the sample in the low 24 bits of a 32-bit word; both directions round-trip exactly.
    @Test func fourByteS24RoundTrips() {
        let values: [Int32] = [0, 1, -1, 8_388_607, -8_388_608, 123_456, -654_321]
        let floats = values.map { Float($0) / 8_388_608 }
        var words = [Int32](repeating: 0x5A5A_5A5A, count: values.count)
        floats.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBytes { raw in
                ALSASampleFormat.int24InInt32.encode(
                    source.baseAddress!, count: values.count, to: raw.baseAddress!, stride: 4)
            }
        }
        #expect(words == values, "sign-extended 24-bit values in 32-bit words")
        var decoded = [Float](repeating: 9, count: values.count)
        // Garbage in the top byte must not matter on the way in.
        let dirty = words.map { Int32(bitPattern: (UInt32(bitPattern: $0) & 0x00FF_FFFF) | 0xAB00_0000) }
        dirty.withUnsafeBytes { raw in
            decoded.withUnsafeMutableBufferPointer { destination in
                ALSASampleFormat.int24InInt32.decode(
                    raw.baseAddress!, stride: 4, count: values.count, into: destination.baseAddress!)
            }
        }
        #expect(decoded == floats)
        #expect(ALSASampleFormat.int24InInt32.bytesPerSample == 4 && ALSASampleFormat.int24Packed.bytesPerSample == 3)
        #expect(ALSASampleFormat.int24InInt32.sampleType == .int24)
    }
}
