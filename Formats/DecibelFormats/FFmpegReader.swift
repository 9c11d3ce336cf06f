import CFFmpeg
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// AAC and ALAC in MP4/M4A (and raw ADTS AAC) decoded through FFmpeg's libraries, which are loaded at run
/// time: without them such a file throws `.unsupportedFormat` saying which library is missing.
final class FFmpegReader {
    let path: String
    let info: decibel_av_info
    private let reader: OpaquePointer

    /// Whether `path` starts like a file Decibel reads through FFmpeg: an ISO media file (`ftyp` box:
    /// .m4a, .mp4, .m4b, .mov) or an ADTS AAC stream.
    static func handles(path: String) -> Bool {
        guard let stream = fopen(path, "rb") else { return false }
        defer { fclose(stream) }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = fread(&bytes, 1, bytes.count, stream)
        if count >= 8, bytes[4...7].elementsEqual("ftyp".utf8) { return true }
        // ADTS: 12 sync bits, MPEG layer 0, then a valid sampling-frequency index.
        return count >= 3 && bytes[0] == 0xFF && bytes[1] & 0xF6 == 0xF0 && (bytes[2] >> 2) & 0x0F < 13
    }

    init(path: String) throws(AudioError) {
        self.path = path
        try FFmpegLibraries.load(for: path, saying: "cannot be read")
        var info = decibel_av_info()
        var notMedia: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        guard let opened = decibel_av_open(path, &info, &notMedia, &error, error.count) else {
            let reason = FFmpegReader.message(error)
            if notMedia != 0 {
                throw FileErrors.invalid(path, "is not an audio file FFmpeg recognises", detail: reason)
            }
            throw FileErrors.invalid(path, "could not be decoded (\(reason))", detail: reason)
        }
        reader = opened
        self.info = info
    }

    deinit { decibel_av_close(reader) }

    /// Frames per channel, and whether the container counts them exactly.
    var frameCount: (count: Int, isEstimate: Bool) { (Int(info.frames), info.frames_exact == 0) }

    var codecName: String { Self.text(info.codec) }
    var codecDescription: String { Self.text(info.codec_long) }
    var containerName: String { Self.text(info.container) }
    var containerDescription: String { Self.text(info.container_long) }

    /// The file's tags under Decibel's names (`AudioFileMetadataKey`), others under FFmpeg's, without the
    /// container's bookkeeping (brands).
    var metadata: [String: String] {
        var tags: [String: String] = [:]
        var index: Int32 = 0
        var key: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while decibel_av_tag(reader, index, &key, &value) == 1, let key, let value {
            let name = String(cString: key).lowercased()
            if !["major_brand", "minor_version", "compatible_brands"].contains(name) {
                let key = AudioFileMetadataKey.allCases.first { $0.ffmpegName == name }?.rawValue ?? name
                tags[key] = String(cString: value)
            }
            index += 1
        }
        return tags
    }

    /// Decodes up to `frames` interleaved frames into `destination`; fewer only at the end.
    func read(into destination: UnsafeMutablePointer<Float>, frames: Int) throws(AudioError) -> Int {
        var error = [CChar](repeating: 0, count: 512)
        let got = decibel_av_read(reader, destination, frames, &error, error.count)
        guard got >= 0 else { throw FileErrors.invalid(path, "could not be decoded (\(FFmpegReader.message(error)))") }
        return got
    }

    /// Moves so that the next read starts at `frame`.
    func seek(toFrame frame: Int) throws(AudioError) {
        var error = [CChar](repeating: 0, count: 512)
        guard decibel_av_seek(reader, Int64(frame), &error, error.count) == 0 else {
            throw FileErrors.invalid(path, "could not seek to frame \(frame) (\(FFmpegReader.message(error)))")
        }
    }

    /// The text in a C message buffer filled by the shim.
    static func message(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
