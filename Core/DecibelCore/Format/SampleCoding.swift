/// Scalar conversions between Decibel's `Float` samples and the integer and float encodings of devices
/// and files.
///
/// Integers use full scale `2^(bits-1)`: decoding divides by it (exact for 16 and 24 bits), encoding
/// multiplies by it, rounds to nearest (ties to even) and clips to the type's range, so `+1.0` becomes
/// the largest positive value and every integer survives a decode/encode round trip unchanged.
/// NaN encodes as 0 and `-0.0` as 0. Float encodings are never clipped.
public enum SampleCoding {
    @usableFromInline static let int16Scale: Float = 32_768
    @usableFromInline static let int24Scale: Float = 8_388_608
    @usableFromInline static let int32Scale: Double = 2_147_483_648

    /// Decodes a 16-bit sample.
    @inlinable @inline(__always)
    public static func float(fromInt16 value: Int16) -> Float { Float(value) / int16Scale }

    /// Decodes a 24-bit sample held in the low 24 bits of `value` (already sign-extended).
    @inlinable @inline(__always)
    public static func float(fromInt24 value: Int32) -> Float { Float(value) / int24Scale }

    /// Decodes a 32-bit sample, rounding to the nearest `Float`.
    @inlinable @inline(__always)
    public static func float(fromInt32 value: Int32) -> Float { Float(Double(value) / int32Scale) }

    /// Encodes to 16 bits with rounding and clipping.
    @inlinable @inline(__always)
    public static func int16(from sample: Float) -> Int16 {
        // Branch-free, so that loops over it vectorize (the checked Float-to-integer conversion does not):
        // NaN to 0, clipped, then rounded by adding 1.5 * 2^23, which leaves the integer, rounded to
        // nearest-even, in the low bits of the mantissa (exact for |x| < 2^22; the FPU's default
        // round-to-nearest mode, which Swift never changes, does the rounding). 24 bits do not fit that trick
        // with room to spare, and a 24-bit stream (packed 3-byte stores) does not vectorize anyway.
        let scaled = sample * int16Scale
        let finite = scaled == scaled ? scaled : 0
        let low = finite > -int16Scale ? finite : -int16Scale
        let clipped = low < int16Scale - 1 ? low : int16Scale - 1
        return Int16(truncatingIfNeeded: Int32(bitPattern: (clipped + 12_582_912).bitPattern) &- 0x4B40_0000)
    }

    /// Encodes to 24 bits (returned sign-extended in an `Int32`) with rounding and clipping.
    @inlinable @inline(__always)
    public static func int24(from sample: Float) -> Int32 {
        Int32(clippedRounded(sample * int24Scale, limit: int24Scale))
    }

    /// Encodes to 32 bits with rounding and clipping (computed in `Double`, exact for every `Float`).
    @inlinable @inline(__always)
    public static func int32(from sample: Float) -> Int32 {
        let scaled = Double(sample) * int32Scale
        guard scaled == scaled else { return 0 }  // NaN
        if scaled >= int32Scale - 1 { return Int32.max }
        if scaled <= -int32Scale { return Int32.min }
        return Int32(scaled.rounded(.toNearestOrEven))
    }

    /// Rounds `scaled` to the nearest integer (ties to even) and clips it to `-limit ... limit - 1`;
    /// NaN becomes 0.
    @inlinable @inline(__always)
    static func clippedRounded(_ scaled: Float, limit: Float) -> Int32 {
        guard scaled == scaled else { return 0 }
        if scaled >= limit - 1 { return Int32(limit - 1) }
        if scaled <= -limit { return Int32(-limit) }
        return Int32(scaled.rounded(.toNearestOrEven))
    }

    /// Reads a packed little-endian 24-bit sample and sign-extends it.
    @inlinable @inline(__always)
    public static func loadInt24(_ bytes: UnsafeRawPointer) -> Int32 {
        let b0 = UInt32(bytes.load(as: UInt8.self))
        let b1 = UInt32(bytes.load(fromByteOffset: 1, as: UInt8.self))
        let b2 = UInt32(bytes.load(fromByteOffset: 2, as: UInt8.self))
        return Int32(bitPattern: (b0 << 8 | b1 << 16 | b2 << 24)) >> 8
    }

    /// Writes the low 24 bits of `value` as a packed little-endian sample.
    @inlinable @inline(__always)
    public static func storeInt24(_ value: Int32, to bytes: UnsafeMutableRawPointer) {
        let bits = UInt32(bitPattern: value)
        bytes.storeBytes(of: UInt8(truncatingIfNeeded: bits), as: UInt8.self)
        bytes.storeBytes(of: UInt8(truncatingIfNeeded: bits >> 8), toByteOffset: 1, as: UInt8.self)
        bytes.storeBytes(of: UInt8(truncatingIfNeeded: bits >> 16), toByteOffset: 2, as: UInt8.self)
    }
}
