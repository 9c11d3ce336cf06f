import CGTK
import DecibelPlot

/// The GTK theme's colours where a widget is drawn: dark or light, as the desktop is.
public struct GTKTheme: Hashable, Sendable {
    /// The text colour.
    public var foreground: PlotColor
    /// The window's background.
    public var background: PlotColor
    /// The theme's accent (selection) colour.
    public var accent: PlotColor

    /// Whether the background is dark.
    public var isDark: Bool { Self.luminance(background) < 0.5 }

    static func luminance(_ color: PlotColor) -> Double {
        0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
    }

    /// Colours for plots on this theme: the plot background a shade off the window's, the axis half way
    /// to the text colour.
    public var plotBackground: PlotColor { background.mixed(with: foreground, amount: 0.06) }
    /// Axis ticks and labels.
    public var axis: PlotColor { foreground.mixed(with: background, amount: 0.35) }

    /// Colours given outright.
    public init(foreground: PlotColor, background: PlotColor, accent: PlotColor) {
        self.foreground = foreground
        self.background = background
        self.accent = accent
    }

    @MainActor
    init(widget: OpaquePointer, api: decibel_gtk_api) {
        let style = api.gtk_widget_get_style_context(widget)
        func color(_ rgba: decibel_gdk_rgba) -> PlotColor {
            PlotColor(
                red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
        }
        var rgba = decibel_gdk_rgba(red: 0, green: 0, blue: 0, alpha: 1)
        api.gtk_style_context_get_color(style, &rgba)
        foreground = color(rgba)
        func named(_ names: [String], fallback: PlotColor) -> PlotColor {
            for name in names where api.gtk_style_context_lookup_color(style, name, &rgba) != 0 { return color(rgba) }
            return fallback
        }
        let dark = Self.luminance(foreground) > 0.5  // light text: a dark theme
        background = named(["window_bg_color", "theme_bg_color"], fallback: dark ? .plotBackground : .white)
        accent = named(["accent_bg_color", "theme_selected_bg_color"], fallback: .plotWaveform)
    }
}
