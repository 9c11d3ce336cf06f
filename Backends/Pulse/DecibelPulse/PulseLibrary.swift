import CPulse
import DecibelCore

/// libpulse, loaded at run time by the shared `BackendLibrary` loader.
struct PulseLibrary: Sendable {
    static let description = BackendLibraryDescription(
        backendID: "pulse", displayName: "the PulseAudio client library", defaultFileName: "libpulse.so.0",
        package: "libpulse0", minimumVersion: "PulseAudio 1.0")

    let library: BackendLibrary<decibel_pulse_api>
    var path: String { library.path }
    var api: decibel_pulse_api { library.api }
    /// libpulse's version string.
    var version: String { api.pa_get_library_version().map { String(cString: $0) } ?? "unknown" }

    /// Loads the library at `path` (once per path).
    static func load(path: String) throws(AudioError) -> PulseLibrary {
        PulseLibrary(
            library: try BackendLibrary.load(description, path: path, functionName: { decibel_pulse_function_name($0) })
        )
    }

    /// libpulse's text for an error code (`pa_context_errno`, negative return values).
    func errorText(_ code: Int32) -> String {
        api.pa_strerror(abs(code)).map { String(cString: $0) } ?? "error \(code)"
    }
}
