import CJACK
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// libjack, loaded at run time by the shared `BackendLibrary` loader.
struct JACKLibrary: Sendable {
    static let description = BackendLibraryDescription(
        backendID: "jack", displayName: "the JACK client library", defaultFileName: "libjack.so.0",
        package: "libjack-jackd2-0", minimumVersion: "JACK 1.9.10")

    let library: BackendLibrary<decibel_jack_api>
    var path: String { library.path }
    var api: decibel_jack_api { library.api }
    /// Whether this libjack is PipeWire's JACK implementation (`pipewire-jack`) rather than JACK's own:
    /// the file that defines `jack_client_open` lives under a `pipewire` folder. Such a "server" is the
    /// PipeWire daemon, which the native PipeWire backend serves better (it negotiates the quantum).
    var isPipeWireJACK: Bool {
        guard let name = decibel_jack_defining_file(dlsym(library.handle, "jack_client_open")) else { return false }
        let file: String
        if let resolved = realpath(name, nil) {
            file = String(cString: resolved)
            free(resolved)
        } else {
            file = String(cString: name)
        }
        return file.lowercased().contains("pipewire")
    }

    /// `JACK_DEFAULT_AUDIO_TYPE`.
    var audioType: UnsafePointer<CChar> { decibel_jack_audio_type() }

    /// Loads the library at `path` (once per path).
    static func load(path: String) throws(AudioError) -> JACKLibrary {
        let library = try BackendLibrary<decibel_jack_api>.load(
            description, path: path, functionName: { decibel_jack_function_name($0) })
        // libjack prints every failed connection attempt to stderr; Decibel reports them as errors instead.
        library.api.jack_set_error_function({ _ in })
        library.api.jack_set_info_function({ _ in })
        return JACKLibrary(library: library)
    }
}
