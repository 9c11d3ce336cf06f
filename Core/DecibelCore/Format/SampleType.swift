/// The encoding of one sample as it is stored by a device or a file.
///
/// Decibel renders in non-interleaved `Float32`; these are the encodings it converts to and from at the
/// edges. Integer types are signed, little-endian, full scale at `2^(bits-1)`.
public enum SampleType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Signed 16-bit integer.
    case int16
    /// Signed 24-bit integer packed in 3 bytes (little-endian).
    case int24
    /// Signed 32-bit integer.
    case int32
    /// IEEE 754 single precision, nominal range -1...1.
    case float32
    /// IEEE 754 double precision, nominal range -1...1.
    case float64

    /// Bytes one sample occupies in memory.
    public var bytesPerSample: Int {
        switch self {
        case .int16: 2
        case .int24: 3
        case .int32, .float32: 4
        case .float64: 8
        }
    }

    /// Significant bits of one sample.
    public var bitDepth: Int {
        switch self {
        case .int16: 16
        case .int24: 24
        case .int32, .float32: 32
        case .float64: 64
        }
    }

    /// Whether this is a floating-point encoding (never clipped on conversion).
    public var isFloat: Bool { self == .float32 || self == .float64 }

    public var description: String { rawValue }
}
