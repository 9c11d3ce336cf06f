import CCairo

/// Fills one vertical span per pixel column straight into an image surface's pixels: the shape of a
/// waveform envelope at one column per pixel. Cairo scan-converts the same envelope as a polygon of
/// 2 × width edges, which costs most of a live frame; writing the spans takes a fraction of that.
/// Each span's top and bottom pixel get partial coverage, so edges stay antialiased vertically.
struct ColumnSpanRasterizer {
    let pixels: UnsafeMutablePointer<UInt32>
    /// Pixels per row in memory (the surface's stride in pixels).
    let rowPixels: Int
    /// The writable area: the surface clipped by the canvas's clip, in whole pixels.
    let minimumX: Int, maximumX: Int, minimumY: Int, maximumY: Int

    /// Premultiplied ARGB32 of `color` at `coverage`, as floats 0…255.
    private static func source(_ color: PlotColor, coverage: Double) -> SIMD4<Float> {
        let alpha = color.alpha * coverage
        return SIMD4<Float>(
            Float(alpha), Float(color.red * alpha), Float(color.green * alpha), Float(color.blue * alpha))
            * 255
    }

    @inline(__always)
    private static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(Float(pixel >> 24), Float((pixel >> 16) & 0xFF), Float((pixel >> 8) & 0xFF), Float(pixel & 0xFF))
    }

    @inline(__always)
    private static func pack(_ value: SIMD4<Float>) -> UInt32 {
        let rounded = (value + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        return UInt32(rounded[0]) << 24 | UInt32(rounded[1]) << 16 | UInt32(rounded[2]) << 8 | UInt32(rounded[3])
    }

    /// Composites premultiplied `source` over pixel `index` (Porter-Duff over).
    @inline(__always)
    private func blend(_ index: Int, _ source: SIMD4<Float>) {
        pixels[index] = Self.pack(source + Self.unpack(pixels[index]) * (1 - source[0] / 255))
    }

    /// Fills column `x + column` from `upper[column]` down to `lower[column]` (pixel coordinates, top
    /// edge to bottom edge) for every column: the rows it covers whole with the colour, the one or two it
    /// covers in part blended by how much.
    func fill(x: Int, upper: [Double], lower: [Double], color: PlotColor) {
        let whole = Self.source(color, coverage: 1)
        let opaque = color.alpha >= 1, solid = Self.pack(whole)
        for column in 0..<min(upper.count, lower.count) {
            let px = x + column
            guard px >= minimumX, px < maximumX else { continue }
            let top = max(upper[column], Double(minimumY)), bottom = min(lower[column], Double(maximumY))
            guard bottom > top else { continue }
            let topRow = Int(top.rounded(.down)), bottomRow = Int(bottom.rounded(.down))
            if topRow == bottomRow {  // within one row
                blend(topRow * rowPixels + px, Self.source(color, coverage: bottom - top))
                continue
            }
            var row = topRow
            if Double(topRow) < top {  // the top row in part
                blend(row * rowPixels + px, Self.source(color, coverage: Double(topRow + 1) - top))
                row += 1
            }
            var index = row * rowPixels + px
            while row < bottomRow {
                if opaque { pixels[index] = solid } else { blend(index, whole) }
                row += 1
                index += rowPixels
            }
            if bottom > Double(bottomRow) && bottomRow < maximumY {  // the bottom row in part
                blend(index, Self.source(color, coverage: bottom - Double(bottomRow)))
            }
        }
    }
}

extension PlotCanvas {
    /// Runs `body` with a rasterizer on the pixels and the user-to-pixel mapping when the canvas draws
    /// into an ARGB32 image (a group's included) under an axis-aligned uniform scale, and returns what
    /// `body` returns: whether it drew (the pixels are then marked changed for Cairo). Returns false,
    /// doing nothing, for anything else (SVG, PDF, a window, a rotated canvas), where the caller draws
    /// with Cairo instead.
    func withColumnSpans(_ body: (ColumnSpanRasterizer, PixelMapping) -> Bool) -> Bool {
        guard let surface = cairo_get_group_target(context),
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, let mapping = pixelMapping
        else { return false }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        var left = 0.0, top = 0.0, right = 0.0, bottom = 0.0
        cairo_clip_extents(context, &left, &top, &right, &bottom)
        let rasterizer = ColumnSpanRasterizer(
            pixels: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
            rowPixels: Int(cairo_image_surface_get_stride(surface)) / 4,
            minimumX: max(0, Int(mapping.x(left).rounded(.up))),
            maximumX: min(width, Int(mapping.x(right).rounded(.down))),
            minimumY: max(0, Int(mapping.y(top).rounded(.up))),
            maximumY: min(height, Int(mapping.y(bottom).rounded(.down))))
        guard body(rasterizer, mapping) else { return false }
        cairo_surface_mark_dirty(surface)
        return true
    }
}
