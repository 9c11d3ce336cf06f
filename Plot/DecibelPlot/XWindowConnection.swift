import CCairo

/// One X connection with one top-level window and its Cairo surface. Used only by the window thread
/// after creation (Xlib connections are not shared between threads here, so no `XInitThreads`).
final class XWindowConnection {
    let display: OpaquePointer
    let window: Window
    let deleteAtom: Atom
    private(set) var surface: OpaquePointer?
    private(set) var size: PlotSize

    init(display: OpaquePointer, title: String, size: PlotSize) {
        self.display = display
        self.size = size
        let screen = decibel_cairo_x_default_screen(display)
        let root = decibel_cairo_x_root_window(display, screen)
        let black = decibel_cairo_x_black_pixel(display, screen)
        window = XCreateSimpleWindow(display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0, black, black)
        XStoreName(display, window, title)
        // Expose, key presses and size changes; no background repaint, so resizing does not flash black.
        XSelectInput(display, window, ExposureMask | KeyPressMask | StructureNotifyMask)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0
        XChangeWindowAttributes(display, window, UInt(CWBackPixmap), &attributes)
        var atom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        deleteAtom = atom
        XSetWMProtocols(display, window, &atom, 1)
        XMapWindow(display, window)
        surface = cairo_xlib_surface_create(
            display, window, decibel_cairo_x_default_visual(display, screen), Int32(size.width), Int32(size.height))
        XFlush(display)
    }

    /// The screen's refresh rate in Hz from XRandR, if the server reports one.
    var refreshRate: Double? {
        let screen = decibel_cairo_x_default_screen(display)
        guard let configuration = XRRGetScreenInfo(display, decibel_cairo_x_root_window(display, screen)) else {
            return nil
        }
        defer { XRRFreeScreenConfigInfo(configuration) }
        let rate = XRRConfigCurrentRate(configuration)
        return rate > 0 ? Double(rate) : nil
    }

    /// The file descriptor to poll for incoming events.
    var fileDescriptor: Int32 { decibel_cairo_x_connection_fd(display) }

    /// Records a new size from a ConfigureNotify and tells Cairo.
    func resized(to newSize: PlotSize) {
        guard newSize != size, newSize.width > 0, newSize.height > 0 else { return }
        size = newSize
        if let surface { cairo_xlib_surface_set_size(surface, Int32(newSize.width), Int32(newSize.height)) }
    }

    /// Asks the server for a new size.
    func requestSize(_ newSize: PlotSize) {
        XResizeWindow(display, window, UInt32(max(1, newSize.width)), UInt32(max(1, newSize.height)))
    }

    /// Draws one frame into an image in this process's memory and copies it to the window, so it never
    /// flickers; drawing into an image (not a server-side group) lets plots write pixels directly
    /// (`ColumnSpanRasterizer`), several times faster than Cairo's path fill.
    func present(_ drawable: any PlotDrawable) {
        guard let surface, let image = backBuffer(), (try? drawable.drawSurface(image, size: size)) != nil else {
            return
        }
        guard let context = cairo_create(surface) else { return }
        cairo_set_source_surface(context, image, 0, 0)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        XFlush(display)
    }

    private var backBufferImage: OpaquePointer?
    private var backBufferSize = PlotSize(width: 0, height: 0)

    /// The ARGB32 image frames are drawn into, made anew when the window's size changes.
    private func backBuffer() -> OpaquePointer? {
        if backBufferImage == nil || backBufferSize != size {
            if let old = backBufferImage { cairo_surface_destroy(old) }
            backBufferImage = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
            backBufferSize = size
        }
        guard let image = backBufferImage, cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return nil }
        return image
    }

    /// Unmaps and destroys the window and closes the connection.
    func destroy() {
        if let image = backBufferImage { cairo_surface_destroy(image) }
        backBufferImage = nil
        if let surface { cairo_surface_destroy(surface) }
        surface = nil
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }
}
