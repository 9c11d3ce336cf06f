#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one place Decibel reads the process environment.
///
/// Backends take an `environment` dictionary wherever a variable changes what they do
/// (`DECIBEL_<ID>_LIBRARY`, `DECIBEL_PULSE_SERVER`, `DECIBEL_BACKEND`), defaulting to `current()`, so tests
/// and embedding applications can pass another one instead of editing the process's own.
public enum BackendEnvironment {
    /// A snapshot of the process environment.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    /// `key`'s value in `environment`, or nil when it is unset or empty (an empty override means "none").
    public static func value(_ key: String, in environment: [String: String]) -> String? {
        guard let value = environment[key], !value.isEmpty else { return nil }
        return value
    }

    /// The variable that names another library file for backend `id`: `DECIBEL_<ID>_LIBRARY`.
    public static func libraryVariable(forBackend id: String) -> String {
        "DECIBEL_\(id.uppercased())_LIBRARY"
    }
}
