import FoundationEssentials
import Glibc

/// A file system error (`CocoaError`, `POSIXError`) in the words a person reads, not Swift's syntax.
public enum SystemErrorText {
    /// What went wrong, in the system's words ("No such file or directory"); nil for any other error.
    public static func reason(_ error: any Error) -> String? {
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError { return describe(errno: posix.code.rawValue) }
            return describe(cocoa.code)
        }
        if let posix = error as? POSIXError { return describe(errno: posix.code.rawValue) }
        return nil
    }

    /// The error line for a file system error, with the path it names ("out/x.dat: Permission denied"); nil for
    /// any other error.
    public static func line(_ error: any Error) -> String? {
        guard let reason = reason(error) else { return nil }
        guard let path = (error as? CocoaError)?.filePath else { return reason }
        return "\(path): \(reason)"
    }

    /// `strerror`'s text for `code`.
    public static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }

    private static func describe(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
        case .fileWriteOutOfSpace: "no space left on the device"
        case .fileWriteFileExists: "it already exists"
        case .fileReadCorruptFile: "it is damaged"
        case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: "it is not UTF-8 text"
        default: "file system error \(code.rawValue)"
        }
    }
}
