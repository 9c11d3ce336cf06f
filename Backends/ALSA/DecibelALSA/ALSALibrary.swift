import CALSA
import DecibelCore

/// alsa-lib (`libasound.so.2`), loaded at run time by the shared `BackendLibrary` loader.
struct ALSALibrary: Sendable {
    static let description = BackendLibraryDescription(
        backendID: "alsa", displayName: "alsa-lib", defaultFileName: "libasound.so.2",
        package: "libasound2", minimumVersion: "alsa-lib 1.1",
        exportsSymbols: true)  // alsa-lib's own plugins (libasound_module_pcm_pulse.so, ...) resolve against it

    let library: BackendLibrary<decibel_alsa_api>
    var path: String { library.path }
    var api: decibel_alsa_api { library.api }

    /// Loads the library at `path` (once per path) and routes its diagnostics to `ALSADiagnostics`.
    static func load(path: String) throws(AudioError) -> ALSALibrary {
        let library = try BackendLibrary<decibel_alsa_api>.load(
            description, path: path, functionName: { decibel_alsa_function_name($0) })
        ALSADiagnostics.install(library.api)
        return ALSALibrary(library: library)
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
    func check(
        _ body: @autoclosure () -> Int32, _ kind: AudioError.Kind = .backendError, _ message: @autoclosure () -> String
    ) throws(AudioError) -> Int32 {
        let code = body()
        if code < 0 { throw error(kind, message(), code: code) }
        return code
    }
}
