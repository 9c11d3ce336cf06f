import CSndFile
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

extension AudioFile {
    /// Moves `position` to `frame` (0…`frameCount`; `frameCount` is the end).
    /// - Throws: `AudioError` of kind `invalidArgument` when `frame` is not in 0…`frameCount`, `invalidState`
    ///   when the file was closed, or `invalidFile` when the decoder cannot seek there.
    public func seek(toFrame frame: Int) throws(AudioError) {
        guard frame >= 0, frame <= frameCount else {
            throw AudioError(
                .invalidArgument, "\(path): cannot seek to frame \(frame); the file has \(frameCount) frames")
        }
        if let media {
            try media.seek(toFrame: frame)
            position = frame
            return
        }
        let handle = try openHandle()
        let result = sf_seek(handle, sf_count_t(frame), SEEK_SET)
        guard result == sf_count_t(frame) else {
            throw FileErrors.invalid(
                path, "could not seek to frame \(frame)", code: sf_error(handle),
                detail: String(cString: sf_strerror(handle)))
        }
        position = frame
    }

    /// Moves `position` to the frame at `seconds` (rounded to the nearest frame, clamped to the file).
    /// - Throws: `AudioError` of kind `invalidArgument` when `seconds` is not finite, `invalidState` when the
    ///   file was closed, or `invalidFile` when the decoder cannot seek there.
    public func seek(toTime seconds: Double) throws(AudioError) {
        guard seconds.isFinite else { throw AudioError(.invalidArgument, "\(path): cannot seek to \(seconds) s") }
        let frame = (seconds * Double(sampleRate)).rounded()
        try seek(toFrame: Int(min(max(frame, 0), Double(frameCount))))
    }

    /// The time of `position` in seconds.
    public var currentTime: Double { Double(position) / Double(sampleRate) }
}
