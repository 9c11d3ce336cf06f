import CGTK

/// A push button with a text label.
@MainActor
public final class GTKButton: GTKWidget {
    let api: decibel_gtk_api
    /// The `GtkButton *`.
    public let widget: OpaquePointer
    /// Called when the button is clicked.
    public var onClick: (() -> Void)?

    /// A button showing `label` that calls `onClick` when clicked.
    public init(label: String, onClick: (() -> Void)? = nil) {
        api = GTKRuntime.api
        widget = api.gtk_button_new_with_label(label)
        self.label = label
        self.onClick = onClick
        GTKRuntime.connect(
            widget, "clicked",
            { (_: OpaquePointer?, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated { Unmanaged<GTKButton>.object(data)?.onClick?() }
            } as @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void,
            data: Unmanaged.passRetained(self).toOpaque())
    }

    /// The text on the button.
    public var label: String { didSet { api.gtk_button_set_label(widget, label) } }
}

/// A line of text.
@MainActor
public final class GTKLabel: GTKWidget {
    let api: decibel_gtk_api
    /// The `GtkLabel *`.
    public let widget: OpaquePointer

    /// A label showing `text`.
    public init(_ text: String = "") {
        api = GTKRuntime.api
        widget = api.gtk_label_new(text)
        self.text = text
    }

    /// The text shown.
    public var text: String { didSet { api.gtk_label_set_text(widget, text) } }
}
