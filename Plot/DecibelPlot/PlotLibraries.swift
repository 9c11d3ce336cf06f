import CCairo
import DecibelCore

/// Cairo, and for windows Xlib and XRandR, are loaded when Plot first needs them, not when the program starts:
/// a program that links DecibelPlot but never draws (a player with an optional waveform export, say) starts
/// without them installed and without their cost.
///
/// Plot's entry points that make a surface (`PlotSurface`, `PlotImage`'s PNG reading and writing,
/// `PlotDrawable`'s `write(to:)` and `renderImage`, `PlotWindow`) load them first and throw if they cannot.
/// Drawing into a Cairo context you made (`draw(into:size:)`, `PlotCanvas(context:)`, a GTK widget's) needs
/// nothing more: Cairo is loaded already. A Cairo function reached any other way with Cairo missing ends the
/// program with the message `load()` would have thrown.
public enum PlotLibraries {
    /// Loads Cairo, and Xlib and XRandR too when `window` is true; does nothing once they are loaded.
    /// - Throws: `AudioError` of kind `backendUnavailable` naming the library that could not be loaded and the
    ///   package to install.
    public static func load(window: Bool = false) throws(AudioError) {
        let failure: String? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { message in
            decibel_plot_libraries_load(window, message.baseAddress, message.count)
                ? nil : String(cString: message.baseAddress!)
        }
        if let failure { throw AudioError(.backendUnavailable, failure) }
    }
}
