import CCairo
import DecibelCore

/// A reusable off-screen ARGB drawing surface: draw plots into it frame after frame without
/// reallocating (live previews, video frames, benchmarks), then take a `PlotImage` or write a PNG.
public final class PlotSurface {
    /// The surface's size in pixels.
    public let size: PlotSize
    private let surface: OpaquePointer

    /// Creates a transparent surface of `size`.
    /// - Throws: `AudioError` of kind `invalidArgument` when a side of `size` is outside 1...32767, or
    ///   `backendError` when Cairo cannot create the image (out of memory, say).
    public init(size: PlotSize) throws(AudioError) {
        guard (1...32767).contains(size.width), (1...32767).contains(size.height) else {
            throw AudioError(.invalidArgument, "plot size \(size) is out of range (1...32767 pixels each way)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        else {
            throw AudioError(.backendError, "Cairo could not create a \(size) image")
        }
        try CairoStatus.check(cairo_surface_status(surface), "creating a \(size) image")
        self.size = size
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// Draws `drawable` over the whole surface.
    /// - Throws: `AudioError` of kind `backendError` when Cairo cannot create a context for the surface or the
    ///   drawing leaves Cairo in an error state (Cairo's status is then in `code`).
    public func draw(_ drawable: any PlotDrawable) throws(AudioError) {
        try drawable.drawSurface(surface, size: size)
    }

    /// A copy of the current pixels.
    /// - Throws: `AudioError` of kind `unsupportedConfiguration` only for a surface in a pixel format other than
    ///   ARGB32 or RGB24, which this one never is: in practice it does not throw.
    public func image() throws(AudioError) -> PlotImage { try PlotImage(copying: surface) }

    /// Writes the current pixels as a PNG file.
    /// - Throws: `AudioError` of kind `backendError` when Cairo cannot write the file (a path that cannot be
    ///   written, for one; Cairo's status is in `code`).
    public func writePNG(to path: String) throws(AudioError) {
        try CairoStatus.check(cairo_surface_write_to_png(surface, path), "writing PNG '\(path)'")
    }
}
