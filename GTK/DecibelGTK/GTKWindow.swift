import CGTK

/// The application's window: a vertical column of widgets.
@MainActor
public final class GTKWindow {
    let api: decibel_gtk_api
    /// The `GtkWindow *`.
    public let window: OpaquePointer
    private let column: OpaquePointer

    init(api: decibel_gtk_api, application: OpaquePointer) {
        self.api = api
        window = api.gtk_application_window_new(application)
        column = api.gtk_box_new(1, 6)  // GTK_ORIENTATION_VERTICAL
        for margin in [
            api.gtk_widget_set_margin_start, api.gtk_widget_set_margin_end, api.gtk_widget_set_margin_top,
            api.gtk_widget_set_margin_bottom,
        ] {
            margin(column, 8)
        }
        api.gtk_window_set_child(window, column)
        api.gtk_window_set_default_size(window, 800, 480)
    }

    /// The title bar's text.
    public var title: String = "" { didSet { api.gtk_window_set_title(window, title) } }

    /// Asks for a size in points; the window manager may give another.
    public func setDefaultSize(width: Int, height: Int) {
        api.gtk_window_set_default_size(window, Int32(width), Int32(height))
    }

    /// Appends `widget` below the others.
    public func add(_ widget: some GTKWidget) { api.gtk_box_append(column, widget.widget) }

    /// Appends a row of widgets side by side.
    public func addRow(_ widgets: [any GTKWidget]) {
        let row = api.gtk_box_new(0, 6)  // GTK_ORIENTATION_HORIZONTAL
        for widget in widgets { api.gtk_box_append(row, widget.widget) }
        api.gtk_box_append(column, row)
    }

    func present() { api.gtk_window_present(window) }

    /// Closes the window (the application ends when its last window closes).
    public func close() { api.gtk_window_destroy(window) }
}

/// Anything that is a GTK widget.
@MainActor
public protocol GTKWidget: AnyObject {
    /// The `GtkWidget *`.
    var widget: OpaquePointer { get }
}

extension GTKWidget {
    /// Where the widget lies on its window's surface (the X11 window, client-side decorations included),
    /// in points: where a screenshot of the window shows it. Nil before the window is shown.
    public var frameInSurface: (x: Double, y: Double, width: Double, height: Double)? {
        let api = GTKRuntime.api
        guard let native = api.gtk_widget_get_native(widget) else { return nil }
        var x = 0.0, y = 0.0, shadowX = 0.0, shadowY = 0.0
        guard api.gtk_widget_translate_coordinates(widget, native, 0, 0, &x, &y) != 0 else { return nil }
        api.gtk_native_get_surface_transform(native, &shadowX, &shadowY)
        return (
            x + shadowX, y + shadowY, Double(api.gtk_widget_get_width(widget)),
            Double(api.gtk_widget_get_height(widget))
        )
    }
}
