import CFFmpeg
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// AAC or ALAC into an MP4-family file through FFmpeg's libraries (loaded at run time).
final class FFmpegWriter {
    let path: String
    private var writer: OpaquePointer?

    /// Creates `path`. The muxer follows the extension (`.mp4` → MP4, `.aac` → ADTS, else M4A).
    init(
        path: String, format: AudioFileWriter.Format, sampleRate: Double, channelCount: Int,
        metadata: [AudioFileMetadataKey: String]
    ) throws(AudioError) {
        self.path = path
        let muxer: String
        switch (format.container, path.split(separator: ".").last?.lowercased()) {
        case (.adts, _): muxer = "adts"
        case (_, "mp4"): muxer = "mp4"
        default: muxer = "ipod"
        }
        guard format.container == .m4a || (format.container == .adts && format.encoding == .aac) else {
            throw FileErrors.unsupported(path, "ADTS holds AAC only; write ALAC into .m4a")
        }
        let codec = format.encoding == .alac ? "alac" : "aac"
        try FFmpegLibraries.load(for: path, saying: "cannot be written")
        var error = [CChar](repeating: 0, count: 512)
        let tags = metadata.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { [$0.key.ffmpegName, $0.value] }
        let created = Self.withCStrings(tags) { tagPointers in
            decibel_av_create(
                path, muxer, codec, Int32(sampleRate), Int32(channelCount), Int64(format.bitRate ?? 0),
                Int32(format.bitsPerSample ?? 16), tagPointers, &error, error.count)
        }
        guard let created else {
            let reason = FFmpegReader.message(error)
            throw FileErrors.unsupported(path, "cannot be written as \(codec.uppercased()): \(reason)")
        }
        writer = created
    }

    deinit { _ = try? finish() }

    /// Encodes `frames` interleaved frames.
    func write(_ interleaved: UnsafePointer<Float>, frames: Int) throws(AudioError) {
        guard let writer else { throw AudioError(.invalidState, "\(path): the writer was closed") }
        var error = [CChar](repeating: 0, count: 512)
        guard decibel_av_write(writer, interleaved, frames, &error, error.count) == 0 else {
            throw AudioError(.fileUnreadable, "\(path): writing failed (\(FFmpegReader.message(error)))")
        }
    }

    /// Flushes the encoder, writes the index and closes the file (once).
    func finish() throws(AudioError) {
        guard let writer else { return }
        self.writer = nil
        var error = [CChar](repeating: 0, count: 512)
        guard decibel_av_finish(writer, &error, error.count) == 0 else {
            throw AudioError(.fileUnreadable, "\(path): closing failed (\(FFmpegReader.message(error)))")
        }
    }

    /// Calls `body` with a NULL-terminated C array of `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
