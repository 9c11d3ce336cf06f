#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CJACK
import DecibelCore
import Synchronization

/// libjack loaded with `dlopen` and the functions DecibelJACK calls, resolved with `dlsym`.
///
/// Loading happens on first use, once per library path, so a program that embeds DecibelJACK starts on a
/// machine without libjack and the backend reports `.unavailable(reason:)` instead.
final class JACKLibrary: @unchecked Sendable {
    /// The file name `dlopen` looks for when `DECIBEL_JACK_LIBRARY` is not set.
    static let defaultFileName = "libjack.so.0"

    /// The path that was loaded.
    let path: String
    /// The resolved functions; immutable after loading, so any thread may read it.
    let api: decibel_jack_api
    /// `JACK_DEFAULT_AUDIO_TYPE`.
    let audioType: UnsafePointer<CChar>

    private init(path: String, api: decibel_jack_api) {
        self.path = path
        self.api = api
        self.audioType = decibel_jack_audio_type()
    }

    /// The library file to load: `DECIBEL_JACK_LIBRARY` when set and not empty, else `libjack.so.0`.
    static func path(environment: [String: String]) -> String {
        if let override = environment["DECIBEL_JACK_LIBRARY"], !override.isEmpty { return override }
        return defaultFileName
    }

    private static let loaded = Mutex<[String: Result<JACKLibrary, AudioError>]>([:])

    /// Loads `path` (once; later calls return the same result, success or failure).
    static func load(_ path: String) -> Result<JACKLibrary, AudioError> {
        loaded.withLock { cache in
            if let result = cache[path] { return result }
            let result = open(path)
            cache[path] = result
            return result
        }
    }

    private static func open(_ path: String) -> Result<JACKLibrary, AudioError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let detail = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            return .failure(AudioError(
                .backendUnavailable,
                "cannot load the JACK library '\(path)'; install libjack-jackd2-0 (or fix DECIBEL_JACK_LIBRARY)",
                backend: "jack", codeDescription: detail))
        }
        var api = decibel_jack_api()
        var missing: [String] = []
        func resolve<Function>(_ name: String, _ field: WritableKeyPath<decibel_jack_api, Function?>) {
            guard let symbol = dlsym(handle, name) else { missing.append(name); return }
            api[keyPath: field] = unsafeBitCast(symbol, to: Function.self)
        }
        if let open = dlsym(handle, "jack_client_open") { api.client_open = open } else { missing.append("jack_client_open") }
        resolve("jack_client_close", \.client_close)
        resolve("jack_get_client_name", \.get_client_name)
        resolve("jack_activate", \.activate)
        resolve("jack_deactivate", \.deactivate)
        resolve("jack_get_sample_rate", \.get_sample_rate)
        resolve("jack_get_buffer_size", \.get_buffer_size)
        resolve("jack_port_register", \.port_register)
        resolve("jack_port_get_buffer", \.port_get_buffer)
        resolve("jack_port_name", \.port_name)
        resolve("jack_port_by_name", \.port_by_name)
        resolve("jack_port_flags", \.port_flags)
        resolve("jack_port_get_latency_range", \.port_get_latency_range)
        resolve("jack_get_ports", \.get_ports)
        resolve("jack_free", \.free)
        resolve("jack_connect", \.connect)
        resolve("jack_set_process_callback", \.set_process_callback)
        resolve("jack_set_xrun_callback", \.set_xrun_callback)
        resolve("jack_on_info_shutdown", \.on_info_shutdown)
        resolve("jack_set_buffer_size_callback", \.set_buffer_size_callback)
        resolve("jack_set_sample_rate_callback", \.set_sample_rate_callback)
        resolve("jack_set_port_registration_callback", \.set_port_registration_callback)
        resolve("jack_set_client_registration_callback", \.set_client_registration_callback)
        resolve("jack_set_error_function", \.set_error_function)
        resolve("jack_set_info_function", \.set_info_function)
        guard missing.isEmpty else {
            dlclose(handle)
            return .failure(AudioError(
                .backendUnavailable,
                "the JACK library '\(path)' lacks \(missing.joined(separator: ", ")); it is too old or not libjack",
                backend: "jack"))
        }
        // libjack prints every failed connection attempt to stderr; Decibel reports them as errors instead.
        api.set_error_function?({ _ in })
        api.set_info_function?({ _ in })
        return .success(JACKLibrary(path: path, api: api))
    }
}
