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
    /// Values are made 16-bit first (⌊x × 32768⌋, clamped); 8-bit ones are those ÷ 256 toward zero, as
    /// audiowaveform divides.
    public func integerPairs(bits: Bits) -> [Int] {
        func quantise(_ value: Float) -> Int {
            guard value.isFinite else { return 0 }
            let sixteen = Swift.min(32767, Swift.max(-32768, Int((value * 32768).rounded(.down))))
            return bits == .sixteen ? sixteen : sixteen / 256
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

    /// The audiowaveform binary format, byte for byte as audiowaveform writes it: a little-endian header
    /// (version, flags — bit 0 set for 8-bit —, sample rate, samples per pixel, length and, in version 2,
    /// channels) followed by min/max pairs. One channel is written as version 1, as audiowaveform does.
    public func datData(bits: Bits = .sixteen) -> Data {
        let version = channelCount == 1 ? 1 : 2
        var data = Data(capacity: 24 + bucketCount * channelCount * 2 * (bits == .sixteen ? 2 : 1))
        func append32(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        append32(version)
        append32(bits == .eight ? 1 : 0)
        append32(Int(sampleRate.rounded()))
        append32(samplesPerBucket)
        append32(bucketCount)
        if version == 2 { append32(channelCount) }
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
    /// `sample_rate`, `samples_per_pixel`, `bits`, `length` and the flat `data` array of min/max pairs, with audiowaveform's closing newline.
    public func jsonData(bits: Bits = .sixteen) -> Data {
        var text = "{\"version\":2,\"channels\":\(channelCount),\"sample_rate\":\(Int(sampleRate.rounded())),"
        text +=
            "\"samples_per_pixel\":\(samplesPerBucket),\"bits\":\(bits.rawValue),\"length\":\(bucketCount),\"data\":["
        text += integerPairs(bits: bits).map(String.init).joined(separator: ",")
        text += "]}\n"
        return Data(text.utf8)
    }
}

extension WaveformPeaks {
    /// audiowaveform's text output: one line per bucket of `min,max` per channel, comma-separated.
    public func textData(bits: Bits = .sixteen) -> Data {
        let pairs = integerPairs(bits: bits)
        let perLine = channelCount * 2
        var text = ""
        for bucket in 0..<bucketCount {
            let line = pairs[(bucket * perLine)..<((bucket + 1) * perLine)]
            text += line.map(String.init).joined(separator: ",") + "\n"
        }
        return Data(text.utf8)
    }
}
