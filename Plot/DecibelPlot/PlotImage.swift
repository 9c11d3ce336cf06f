import CCairo
import DecibelCore

/// An in-memory picture: 32-bit ARGB pixels (Cairo's `ARGB32`: premultiplied alpha, native-endian
/// words, `0xAARRGGBB`), row after row with no padding.
public struct PlotImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` premultiplied `0xAARRGGBB` words, top row first.
    public var pixels: [UInt32]

    /// Creates an image from premultiplied ARGB words.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "PlotImage: \(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The raw word at (`x`, `y`).
    public func argb(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// The straight (un-premultiplied) colour at (`x`, `y`).
    public func color(x: Int, y: Int) -> PlotColor {
        let word = argb(x: x, y: y)
        let alpha = Double(word >> 24) / 255
        guard alpha > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { Double((word >> shift) & 0xff) / 255 / alpha }
        return PlotColor(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }

    /// Reads a PNG file (any PNG Cairo can load), converted to ARGB32.
    /// - Throws: `AudioError` of kind `backendError` when Cairo cannot read `path` (missing, unreadable or not a
    ///   valid PNG; Cairo's status is in `code`), `unsupportedConfiguration` when Cairo loads it in a pixel format
    ///   other than ARGB32 or RGB24 (newer Cairo keeps 16-bit PNGs in floating point), or `invalidArgument` if
    ///   Cairo returns no surface at all; `backendUnavailable` when Cairo is not installed (see `PlotLibraries`).
    public init(contentsOfPNG path: String) throws(AudioError) {
        try PlotLibraries.load()
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw AudioError(.invalidArgument, "cannot read PNG '\(path)'")
        }
        defer { cairo_surface_destroy(surface) }
        try CairoStatus.check(cairo_surface_status(surface), "reading PNG '\(path)'")
        self = try PlotImage(copying: surface)
    }

    /// Writes the image as a PNG file.
    /// - Throws: `AudioError` of kind `backendError` when Cairo cannot write it (a path that cannot be written, or
    ///   an image Cairo cannot wrap; Cairo's status is in `code`), or `backendUnavailable` when Cairo is not
    ///   installed (see `PlotLibraries`).
    public func writePNG(to path: String) throws(AudioError) {
        try PlotLibraries.load()
        var copy = pixels
        let stride = width * 4
        let status: cairo_status_t = copy.withUnsafeMutableBytes { bytes in
            let surface = cairo_image_surface_create_for_data(
                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
                Int32(height), Int32(stride))
            defer { cairo_surface_destroy(surface) }
            return cairo_surface_write_to_png(surface, path)
        }
        try CairoStatus.check(status, "writing PNG '\(path)'")
    }

    /// Copies an ARGB32 or RGB24 image surface (RGB24 pixels become opaque).
    init(copying surface: OpaquePointer) throws(AudioError) {
        cairo_surface_flush(surface)
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            throw AudioError(
                .unsupportedConfiguration, "image surface format \(format.rawValue) is not ARGB32 or RGB24")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt32](repeating: 0, count: width * height)
        if let data = cairo_image_surface_get_data(surface) {
            let opaque: UInt32 = format == CAIRO_FORMAT_RGB24 ? 0xff00_0000 : 0
            for row in 0..<height {
                let source = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { pixels[row * width + column] = source[column] | opaque }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

/// Turns Cairo status codes into `AudioError`s that carry Cairo's own text.
enum CairoStatus {
    static func check(_ status: cairo_status_t, _ action: String) throws(AudioError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "unknown"
        throw AudioError(.backendError, "Cairo failed \(action)", code: Int32(status.rawValue), codeDescription: text)
    }
}
