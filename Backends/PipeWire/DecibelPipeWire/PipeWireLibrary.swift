internal import CPipeWire
import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libpipewire, loaded at run time by the shared `BackendLibrary` loader.
struct PipeWireLibrary: Sendable {
    static let description = BackendLibraryDescription(
        backendID: "pipewire", displayName: "the PipeWire client library", defaultFileName: "libpipewire-0.3.so.0",
        package: "libpipewire-0.3-0", minimumVersion: "PipeWire 0.3.50")

    let library: BackendLibrary<decibel_pipewire_api>
    var path: String { library.path }
    var api: decibel_pipewire_api { library.api }
    /// The version of the loaded libpipewire.
    var version: String { api.pw_get_library_version().map { String(cString: $0) } ?? "unknown" }

    /// Loads the library at `path` (once per path) and runs `pw_init` once per process.
    static func load(path: String) throws(AudioError) -> PipeWireLibrary {
        let library = PipeWireLibrary(
            library: try BackendLibrary.load(
                description, path: path, functionName: { decibel_pipewire_function_name($0) }))
        initialized.withLock { done in
            if !done {
                library.api.pw_init(nil, nil)
                done = true
            }
        }
        return library
    }

    private static let initialized = Locked(false)
}

/// The text for a PipeWire error code (a negative or positive errno).
func pipewireErrorText(_ code: Int32) -> String {
    String(cString: strerror(abs(code)))
}
