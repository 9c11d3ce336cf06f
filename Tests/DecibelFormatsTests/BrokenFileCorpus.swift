import DecibelTestSupport
import Foundation
import Testing

/// Generates broken variants of valid files: truncations at every header boundary, flipped bytes, and
/// hand-built headers with absurd values.
enum BrokenFileCorpus {
    /// A broken file and whether opening-and-reading it must fail.
    struct Entry {
        let name: String
        let bytes: Data
        /// True when the file is certainly not complete audio (every truncation, every absurd header);
        /// false for flipped bytes, which may land in a field nobody checks and leave a playable file.
        let mustFail: Bool
    }

    /// Byte offsets where a header field or chunk starts or ends, per container.
    static func headerBoundaries(of data: Data, container: String) -> [Int] {
        var offsets: Set<Int> = [0, 1, 2, 3, 4, 8, 12]
        let bytes = [UInt8](data)
        func u32le(_ at: Int) -> Int {
            at + 4 <= bytes.count
                ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 : 0
        }
        func u32be(_ at: Int) -> Int {
            at + 4 <= bytes.count
                ? Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) : 0
        }
        switch container {
        case "wav", "aiff":
            var position = 12
            while position + 8 <= bytes.count, offsets.count < 200 {
                let size = container == "wav" ? u32le(position + 4) : u32be(position + 4)
                offsets.formUnion([position, position + 4, position + 8])
                let id = String(decoding: bytes[position..<position + 4], as: UTF8.self)
                if id == "fmt " || id == "COMM" {
                    for field in stride(from: 0, through: min(size, 40), by: 2) { offsets.insert(position + 8 + field) }
                }
                if id == "data" || id == "SSND" { offsets.formUnion([position + 8 + 1, position + 8 + 16]); break }
                position += 8 + size + (size & 1)
            }
        case "flac":
            var position = 4
            offsets.insert(4)
            while position + 4 <= bytes.count, offsets.count < 200 {
                let last = bytes[position] & 0x80 != 0
                let length = Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                offsets.formUnion([position, position + 4, position + 4 + min(length, 34) / 2, position + 4 + length])
                position += 4 + length
                if last { offsets.formUnion([position + 1, position + 16]); break }
            }
        case "ogg":
            var position = 0, pages = 0
            while position + 27 <= bytes.count, pages < 4 {
                offsets.formUnion([position, position + 4, position + 14, position + 26, position + 27, position + 40])
                let segments = Int(bytes[position + 26])
                guard position + 27 + segments <= bytes.count else { break }
                let body = bytes[(position + 27)..<(position + 27 + segments)].reduce(0) { $0 + Int($1) }
                position += 27 + segments + body
                pages += 1
            }
        case "m4a":  // every box's size, type and body, descending into the boxes that hold the index
            var pending = [(0, bytes.count)]
            while let (start, end) = pending.popLast(), offsets.count < 300 {
                var position = start
                while position + 8 <= end {
                    let size = u32be(position)
                    offsets.formUnion([position, position + 4, position + 8, position + 12, position + 16])
                    guard size >= 8, position + size <= end else { break }
                    let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
                    if ["moov", "trak", "mdia", "minf", "stbl"].contains(type) {
                        pending.append((position + 8, position + size))
                    }
                    if type == "stsd" { pending.append((position + 16, position + size)) }
                    position += size
                }
            }
        default:  // mp3: the ID3 tag header, its end, and the first frame header
            let tag =
                bytes.count > 10 && bytes[0] == 0x49
                ? (Int(bytes[6]) << 21 | Int(bytes[7]) << 14 | Int(bytes[8]) << 7 | Int(bytes[9])) + 10 : 0
            offsets.formUnion([6, 10, tag, tag + 2, tag + 4, tag + 36, tag + 200])
        }
        let size = data.count
        offsets.formUnion([size / 4, size / 2, size - 100, size - 1])
        return offsets.flatMap { [$0 - 1, $0, $0 + 1] }.filter { $0 > 0 && $0 < size }.sorted()
    }

    /// Every truncation of `data` at its header boundaries (each must fail: the file is incomplete).
    static func truncations(of data: Data, container: String) -> [Entry] {
        headerBoundaries(of: data, container: container).map {
            Entry(name: "\(container)-cut-\($0)", bytes: data.prefix($0), mustFail: true)
        }
    }

    /// `data` with each of its first `count` bytes inverted in turn.
    static func flips(of data: Data, container: String, count: Int = 96) -> [Entry] {
        (0..<min(count, data.count)).map { index in
            var copy = data
            copy[copy.startIndex + index] ^= 0xFF
            return Entry(name: "\(container)-flip-\(index)", bytes: copy, mustFail: false)
        }
    }

    /// A 16-bit PCM WAV built field by field, so single fields can be made absurd.
    static func wav(
        channels: UInt16 = 2, rate: UInt32 = 48_000, bits: UInt16 = 16, blockAlign: UInt16? = nil,
        formatTag: UInt16 = 1, fmtSize: UInt32 = 16, dataSize: UInt32? = nil, frames: Int = 100
    ) -> Data {
        var data = Data()
        func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let align = blockAlign ?? UInt16(truncatingIfNeeded: Int(channels) * Int(bits) / 8)
        let payload = frames * 4
        data.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + payload));
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(fmtSize); u16(formatTag); u16(channels); u32(rate)
        u32(rate &* UInt32(align)); u16(align); u16(bits)
        data.append(contentsOf: Array("data".utf8)); u32(dataSize ?? UInt32(payload))
        data.append(Data(repeating: 0x11, count: payload))
        return data
    }

    /// Hand-made headers with absurd values; every one must be refused.
    static let absurdHeaders: [Entry] = [
        Entry(name: "wav-zero-channels", bytes: wav(channels: 0), mustFail: true),
        Entry(name: "wav-65535-channels", bytes: wav(channels: 65_535), mustFail: true),
        Entry(name: "wav-1025-channels", bytes: wav(channels: 1_025), mustFail: true),
        Entry(name: "wav-rate-zero", bytes: wav(rate: 0), mustFail: true),
        Entry(name: "wav-rate-4294967295", bytes: wav(rate: 0xFFFF_FFFF), mustFail: true),
        Entry(name: "wav-bits-zero", bytes: wav(bits: 0), mustFail: true),
        Entry(name: "wav-bits-64-pcm", bytes: wav(bits: 64), mustFail: true),
        // libsndfile recomputes a zero block align from channels × bits and decodes correctly: recoverable.
        Entry(name: "wav-block-align-zero", bytes: wav(blockAlign: 0), mustFail: false),
        Entry(name: "wav-unknown-codec", bytes: wav(formatTag: 0x7777), mustFail: true),
        Entry(name: "wav-fmt-size-huge", bytes: wav(fmtSize: 0xFFFF_FFF0), mustFail: true),
        Entry(name: "wav-data-size-beyond-file", bytes: wav(dataSize: 0xFFFF_FFF0), mustFail: true),
        Entry(name: "header-only-no-data", bytes: wav(frames: 0).prefix(36), mustFail: true),
        Entry(name: "text-file", bytes: Data("This is not audio, just a line of text.\n".utf8), mustFail: true),
        Entry(
            name: "random-bytes", bytes: Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
            mustFail: true),
        Entry(name: "riff-magic-only", bytes: Data("RIFF".utf8), mustFail: true),
    ]
}
