import CCairo

/// The pixel size of a plot (for vector outputs: points).
public struct PlotSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// In pixels; drawing to a file or surface takes 1 to 32767 on each side and throws otherwise.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// Something that draws itself into a canvas of a given size: every plot, and your own drawings.
public protocol PlotDrawable {
    /// Draws the whole picture, background included, into `canvas` of `size`.
    func draw(in canvas: PlotCanvas, size: PlotSize)
}

/// A thin drawing surface over a Cairo context: paths, fills, strokes and text in pixel coordinates
/// (origin top left, y down). Anti-aliased; valid only during the `draw` call that received it.
public final class PlotCanvas {
    /// The underlying `cairo_t *` (for drawing Decibel does not wrap).
    public let context: OpaquePointer

    /// Wraps a Cairo context the caller owns.
    public init(context: OpaquePointer) { self.context = context }

    /// Sets the colour of the next fill, stroke or text.
    public func setColor(_ color: PlotColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills the whole canvas with `color`, replacing what was there.
    public func clear(_ color: PlotColor) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setColor(color)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Starts a new path at (`x`, `y`).
    public func move(to x: Double, _ y: Double) { cairo_move_to(context, x, y) }
    /// Adds a straight segment to (`x`, `y`).
    public func line(to x: Double, _ y: Double) { cairo_line_to(context, x, y) }
    /// Closes the current sub-path.
    public func closePath() { cairo_close_path(context) }
    /// Adds a rectangle sub-path.
    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(context, x, y, width, height)
    }
    /// Turns anti-aliasing of fills and strokes off (hard pixel edges, for pixel-exact pictures) or back on.
    public func setAntialiasing(_ on: Bool) {
        cairo_set_antialias(context, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }
    /// Makes fills replace the pixels under them, alpha included, instead of blending over them.
    public func setReplacesPixels(_ replaces: Bool) {
        cairo_set_operator(context, replaces ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
    }
    /// Adds a rectangle sub-path with corners rounded to `radius`.
    public func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }
    /// Sets the stroke width in pixels.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(context, width) }
    /// Rounds stroke joins and caps (smooth waveform outlines) or keeps them square.
    public func setRoundJoins(_ round: Bool) {
        cairo_set_line_join(context, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
        cairo_set_line_cap(context, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
    }
    /// Fills the current path; `preserve` keeps it for a following stroke.
    public func fill(preserve: Bool = false) { preserve ? cairo_fill_preserve(context) : cairo_fill(context) }
    /// Strokes the current path; `preserve` keeps it.
    public func stroke(preserve: Bool = false) { preserve ? cairo_stroke_preserve(context) : cairo_stroke(context) }
    /// Saves the drawing state (colour, clip, line width).
    public func save() { cairo_save(context) }
    /// Restores the state saved last.
    public func restore() { cairo_restore(context) }
    /// Limits drawing to a rectangle until `restore()`.
    public func clip(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
    }

    /// Where text is anchored relative to its point.
    public enum TextAnchor: Sendable {
        /// The point is the text's left baseline.
        case left
        /// The point is the text's horizontal centre, on the baseline.
        case center
        /// The point is the text's right baseline.
        case right
    }

    /// Draws one line of sans-serif (or monospaced) text of `size` pixels with its baseline at `y`.
    public func text(
        _ string: String, x: Double, y: Double, size: Double, anchor: TextAnchor = .left, monospaced: Bool = false
    ) {
        cairo_select_font_face(
            context, monospaced ? "monospace" : "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, string, &extents)
        let offset: Double
        switch anchor {
        case .left: offset = 0
        case .center: offset = extents.x_advance / 2
        case .right: offset = extents.x_advance
        }
        cairo_move_to(context, x - offset, y)
        cairo_show_text(context, string)
        cairo_new_path(context)
    }
}
