import CALSA
import DecibelCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// alsa-lib (`libasound.so.2`), opened with `dlopen` on first use and kept for the life of the process.
///
/// Nothing links libasound at build time, so a program with every backend starts on a machine without
/// it; this backend then reports itself unavailable with the reason `dlerror` gave.
final class ALSALibrary: Sendable {
    /// The file that was opened.
    let path: String
    /// The resolved functions.
    let api: ALSAFunctions

    /// The library file used when neither an explicit path nor `DECIBEL_ALSA_LIBRARY` names another.
    static let defaultPath = "libasound.so.2"

    private static let loaded = Mutex<[String: Result<ALSALibrary, AudioError>]>([:])

    private init(path: String, api: ALSAFunctions) {
        self.path = path
        self.api = api
    }

    /// The library at `path` (or `DECIBEL_ALSA_LIBRARY`, or `libasound.so.2`), loaded once per path.
    static func load(path explicitPath: String? = nil) -> Result<ALSALibrary, AudioError> {
        let path = explicitPath ?? environmentPath ?? defaultPath
        return loaded.withLock { cache in
            if let known = cache[path] { return known }
            let result = open(path)
            cache[path] = result
            return result
        }
    }

    /// `DECIBEL_ALSA_LIBRARY`, when set and not empty.
    static var environmentPath: String? {
        guard let value = getenv("DECIBEL_ALSA_LIBRARY"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// The file to load: an explicit path, else `DECIBEL_ALSA_LIBRARY` from `environment` when not
    /// empty, else `libasound.so.2`.
    static func resolvePath(explicit: String?, environment: [String: String]) -> String {
        if let explicit { return explicit }
        if let named = environment["DECIBEL_ALSA_LIBRARY"], !named.isEmpty { return named }
        return defaultPath
    }

    private static func open(_ path: String) -> Result<ALSALibrary, AudioError> {
        // RTLD_GLOBAL: alsa-lib's own plugins (libasound_module_pcm_pulse.so, ...) resolve against it.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(AudioError(
                .backendUnavailable, "cannot load alsa-lib from '\(path)'; install libasound2 (Debian/Ubuntu) or alsa-lib",
                backend: "alsa", codeDescription: reason))
        }
        do throws(AudioError) {
            let library = ALSALibrary(path: path, api: try ALSAFunctions(handle: handle, path: path))
            ALSADiagnostics.install(library.api)
            return .success(library)
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }

    /// alsa-lib's version string ("1.2.8").
    var version: String { api.snd_asoundlib_version().map { String(cString: $0) } ?? "unknown" }

    /// `snd_strerror` for a negative alsa-lib return code.
    func errorText(_ code: Int32) -> String {
        api.snd_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// An `AudioError` carrying `code` and its `snd_strerror` text.
    func error(_ kind: AudioError.Kind, _ message: String, code: Int32) -> AudioError {
        AudioError(kind, message, backend: "alsa", code: code, codeDescription: errorText(code))
    }

    /// Runs `body`, throwing `kind` with `message` and the alsa-lib text when it returns a negative code.
    @discardableResult
    func check(_ body: @autoclosure () -> Int32, _ kind: AudioError.Kind = .backendError, _ message: @autoclosure () -> String) throws(AudioError) -> Int32 {
        let code = body()
        if code < 0 { throw error(kind, message(), code: code) }
        return code
    }
}
