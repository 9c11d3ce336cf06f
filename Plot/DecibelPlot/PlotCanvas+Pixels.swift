import CCairo

/// How the canvas's user units land on the pixels of the surface it draws into.
struct PixelMapping: Equatable {
    /// Device pixels per user unit, the same both ways.
    var scale: Double
    /// The pixel of user point (0, 0).
    var offsetX: Double, offsetY: Double

    func x(_ user: Double) -> Double { user * scale + offsetX }
    func y(_ user: Double) -> Double { user * scale + offsetY }
}

extension PlotCanvas {
    /// Device pixels per user unit: 1 for a plain image or a file, 2 on a HiDPI surface
    /// (`cairo_surface_set_device_scale(surface, 2, 2)`, as GTK hands a widget at scale 2), and the scale of
    /// any transformation the caller set. Envelopes are computed once per pixel column at this resolution,
    /// so a plot at scale 2 is as sharp as one drawn at twice the size.
    public var pixelScale: Double {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var deviceX = 1.0, deviceY = 1.0
        if let target = cairo_get_group_target(context) { cairo_surface_get_device_scale(target, &deviceX, &deviceY) }
        let scale = (matrix.xx * matrix.xx + matrix.yx * matrix.yx).squareRoot() * deviceX
        return scale.isFinite && scale > 0 ? scale : 1
    }

    /// The user-to-pixel mapping of the surface drawn into, when it is an axis-aligned uniform scale
    /// and translation (the device scale and offset of the surface or of a group included); nil under a
    /// rotation, a shear or unequal scales.
    var pixelMapping: PixelMapping? {
        guard let target = cairo_get_group_target(context) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        var deviceX = 1.0, deviceY = 1.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &deviceX, &deviceY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx * deviceX == matrix.yy * deviceY else {
            return nil
        }
        return PixelMapping(
            scale: matrix.xx * deviceX, offsetX: matrix.x0 * deviceX + offsetX, offsetY: matrix.y0 * deviceY + offsetY)
    }
}
