import CSndFile

#if canImport(Glibc)
import Glibc
#endif

/// The text tags libsndfile reads and writes, named as Decibel's JSON names them.
public enum AudioFileMetadataKey: String, Sendable, CaseIterable, Codable {
    /// The title of the recording.
    case title
    /// The copyright notice.
    case copyright
    /// The program that wrote the file.
    case software
    /// The performer.
    case artist
    /// Free text.
    case comment
    /// The date of the recording.
    case date
    /// The album the recording belongs to.
    case album
    /// The licence the recording is under.
    case license
    /// The number of the track on its album.
    case trackNumber = "tracknumber"
    /// The genre.
    case genre

    /// FFmpeg's name for the tag (its MP4 muxer and demuxer use these).
    var ffmpegName: String {
        switch self {
        case .trackNumber: "track"
        case .software: "encoder"
        default: rawValue
        }
    }

    var sndfileCode: Int32 {
        switch self {
        case .title: Int32(SF_STR_TITLE)
        case .copyright: Int32(SF_STR_COPYRIGHT)
        case .software: Int32(SF_STR_SOFTWARE)
        case .artist: Int32(SF_STR_ARTIST)
        case .comment: Int32(SF_STR_COMMENT)
        case .date: Int32(SF_STR_DATE)
        case .album: Int32(SF_STR_ALBUM)
        case .license: Int32(SF_STR_LICENSE)
        case .trackNumber: Int32(SF_STR_TRACKNUMBER)
        case .genre: Int32(SF_STR_GENRE)
        }
    }

    /// Every tag `handle` carries (non-empty ones only).
    static func read(from handle: OpaquePointer) -> [String: String] {
        var tags: [String: String] = [:]
        for key in allCases {
            guard let text = sf_get_string(handle, key.sndfileCode) else { continue }
            let value = String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
            if !value.isEmpty { tags[key.rawValue] = value }
        }
        return tags
    }
}
