import CALSA
import DecibelCore

/// A device-side sample encoding DecibelALSA can convert to and from `Float`, with its alsa-lib format.
///
/// S24 comes in two shapes: packed in 3 bytes (`S24_3LE`, USB interfaces) and in the low 24 bits of a
/// 32-bit word (`S24_LE`, most PCI and HDA hardware, the PulseAudio plugin). Both report `.int24`.
public enum ALSASampleFormat: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// 32-bit IEEE float (`FLOAT_LE`).
    case float32
    /// 32-bit signed integer (`S32_LE`).
    case int32
    /// 24-bit signed integer packed in 3 bytes (`S24_3LE`).
    case int24Packed
    /// 24-bit signed integer in the low bits of a 32-bit word (`S24_LE`).
    case int24InInt32
    /// 16-bit signed integer (`S16_LE`).
    case int16

    /// Preference when the configuration does not name a type: exact float first, then the widest integers.
    static let preference: [ALSASampleFormat] = [.float32, .int32, .int24Packed, .int24InInt32, .int16]

    /// The order to try for a requested `SampleType` (nil: `preference`): the request first, then the rest.
    static func candidates(preferring requested: SampleType?) -> [ALSASampleFormat] {
        guard let requested else { return preference }
        let first = preference.filter { $0.sampleType == requested }
        return first + preference.filter { $0.sampleType != requested }
    }

    /// alsa-lib's format constant (little-endian, as on every machine Swift runs Linux on).
    var alsaFormat: snd_pcm_format_t {
        switch self {
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .int32: SND_PCM_FORMAT_S32_LE
        case .int24Packed: SND_PCM_FORMAT_S24_3LE
        case .int24InInt32: SND_PCM_FORMAT_S24_LE
        case .int16: SND_PCM_FORMAT_S16_LE
        }
    }

    /// The encoding as Decibel names it.
    public var sampleType: SampleType {
        switch self {
        case .float32: .float32
        case .int32: .int32
        case .int24Packed, .int24InInt32: .int24
        case .int16: .int16
        }
    }

    /// Bytes one sample occupies in the device's buffer.
    var bytesPerSample: Int {
        switch self {
        case .int16: 2
        case .int24Packed: 3
        case .float32, .int32, .int24InInt32: 4
        }
    }

    public var description: String {
        switch self {
        case .float32: "FLOAT_LE"
        case .int32: "S32_LE"
        case .int24Packed: "S24_3LE"
        case .int24InInt32: "S24_LE"
        case .int16: "S16_LE"
        }
    }

    /// Encodes `count` floats into device memory, `stride` bytes apart. Never allocates.
    @inline(__always)
    func encode(_ source: UnsafePointer<Float>, count: Int, to destination: UnsafeMutableRawPointer, stride: Int) {
        guard self == .int24InInt32 else {
            SampleConversion.encode(source, count: count, to: destination, stride: stride, as: sampleType)
            return
        }
        for i in 0..<count {
            destination.storeBytes(of: SampleCoding.int24(from: source[i]), toByteOffset: i * stride, as: Int32.self)
        }
    }

    /// Decodes `count` device samples, `stride` bytes apart, into floats. Never allocates.
    @inline(__always)
    func decode(_ source: UnsafeRawPointer, stride: Int, count: Int, into destination: UnsafeMutablePointer<Float>) {
        guard self == .int24InInt32 else {
            SampleConversion.decode(source, stride: stride, as: sampleType, count: count, into: destination)
            return
        }
        for i in 0..<count {
            let word = source.loadUnaligned(fromByteOffset: i * stride, as: Int32.self)
            destination[i] = SampleCoding.float(fromInt24: (word << 8) >> 8)  // sign-extend the low 24 bits
        }
    }
}
