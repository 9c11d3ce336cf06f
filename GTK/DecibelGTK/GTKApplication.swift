import CGTK
import DecibelCore

/// A GTK 4 application: opens the display, runs GTK's main loop on the main thread and gives you a
/// window to fill when it starts. Every Decibel widget lives inside one.
///
/// ```swift
/// let app = try GTKApplication(id: "org.example.Scope")
/// let status = app.run { window in
///     window.title = "Scope"
///     window.add(LiveWaveformView())
/// }
/// exit(status)
/// ```
@MainActor
public final class GTKApplication {
    let api: decibel_gtk_api
    private let application: OpaquePointer
    private var activate: (@MainActor (GTKWindow) -> Void)?
    /// The window `run` opened, once it has.
    public private(set) var window: GTKWindow?

    /// Loads GTK and checks that it can reach a display.
    /// - Parameter id: a reverse-DNS application id (`org.example.Player`), or nil.
    /// - Throws: `AudioError` of kind `backendUnavailable` when libgtk-4 is not installed (the message names the
    ///   package), or when no display can be opened (`DISPLAY`/`WAYLAND_DISPLAY` unset or unreachable).
    public init(id: String? = nil) throws(AudioError) {
        api = try GTKRuntime.load()
        guard api.gtk_init_check() != 0 else {
            throw AudioError(
                .backendUnavailable,
                "GTK cannot open a display; set DISPLAY (X11) or WAYLAND_DISPLAY, or run under xvfb-run")
        }
        // G_APPLICATION_NON_UNIQUE: several instances may run (and none waits on a D-Bus session bus).
        guard let application = api.gtk_application_new(id, 4) else {
            throw AudioError(.backendError, "GTK could not create the application")
        }
        self.application = application
    }

    /// Runs GTK's main loop until the window closes or `quit()`; `activate` fills the window first.
    /// Returns the application's exit status.
    public func run(_ activate: @escaping @MainActor (GTKWindow) -> Void) -> Int32 {
        self.activate = activate
        let data = Unmanaged.passUnretained(self).toOpaque()
        GTKRuntime.connect(
            application, "activate",
            { (_: OpaquePointer?, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated { Unmanaged<GTKApplication>.object(data)?.activated() }
            } as @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void, data: data)
        let status = api.g_application_run(UnsafeMutableRawPointer(application), 0, nil)
        return status
    }

    private func activated() {
        let window = GTKWindow(api: api, application: application)
        self.window = window
        activate?(window)
        window.present()
    }

    /// Ends the main loop: `run` returns.
    public func quit() { api.g_application_quit(UnsafeMutableRawPointer(application)) }

    /// Calls `body` on the main loop every `interval` seconds while it returns true.
    public func every(_ interval: Double, _ body: @escaping () -> Bool) {
        let box = Unmanaged.passRetained(RepeatingCall(body)).toOpaque()
        _ = api.g_timeout_add(
            UInt32(max(1, (interval * 1000).rounded())),
            { data in
                MainActor.assumeIsolated {
                    guard let data else { return 0 }
                    let call = Unmanaged<RepeatingCall>.fromOpaque(data)
                    if call.takeUnretainedValue().body() { return 1 }
                    call.release()
                    return 0
                }
            }, box)
    }
}

/// A closure GLib calls back until it returns false.
@MainActor
final class RepeatingCall {
    let body: () -> Bool
    init(_ body: @escaping () -> Bool) { self.body = body }
}
