import CSndFile
import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Builders for the `AudioError`s DecibelFormats throws. Every message starts with the file's path and
/// then says what is wrong with it, so a user handed a folder of files knows which one and why.
enum FileErrors {
    static func notFound(_ path: String) -> AudioError {
        AudioError(
            .fileNotFound, "\(path): no such file", code: ENOENT, codeDescription: String(cString: strerror(ENOENT)))
    }

    static func unreadable(_ path: String, _ problem: String, errno code: Int32? = nil) -> AudioError {
        AudioError(
            .fileUnreadable, "\(path): \(problem)", code: code,
            codeDescription: code.map { String(cString: strerror($0)) })
    }

    static func invalid(_ path: String, _ problem: String, code: Int32? = nil, detail: String? = nil) -> AudioError {
        AudioError(.invalidFile, "\(path): \(problem)", code: code, codeDescription: detail)
    }

    static func unsupported(_ path: String, _ problem: String, code: Int32? = nil, detail: String? = nil) -> AudioError
    {
        AudioError(.unsupportedFormat, "\(path): \(problem)", code: code, codeDescription: detail)
    }

    /// Checks what the file system says before libsndfile sees the path: missing, a directory, no read
    /// permission or zero bytes each get their own error. Returns the file's size in bytes.
    static func checkReadable(_ path: String) throws(AudioError) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw notFound(path) }
            throw unreadable(path, "cannot be inspected", errno: code)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw unreadable(path, "is a directory, not an audio file", errno: EISDIR)
        }
        guard access(path, R_OK) == 0 else {
            throw unreadable(path, "is not readable (check its permissions)", errno: errno)
        }
        guard status.st_size > 0 else { throw invalid(path, "is empty (0 bytes)") }
        return Int64(status.st_size)
    }

    /// Turns a failed `sf_open` into the matching error.
    static func openFailure(_ path: String, handle: OpaquePointer?) -> AudioError {
        let code = sf_error(handle)
        let text = String(cString: sf_strerror(handle))
        switch Int(code) {
        case SF_ERR_UNRECOGNISED_FORMAT:
            return invalid(path, "is not an audio file in any format libsndfile reads", code: code, detail: text)
        case SF_ERR_SYSTEM:
            return unreadable(path, "could not be opened: \(text)")
        case SF_ERR_MALFORMED_FILE:
            return invalid(path, "is corrupt or truncated: its header is malformed", code: code, detail: text)
        case SF_ERR_UNSUPPORTED_ENCODING:
            return unsupported(
                path, "uses an encoding the installed libsndfile cannot decode", code: code, detail: text)
        default:
            return invalid(path, "could not be decoded: \(text)", code: code, detail: text)
        }
    }
}
