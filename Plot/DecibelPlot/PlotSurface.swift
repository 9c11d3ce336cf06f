import CCairo
import DecibelCore

/// A reusable off-screen ARGB drawing surface: draw plots into it frame after frame without
/// reallocating (live previews, video frames, benchmarks), then take a `PlotImage` or write a PNG.
public final class PlotSurface {
    /// The size plots are drawn at, in points (pixels at scale 1).
    public let size: PlotSize
    /// Pixels per point: the image is `size` × `scale` pixels.
    public let scale: Int
    private let surface: OpaquePointer

    /// Creates a transparent surface of `size` points at `scale` pixels per point.
    /// - Throws: `AudioError` of kind `invalidArgument` when a side of `size` (at scale too) is outside
    ///   1...32767 or `scale` is below 1, `backendUnavailable` when Cairo is not installed (see `PlotLibraries`), or
    ///   `backendError` when Cairo cannot create the image (out of memory, say).
    public init(size: PlotSize, scale: Int = 1) throws(AudioError) {
        guard scale >= 1 else { throw AudioError(.invalidArgument, "plot scale \(scale) is below 1") }
        try PlotLibraries.load()
        let pixels = PlotSize(width: size.width * scale, height: size.height * scale)
        guard (1...32767).contains(size.width), (1...32767).contains(size.height), (1...32767).contains(pixels.width),
            (1...32767).contains(pixels.height)
        else {
            throw AudioError(.invalidArgument, "plot size \(pixels) is out of range (1...32767 pixels each way)")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        else {
            throw AudioError(.backendError, "Cairo could not create a \(pixels) image")
        }
        try CairoStatus.check(cairo_surface_status(surface), "creating a \(pixels) image")
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        self.size = size
        self.scale = scale
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
