import CCairo
import DecibelCore

/// The file types a plot can be written as.
public enum PlotFileFormat: String, Hashable, Sendable, CaseIterable {
    /// Portable Network Graphics (raster, ARGB).
    case png
    /// Scalable Vector Graphics.
    case svg
    /// Portable Document Format (vector).
    case pdf

    /// The format named by a path's extension (`.png`, `.svg`, `.pdf`, any case), if any.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

extension PlotDrawable {
    /// Draws into a new in-memory ARGB image of `size` points at `scale` pixels per point: a 400×100 plot
    /// at scale 2 is an 800×200 image drawn as sharp as a HiDPI screen shows it.
    /// - Throws: `AudioError` of kind `invalidArgument` when a side of `size` is outside 1...32767 (at scale too)
    ///   or `scale` is below 1, or `backendError` when Cairo cannot create the image or its context, or drawing
    ///   leaves Cairo in an error state (out of memory, say; Cairo's status is then in `code`), or
    ///   `backendUnavailable` when Cairo is not installed (see `PlotLibraries`).
    public func renderImage(size: PlotSize, scale: Int = 1) throws(AudioError) -> PlotImage {
        try PlotLibraries.load()
        try Self.checkSize(size)
        guard scale >= 1 else { throw AudioError(.invalidArgument, "plot scale \(scale) is below 1") }
        let pixels = PlotSize(width: size.width * scale, height: size.height * scale)
        try Self.checkSize(pixels)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        else {
            throw AudioError(.backendError, "Cairo could not create a \(pixels) image")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        try drawSurface(surface, size: size)
        return try PlotImage(copying: surface)
    }

    /// Writes the plot to `path` at `size` as PNG, SVG or PDF; `format` defaults to the path's extension.
    /// A PNG has `scale` pixels per point (2 for a HiDPI picture); SVG and PDF are vectors, sharp at any.
    /// - Throws: `AudioError` of kind `invalidArgument` when a side of `size` is outside 1...32767, `scale` is
    ///   below 1, or `format` is nil and `path` does not end in `.png`, `.svg` or `.pdf`; or `backendError` when
    ///   Cairo cannot create, draw or write the file (a path that cannot be written, for one; Cairo's status is
    ///   then in `code`), or `backendUnavailable` when Cairo is not installed (see `PlotLibraries`).
    public func write(
        to path: String, size: PlotSize, scale: Int = 1, format: PlotFileFormat? = nil
    )
        throws(AudioError)
    {
        try PlotLibraries.load()
        try Self.checkSize(size)
        guard let format = format ?? PlotFileFormat(path: path) else {
            throw AudioError(.invalidArgument, "cannot tell the plot format of '\(path)'; end it in .png, .svg or .pdf")
        }
        switch format {
        case .png:
            try renderImage(size: size, scale: scale).writePNG(to: path)
        case .svg, .pdf:
            let width = Double(size.width), height = Double(size.height)
            let surface =
                format == .svg
                ? cairo_svg_surface_create(path, width, height)
                : cairo_pdf_surface_create(path, width, height)
            guard let surface else { throw AudioError(.backendError, "Cairo could not create '\(path)'") }
            defer { cairo_surface_destroy(surface) }
            try CairoStatus.check(cairo_surface_status(surface), "creating '\(path)'")
            try drawSurface(surface, size: size)
            cairo_surface_finish(surface)
            try CairoStatus.check(cairo_surface_status(surface), "writing '\(path)'")
        }
    }

    /// Draws into any Cairo surface (image, vector, Xlib) through `draw(into:size:)`.
    func drawSurface(_ surface: OpaquePointer, size: PlotSize) throws(AudioError) {
        guard let context = cairo_create(surface) else {
            throw AudioError(.backendError, "Cairo could not create a context")
        }
        defer { cairo_destroy(context) }
        try draw(into: context, size: size)
        cairo_surface_flush(surface)
    }

    static func checkSize(_ size: PlotSize) throws(AudioError) {
        guard (1...32767).contains(size.width), (1...32767).contains(size.height) else {
            throw AudioError(.invalidArgument, "plot size \(size) is out of range (1...32767 pixels each way)")
        }
    }
}
