import CCairo
import DecibelCore

extension PlotDrawable {
    /// Draws into a Cairo context you own: a GTK 4 widget's `cairo_t`, a toolkit's window, a page of a
    /// PDF you are writing. The plot's top-left corner is the context's current origin and `size` is in
    /// its user units; the drawing is clipped to that rectangle and leaves the context's state (source,
    /// clip, line width, path) as it found it. On a HiDPI surface (device scale 2) or under a scaling
    /// transform the plot draws at the pixels' resolution, as sharp as at twice the size. Every output
    /// Decibel writes itself (images, PNG, SVG, PDF, the X11 window) is drawn through this call.
    /// - Parameters:
    ///   - context: a `cairo_t *`.
    ///   - size: the plot's size in the context's user units (points).
    /// - Throws: `AudioError` of kind `invalidArgument` when a side of `size` is outside 1...32767, or
    ///   `backendError` when the context is already in an error state or the drawing leaves it in one
    ///   (Cairo's status is then in `code`).
    public func draw(into context: OpaquePointer, size: PlotSize) throws(AudioError) {
        try Self.checkSize(size)
        try CairoStatus.check(cairo_status(context), "the Cairo context handed in")
        cairo_save(context)
        cairo_new_path(context)
        cairo_rectangle(context, 0, 0, Double(size.width), Double(size.height))
        cairo_clip(context)
        draw(in: PlotCanvas(context: context), size: size)
        cairo_restore(context)
        try CairoStatus.check(cairo_status(context), "drawing")
    }
}
