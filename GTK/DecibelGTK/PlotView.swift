import CGTK
import DecibelCore
import DecibelPlot

/// A GTK drawing area that shows any `PlotDrawable`, drawn by GTK into the window's own Cairo context
/// at the display's scale (sharp on HiDPI), in the GTK theme's colours, and redrawn on the frame
/// clock when `onFrame` is set. The base of every Decibel GTK widget; use it for plots of your own.
@MainActor
public final class PlotView: GTKWidget {
    let api: decibel_gtk_api
    /// The `GtkDrawingArea *`.
    public let widget: OpaquePointer
    /// What the view shows; it redraws when this changes.
    public var drawable: any PlotDrawable { didSet { queueDraw() } }
    /// Called on every frame of GTK's frame clock (drain feeds here); returns whether the picture changed,
    /// and only then is the view drawn again. Nil: drawn only when `drawable` changes or on `queueDraw()`.
    public var onFrame: ((PlotView) -> Bool)? {
        didSet { if onFrame != nil && tick == 0 { startTicking() } }
    }
    /// Draws over the plot (a playhead, a selection) in the plot's coordinates.
    public var drawOverlay: ((PlotCanvas, PlotSize) -> Void)?
    /// Called with the theme's colours before the first draw and whenever they change (a switch to a
    /// dark theme), to restyle the plot.
    public var applyTheme: ((GTKTheme) -> Void)?
    private var appliedTheme: GTKTheme?
    /// Called for a press of the primary button at (x, y) in points.
    public var onPress: ((Double, Double) -> Void)?
    /// Called while the pointer drags with the button held, at (x, y) in points.
    public var onDrag: ((Double, Double) -> Void)?
    /// Called for a scroll of (dx, dy) wheel steps over the view.
    public var onScroll: ((Double, Double) -> Void)?
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0
    /// Time spent drawing those frames (the plot and the overlay, in GTK's draw callback), in seconds.
    public private(set) var drawingSeconds = 0.0
    private var tick: UInt32 = 0
    private var dragStart = (0.0, 0.0)

    /// A view of `drawable` asking for at least `width` × `height` points; it grows with the window.
    public init(drawable: any PlotDrawable, width: Int = 400, height: Int = 120) {
        api = GTKRuntime.api
        widget = api.gtk_drawing_area_new()
        self.drawable = drawable
        api.gtk_widget_set_size_request(widget, Int32(width), Int32(height))
        api.gtk_widget_set_hexpand(widget, 1)
        api.gtk_widget_set_vexpand(widget, 1)
        let data = Unmanaged.passRetained(self).toOpaque()
        api.gtk_drawing_area_set_draw_func(
            widget,
            { _, context, width, height, data in
                MainActor.assumeIsolated {
                    Unmanaged<PlotView>.object(data)?.draw(context, width: Int(width), height: Int(height))
                }
            }, data,
            { data in
                guard let data else { return }
                Unmanaged<PlotView>.fromOpaque(data).release()
            })
        connectInput(data)
    }

    /// The view's size in points now.
    public var size: PlotSize {
        PlotSize(width: Int(api.gtk_widget_get_width(widget)), height: Int(api.gtk_widget_get_height(widget)))
    }

    /// Device pixels per point (2 on a HiDPI display).
    public var scaleFactor: Int { Int(api.gtk_widget_get_scale_factor(widget)) }

    /// Asks GTK to draw the view again at its next frame.
    public func queueDraw() { api.gtk_widget_queue_draw(widget) }

    private func draw(_ context: OpaquePointer, width: Int, height: Int) {
        guard width > 0, height > 0 else { return }
        let started = MonotonicClock.now()
        defer { drawingSeconds += Double(MonotonicClock.now() - started) / 1e9 }
        let theme = GTKTheme(widget: widget, api: api)
        if theme != appliedTheme {
            appliedTheme = theme
            applyTheme?(theme)
        }
        let size = PlotSize(width: width, height: height)
        try? drawable.draw(into: context, size: size)
        if let drawOverlay {
            let canvas = PlotCanvas(context: context)
            canvas.save()
            drawOverlay(canvas, size)
            canvas.restore()
        }
        framesDrawn += 1
    }

    private func startTicking() {
        tick = api.gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                MainActor.assumeIsolated {
                    guard let view = Unmanaged<PlotView>.object(data), let onFrame = view.onFrame else { return 0 }
                    if onFrame(view) { view.queueDraw() }
                    return 1
                }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func connectInput(_ data: UnsafeMutableRawPointer) {
        let click = api.gtk_gesture_click_new()
        GTKRuntime.connect(
            click, "pressed",
            { (_: OpaquePointer?, _: Int32, x: Double, y: Double, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated { Unmanaged<PlotView>.object(data)?.onPress?(x, y) }
            } as @convention(c) (OpaquePointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void, data: data)
        api.gtk_widget_add_controller(widget, click)
        let drag = api.gtk_gesture_drag_new()
        GTKRuntime.connect(
            drag, "drag-begin",
            { (_: OpaquePointer?, x: Double, y: Double, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated { Unmanaged<PlotView>.object(data)?.dragStart = (x, y) }
            } as @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Void, data: data)
        GTKRuntime.connect(
            drag, "drag-update",
            { (_: OpaquePointer?, dx: Double, dy: Double, data: UnsafeMutableRawPointer?) in
                MainActor.assumeIsolated {
                    guard let view = Unmanaged<PlotView>.object(data) else { return }
                    view.onDrag?(view.dragStart.0 + dx, view.dragStart.1 + dy)
                }
            } as @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Void, data: data)
        api.gtk_widget_add_controller(widget, drag)
        let scroll = api.gtk_event_controller_scroll_new(3)  // GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES
        GTKRuntime.connect(
            scroll, "scroll",
            { (_: OpaquePointer?, dx: Double, dy: Double, data: UnsafeMutableRawPointer?) -> Int32 in
                MainActor.assumeIsolated {
                    guard let view = Unmanaged<PlotView>.object(data), let onScroll = view.onScroll else { return 0 }
                    onScroll(dx, dy)
                    return 1
                }
            } as @convention(c) (OpaquePointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32, data: data)
        api.gtk_widget_add_controller(widget, scroll)
    }
}
