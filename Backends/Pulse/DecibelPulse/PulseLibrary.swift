#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CPulse
import DecibelCore
import Synchronization

/// libpulse loaded at run time: the `dlopen` handle and the resolved function table.
///
/// Loading happens once per library path and is cached (the handle is never closed, so function
/// pointers stay valid for the life of the process). A missing file or symbol becomes an `AudioError`
/// that `PulseBackend.availability` turns into `.unavailable(reason:)`.
struct PulseLibrary: @unchecked Sendable {
    /// The file name libpulse has on every Linux distribution.
    static let defaultPath = "libpulse.so.0"

    /// The path this table was loaded from.
    let path: String
    /// Every function DecibelPulse calls.
    let api: decibel_pulse_api
    /// libpulse's version string.
    let version: String

    private static let cache = Mutex<[String: Result<PulseLibrary, AudioError>]>([:])

    /// The library at `path`, loading it on first use.
    static func load(path: String) throws(AudioError) -> PulseLibrary {
        let result = cache.withLock { cache in
            if let known = cache[path] { return known }
            let loaded = Result { () throws(AudioError) -> PulseLibrary in try open(path: path) }
            cache[path] = loaded
            return loaded
        }
        return try result.get()
    }

    private static func open(path: String) throws(AudioError) -> PulseLibrary {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let detail = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw AudioError(
                .backendUnavailable,
                "cannot load the PulseAudio client library '\(path)'; install libpulse0 or point DECIBEL_PULSE_LIBRARY at it",
                backend: "pulse", codeDescription: detail)
        }
        var count = 0
        while decibel_pulse_function_name(count) != nil { count += 1 }
        precondition(count * MemoryLayout<UnsafeRawPointer>.stride == MemoryLayout<decibel_pulse_api>.size,
                     "CPulse function table and its names are out of step")
        let table = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: count)
        defer { table.deallocate() }
        for index in 0..<count {
            guard let name = decibel_pulse_function_name(index), let symbol = dlsym(handle, name) else {
                let missing = decibel_pulse_function_name(index).map { String(cString: $0) } ?? "?"
                dlclose(handle)
                throw AudioError(
                    .backendUnavailable,
                    "'\(path)' lacks \(missing); it is not a usable libpulse (PulseAudio 1.0 or later is needed)",
                    backend: "pulse")
            }
            (table + index).initialize(to: symbol)
        }
        let api = UnsafeRawPointer(table).load(as: decibel_pulse_api.self)
        let version = api.pa_get_library_version().map { String(cString: $0) } ?? "unknown"
        return PulseLibrary(path: path, api: api, version: version)
    }

    /// libpulse's text for an error code (`pa_context_errno`, negative return values).
    func errorText(_ code: Int32) -> String {
        api.pa_strerror(abs(code)).map { String(cString: $0) } ?? "error \(code)"
    }
}
