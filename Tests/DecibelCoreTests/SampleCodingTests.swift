import DecibelCore
import Testing

@Suite("Sample coding at the edges")
struct SampleCodingTests {
    @Test("every Int16 survives decode then encode")
    func int16RoundTripIsExhaustivelyExact() {
        for value in Int16.min...Int16.max {
            #expect(SampleCoding.int16(from: SampleCoding.float(fromInt16: value)) == value)
        }
    }

    @Test("every Int24 survives decode then encode")
    func int24RoundTripIsExhaustivelyExact() {
        // A plain counter, not a range: a debug build's generic range iteration cost 2.9 µs a value (48 s here,
        // 97 s under ThreadSanitizer), most of the offline suite's time.
        var failures = 0
        var value: Int32 = -8_388_608
        while value <= 8_388_607 {
            if SampleCoding.int24(from: SampleCoding.float(fromInt24: value)) != value { failures += 1 }
            value += 1
        }
        #expect(failures == 0)
    }

    @Test("full scale, beyond full scale, zero, -0, NaN and infinities encode as documented")
    func integerEdges() {
        #expect(SampleCoding.int16(from: 1.0) == Int16.max)
        #expect(SampleCoding.int16(from: -1.0) == Int16.min)
        #expect(SampleCoding.int16(from: 1.5) == Int16.max)
        #expect(SampleCoding.int16(from: -7) == Int16.min)
        #expect(SampleCoding.int16(from: 0) == 0)
        #expect(SampleCoding.int16(from: -0.0) == 0)
        #expect(SampleCoding.int16(from: .nan) == 0)
        #expect(SampleCoding.int16(from: .infinity) == Int16.max)
        #expect(SampleCoding.int16(from: -.infinity) == Int16.min)
        #expect(SampleCoding.int24(from: 1.0) == 8_388_607)
        #expect(SampleCoding.int24(from: -1.0) == -8_388_608)
        #expect(SampleCoding.int24(from: .nan) == 0)
        #expect(SampleCoding.int32(from: 1.0) == Int32.max)
        #expect(SampleCoding.int32(from: -1.0) == Int32.min)
        #expect(SampleCoding.int32(from: 2) == Int32.max)
        #expect(SampleCoding.int32(from: .nan) == 0)
        #expect(SampleCoding.int32(from: -0.0) == 0)
        #expect(SampleCoding.int32(from: -.infinity) == Int32.min)
    }

    @Test("the 16-bit encoder equals rounding (ties to even) then clipping, every quarter step from -1.25 to 1.25")
    func int16MatchesRoundThenClip() {
        var failures = 0
        var scaled: Float = -40_960
        while scaled <= 40_960 {
            let sample = scaled / 32768
            let expected = Int16(max(-32768, min(32767, (sample * 32768).rounded(.toNearestOrEven))))
            if SampleCoding.int16(from: sample) != expected { failures += 1 }
            scaled += 0.25
        }
        #expect(failures == 0)
    }

    @Test("rounding is to nearest with ties to even")
    func roundingTiesToEven() {
        let lsb: Float = 1 / 32768
        #expect(SampleCoding.int16(from: 0.5 * lsb) == 0)
        #expect(SampleCoding.int16(from: 1.5 * lsb) == 2)
        #expect(SampleCoding.int16(from: 2.5 * lsb) == 2)
        #expect(SampleCoding.int16(from: 0.49 * lsb) == 0)
        #expect(SampleCoding.int16(from: 0.51 * lsb) == 1)
        #expect(SampleCoding.int16(from: -1.5 * lsb) == -2)
        #expect(SampleCoding.int32(from: 0.5 / 2_147_483_648) == 0)
        #expect(SampleCoding.int32(from: 1.5 / 2_147_483_648) == 2)
    }

    @Test("Int32 decode is within half an ulp of Float and encodes back close to the original")
    func int32Precision() {
        for value: Int32 in [Int32.min, -1_073_741_824, -1, 0, 1, 255, 1 << 24, 1_000_000_007, Int32.max] {
            let decoded = SampleCoding.float(fromInt32: value)
            #expect(abs(Double(decoded) - Double(value) / 2_147_483_648) <= Double(decoded.ulp))
            let back = SampleCoding.int32(from: decoded)
            #expect(abs(Int64(back) - Int64(value)) <= 128)  // Float keeps 24 of the 32 bits
        }
    }

    @Test("packed 24-bit load and store are little-endian and sign-extend")
    func packedInt24Bytes() {
        var bytes: [UInt8] = [0, 0, 0]
        bytes.withUnsafeMutableBytes { SampleCoding.storeInt24(-2, to: $0.baseAddress!) }
        #expect(bytes == [0xFE, 0xFF, 0xFF])
        bytes.withUnsafeMutableBytes { SampleCoding.storeInt24(0x123456, to: $0.baseAddress!) }
        #expect(bytes == [0x56, 0x34, 0x12])
        #expect(bytes.withUnsafeBytes { SampleCoding.loadInt24($0.baseAddress!) } == 0x123456)
        let negative: [UInt8] = [0x00, 0x00, 0x80]
        #expect(negative.withUnsafeBytes { SampleCoding.loadInt24($0.baseAddress!) } == -8_388_608)
    }
}
