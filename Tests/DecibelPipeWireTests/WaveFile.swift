import DecibelTestSupport
import Foundation

/// Just enough RIFF/WAVE for what pw-record writes and pw-play reads: PCM 16-bit and IEEE float 32-bit.
enum WaveFile {
    struct Unreadable: Error, CustomStringConvertible { let description: String }

    /// The channels and rate of the WAV file at `path`.
    static func read(_ path: String) throws -> (channels: [[Float]], rate: Double) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard data.count >= 12, data.prefix(4) == Data("RIFF".utf8) else {
            throw Unreadable(description: "\(path) is not RIFF (\(data.count) bytes)")
        }
        func u32(_ at: Int) -> Int {
            Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
        }
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        var offset = 12, channels = 0, rate = 0, bits = 0, format = 0
        while offset + 8 <= data.count {
            let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                format = u16(body); channels = u16(body + 2); rate = u32(body + 4); bits = u16(body + 14)
                if format == 0xFFFE { format = u16(body + 24) }
            } else if id == "data" {
                // A file still being written has a size of 0 or 0xFFFFFFFF, or one past its end.
                if size == 0 || size == 0xFFFF_FFFF || body + size > data.count { size = data.count - body }
                guard channels > 0 else { throw Unreadable(description: "\(path) has data before fmt") }
                let type: SignalAnalysis.RawSampleType = format == 3 && bits == 32 ? .float32 : .int16
                guard (format == 3 && bits == 32) || (format == 1 && bits == 16) else {
                    throw Unreadable(description: "\(path): format \(format), \(bits) bits is not handled")
                }
                return (
                    SignalAnalysis.deinterleave(data.subdata(in: body..<body + size), channels: channels, as: type),
                    Double(rate)
                )
            }
            offset = body + size + (size & 1)
        }
        throw Unreadable(description: "\(path) has no data chunk")
    }

    /// Writes `samples` (one channel, copied to `channels`) as 16-bit PCM.
    static func write(_ samples: [Float], channels: Int, rate: Int, to path: String) throws {
        var data = Data()
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * channels * 2
        data.append(contentsOf: Array("RIFF".utf8)); append32(36 + bytes); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); append32(16); append16(1); append16(channels); append32(rate)
        append32(rate * channels * 2); append16(channels * 2); append16(16)
        data.append(contentsOf: Array("data".utf8)); append32(bytes)
        for sample in samples {
            let value = Int16(max(-1, min(1, sample)) * 32767)
            for _ in 0..<channels { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
