import DecibelCore
import Foundation

/// Just enough of a 16-bit PCM WAV reader to feed the benchmark (Formats owns real file reading):
/// streams the file in blocks and folds it into `WaveformPeaks` without holding it in memory.
enum WAVReader {
    struct Header {
        var channels: Int
        var sampleRate: Double
        var dataOffset: Int
        var dataBytes: Int
    }

    static func header(_ data: Data) throws -> Header {
        func le(_ offset: Int, _ count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(data[data.startIndex + offset + $1]) << (8 * $1) }
        }
        guard data.count >= 44, String(decoding: data[0..<4], as: UTF8.self) == "RIFF" else {
            throw BenchError("not a RIFF WAV file")
        }
        var offset = 12, channels = 0, rate = 0.0, bits = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self), size = le(offset + 4, 4)
            if id == "fmt " {
                channels = le(offset + 10, 2)
                rate = Double(le(offset + 12, 4))
                bits = le(offset + 22, 2)
            } else if id == "data" {
                guard bits == 16, channels > 0 else { throw BenchError("only 16-bit PCM WAV is supported here") }
                return Header(channels: channels, sampleRate: rate, dataOffset: offset + 8, dataBytes: size)
            }
            offset += 8 + size + (size & 1)
        }
        throw BenchError("no data chunk")
    }

    /// Reads the whole file and returns peaks with `bucketCount` buckets per channel.
    static func peaks(path: String, bucketCount: Int) throws -> WaveformPeaks {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot open \(path)") }
        defer { try? handle.close() }
        let head = try header(handle.readData(ofLength: 4096))
        try handle.seek(toOffset: UInt64(head.dataOffset))
        let channels = head.channels
        let frames = head.dataBytes / (2 * channels)
        let perBucket = max(1, (frames + bucketCount - 1) / bucketCount)
        var low = Array(repeating: [Float](repeating: 0, count: bucketCount), count: channels), high = low, power = low
        var bucket = 0, inBucket = 0
        var lo = [Float](repeating: .infinity, count: channels), hi = [Float](repeating: -.infinity, count: channels),
            sum = [Float](repeating: 0, count: channels)
        let blockFrames = 1 << 16
        while bucket < bucketCount {
            let block = handle.readData(ofLength: blockFrames * 2 * channels)
            if block.isEmpty { break }
            block.withUnsafeBytes { raw in
                let samples = raw.bindMemory(to: Int16.self)
                let count = samples.count / channels
                for frame in 0..<count {
                    for channel in 0..<channels {
                        let value = Float(Int16(littleEndian: samples[frame * channels + channel])) * (1.0 / 32768)
                        lo[channel] = min(lo[channel], value)
                        hi[channel] = max(hi[channel], value)
                        sum[channel] += value * value
                    }
                    inBucket += 1
                    if inBucket == perBucket, bucket < bucketCount {
                        for channel in 0..<channels {
                            low[channel][bucket] = lo[channel]
                            high[channel][bucket] = hi[channel]
                            power[channel][bucket] = (sum[channel] / Float(perBucket)).squareRoot()
                            lo[channel] = .infinity; hi[channel] = -.infinity; sum[channel] = 0
                        }
                        bucket += 1
                        inBucket = 0
                    }
                }
            }
        }
        return WaveformPeaks(
            sampleRate: head.sampleRate, samplesPerBucket: perBucket, minimum: low, maximum: high, rms: power)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
