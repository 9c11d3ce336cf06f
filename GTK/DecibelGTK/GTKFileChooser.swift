import CGTK

/// GTK's file chooser (the desktop's own through a portal where there is one), asking for a file to open.
@MainActor
public final class GTKFileChooser {
    private let api: decibel_gtk_api
    private let dialog: OpaquePointer
    private let chosen: (String?) -> Void

    /// Shows a chooser titled `title` over `window`; `chosen` gets the path, or nil when it is cancelled.
    @discardableResult
    public static func open(
        title: String, over window: GTKWindow?, chosen: @escaping (String?) -> Void
    )
        -> GTKFileChooser
    {
        GTKFileChooser(title: title, window: window, chosen: chosen)
    }

    private init(title: String, window: GTKWindow?, chosen: @escaping (String?) -> Void) {
        api = GTKRuntime.api
        // GTK_FILE_CHOOSER_ACTION_OPEN
        dialog = api.gtk_file_chooser_native_new(title, window?.window, 0, "_Open", "_Cancel")
        self.chosen = chosen
        GTKRuntime.connect(
            dialog, "response",
            { (dialog: OpaquePointer?, response: Int32, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated {
                    guard let data else { return }
                    let chooser = Unmanaged<GTKFileChooser>.fromOpaque(data).takeRetainedValue()
                    chooser.respond(accepted: response == -3)  // GTK_RESPONSE_ACCEPT
                }
            } as @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Void,
            data: Unmanaged.passRetained(self).toOpaque())
        api.gtk_native_dialog_show(dialog)
    }

    private func respond(accepted: Bool) {
        var path: String?
        if accepted, let file = api.gtk_file_chooser_get_file(UnsafeMutableRawPointer(dialog)) {
            if let raw = api.g_file_get_path(file) {
                path = String(cString: raw)
                api.g_free(raw)
            }
            api.g_object_unref(UnsafeMutableRawPointer(file))
        }
        api.g_object_unref(UnsafeMutableRawPointer(dialog))
        chosen(path)
    }
}
