import DecibelCore
import FoundationEssentials

/// What `decibel info` shows about a file: a plain value with a stable JSON encoding.
///
/// JSON keys: `path`, `container` (short id such as `"wav"`, or null), `containerName`, `encoding` (short
/// id such as `"pcm_16"`, or null), `encodingName`, `bitDepth` (null for compressed), `lossless`,
/// `sampleRate`, `channels`, `frames`, `duration` (seconds), `fileSize` (bytes), `metadata` (object).
public struct AudioFileInfo: Sendable, Hashable, Codable {
    /// The file's path.
    public var path: String
    /// Short container id (`wav`, `flac`, …), or nil for containers Decibel does not name.
    public var container: AudioContainer?
    /// libsndfile's (or FFmpeg's) name for the container.
    public var containerName: String
    /// Short encoding id (`pcm_16`, `vorbis`, …), or nil.
    public var encoding: AudioEncoding?
    /// libsndfile's (or FFmpeg's) name for the encoding.
    public var encodingName: String
    /// Bits per stored sample (PCM, float, ALAC); nil for lossy encodings.
    public var bitDepth: Int?
    /// Whether decoding returns exactly what was encoded.
    public var lossless: Bool
    /// Frames per second.
    public var sampleRate: Double
    /// Channels per frame.
    public var channels: Int
    /// Frames per channel.
    public var frames: Int
    /// Length in seconds.
    public var duration: Double
    /// Size in bytes.
    public var fileSize: Int64
    /// Text tags (`title`, `artist`, …).
    public var metadata: [String: String]

    /// The summary of an open file.
    public init(_ file: AudioFile) {
        path = file.path
        container = file.container
        containerName = file.containerName
        encoding = file.encoding
        encodingName = file.encodingName
        bitDepth = file.bitDepth
        lossless = file.encoding?.isLossless ?? false
        sampleRate = file.sampleRate
        channels = file.channelCount
        frames = file.frameCount
        duration = file.duration
        fileSize = file.fileSize
        metadata = file.metadata
    }

    /// Opens `path`, summarises it and closes it.
    /// - Throws: `AudioError` of kind `fileNotFound` when the file does not exist, `fileUnreadable` when it is
    ///   a directory or cannot be opened, `invalidFile` when it is empty, truncated, corrupt, not audio or has
    ///   an absurd header, or `unsupportedFormat` for an encoding the installed libsndfile cannot decode (or an
    ///   MP4/M4A or AAC file when FFmpeg's libraries are missing).
    public init(path: String) throws(AudioError) {
        self.init(try AudioFile(path: path))
    }

    /// Pretty-printed JSON with sorted keys.
    public func jsonString() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Human-readable lines in the style of `soxi`.
    public var text: String {
        var lines = [
            "File:        \(path)",
            "Container:   \(containerName)",
            "Encoding:    \(encodingName)",
            "Sample rate: \(sampleRate.rateText) Hz",
            "Channels:    \(channels)",
            "Frames:      \(frames)",
            "Duration:    \(String(printf: "%.3f", duration)) s",
        ]
        for key in metadata.keys.sorted() { lines.append("\(key.capitalized): \(metadata[key] ?? "")") }
        return lines.joined(separator: "\n")
    }
}

extension Double {
    /// A rate as people write it: `48000`, or `44100.5` when it has a fraction.
    var rateText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
