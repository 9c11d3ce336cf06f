import DecibelCore
import FoundationEssentials

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
        func quantise(_ value: Float) -> Int { Self.stored(value, bits: bits) }
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

    /// One stored value: 16-bit (⌊x × 32768⌋, clamped; not finite: 0), or that ÷ 256 toward zero for 8 bits.
    static func stored(_ value: Float, bits: Bits) -> Int {
        guard value.isFinite else { return 0 }
        let sixteen = Swift.min(32767, Swift.max(-32768, Int((value * 32768).rounded(.down))))
        return bits == .sixteen ? sixteen : eightBit(sixteen)
    }

    /// audiowaveform's 8-bit value of a 16-bit one: ÷ 256, toward zero.
    static func eightBit(_ sixteen: Int) -> Int { sixteen / 256 }

    /// The audiowaveform binary format, byte for byte as audiowaveform writes it: a little-endian header
    /// (version, flags — bit 0 set for 8-bit —, sample rate, samples per pixel, length and, in version 2,
    /// channels) followed by min/max pairs. One channel is written as version 1, as audiowaveform does.
    public func datData(bits: Bits = .sixteen) -> Data {
        var data = Self.datHeader(
            channels: channelCount, sampleRate: sampleRate, samplesPerBucket: samplesPerBucket, buckets: bucketCount,
            bits: bits)
        appendDatPairs(to: &data, bits: bits)
        return data
    }

    /// The header of a .dat file (see `datData(bits:)`) for `buckets` buckets.
    static func datHeader(channels: Int, sampleRate: Double, samplesPerBucket: Int, buckets: Int, bits: Bits) -> Data {
        let version = channels == 1 ? 1 : 2
        let words = [version, bits == .eight ? 1 : 0, Int(sampleRate.rounded()), samplesPerBucket, buckets, channels]
        var data = Data()
        for value in words.prefix(version == 2 ? 6 : 5) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// Byte offset of the length word in a .dat header.
    static let datLengthOffset = 16

    /// Appends these buckets' min/max pairs as a .dat file stores them.
    func appendDatPairs(to data: inout Data, bits: Bits) {
        let width = bits == .sixteen ? 2 : 1
        let start = data.count
        // Written in place: a long file has millions of values, and appending them one by one to `Data` (or
        // going through `integerPairs`' `[Int]`, 8 bytes a value) cost more time and memory than the summary.
        data.count += bucketCount * channelCount * 2 * width
        data.withUnsafeMutableBytes { bytes in
            var offset = start
            func store(_ value: Float) {
                let integer = Self.stored(value, bits: bits)
                if bits == .sixteen {
                    bytes.storeBytes(of: Int16(integer).littleEndian, toByteOffset: offset, as: Int16.self)
                } else {
                    bytes[offset] = UInt8(bitPattern: Int8(integer))
                }
                offset += width
            }
            for bucket in 0..<bucketCount {
                for channel in 0..<channelCount {
                    store(minimum[channel][bucket])
                    store(maximum[channel][bucket])
                }
            }
        }
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
