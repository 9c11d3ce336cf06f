import DecibelCore
import Foundation

extension WaveformPeaks {
    /// audiowaveform's sample width: 8- or 16-bit integers.
    public enum Bits: Int, Sendable {
        /// Values from -128 to 127: half the size, what audiowaveform writes with `-b 8`.
        case eight = 8
        /// Values from -32768 to 32767.
        case sixteen = 16
    }

    /// The integer min/max pairs audiowaveform stores, bucket-major then channel: `[min, max, min, max, …]`.
    public func integerPairs(bits: Bits) -> [Int] {
        let scale: Float = bits == .sixteen ? 32768 : 128
        let top = bits == .sixteen ? 32767 : 127, bottom = -top - 1
        func quantise(_ value: Float) -> Int {
            guard value.isFinite else { return 0 }
            return Swift.min(top, Swift.max(bottom, Int((value * scale).rounded(.down))))
        }
        var pairs: [Int] = []
        pairs.reserveCapacity(bucketCount * channelCount * 2)
        for bucket in 0..<bucketCount {
            for channel in 0..<channelCount {
                pairs.append(quantise(minimum[channel][bucket]))
                pairs.append(quantise(maximum[channel][bucket]))
            }
        }
        return pairs
    }

    /// The audiowaveform binary format, version 2: a little-endian header (version 2, flags — bit 0 set
    /// for 8-bit —, sample rate, samples per pixel, length, channels) followed by min/max pairs.
    public func datData(bits: Bits = .sixteen) -> Data {
        var data = Data(capacity: 24 + bucketCount * channelCount * 2 * (bits == .sixteen ? 2 : 1))
        func append32(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        append32(2)
        append32(bits == .eight ? 1 : 0)
        append32(Int(sampleRate.rounded()))
        append32(samplesPerBucket)
        append32(bucketCount)
        append32(channelCount)
        for value in integerPairs(bits: bits) {
            if bits == .sixteen {
                withUnsafeBytes(of: Int16(value).littleEndian) { data.append(contentsOf: $0) }
            } else {
                data.append(UInt8(bitPattern: Int8(value)))
            }
        }
        return data
    }

    /// audiowaveform's JSON format (what peaks.js and wavesurfer load): `version`, `channels`,
    /// `sample_rate`, `samples_per_pixel`, `bits`, `length` and the flat `data` array of min/max pairs.
    public func jsonData(bits: Bits = .sixteen) -> Data {
        var text = "{\"version\":2,\"channels\":\(channelCount),\"sample_rate\":\(Int(sampleRate.rounded())),"
        text +=
            "\"samples_per_pixel\":\(samplesPerBucket),\"bits\":\(bits.rawValue),\"length\":\(bucketCount),\"data\":["
        text += integerPairs(bits: bits).map(String.init).joined(separator: ",")
        text += "]}"
        return Data(text.utf8)
    }
}
