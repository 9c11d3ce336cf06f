import CGTK
import DecibelCore

/// libgtk-4, loaded when the first `GTKApplication` is made; every widget calls GTK through it.
@MainActor
enum GTKRuntime {
    static let library = BackendLibraryDescription(
        backendID: "gtk", displayName: "the GTK 4 library", defaultFileName: "libgtk-4.so.1", package: "libgtk-4-1",
        minimumVersion: "4.8")

    private static var loaded: decibel_gtk_api?

    /// Loads libgtk-4 (once).
    /// - Throws: `AudioError` of kind `backendUnavailable` naming the file and the package to install.
    static func load() throws(AudioError) -> decibel_gtk_api {
        if let loaded { return loaded }
        let api = try BackendLibrary<decibel_gtk_api>.load(library, functionName: { decibel_gtk_function_name($0) }).api
        loaded = api
        return api
    }

    /// The loaded functions; widgets exist only once an application loaded them.
    static var api: decibel_gtk_api {
        guard let loaded else { preconditionFailure("create a GTKApplication before any Decibel GTK widget") }
        return loaded
    }

    /// Connects `handler` (a C function of the signal's own signature) to `signal` on `instance`.
    static func connect<Handler>(
        _ instance: OpaquePointer, _ signal: String, _ handler: Handler, data: UnsafeMutableRawPointer?
    ) {
        _ = api.g_signal_connect_data(
            UnsafeMutableRawPointer(instance), signal, unsafeBitCast(handler, to: decibel_g_callback.self), data, nil, 0
        )
    }
}

/// What a C callback's `data` pointer carries: an object kept alive by the widget it belongs to.
extension Unmanaged {
    @MainActor static func object(_ data: UnsafeMutableRawPointer?) -> Instance? {
        data.map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
    }
}
