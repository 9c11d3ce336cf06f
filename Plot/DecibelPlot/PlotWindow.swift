import CCairo
import DecibelCore
import Synchronization

/// A live X11 window (Cairo on Xlib) that redraws a plot at a steady frame rate on its own thread,
/// handling expose, resize and close (the window manager's close button, `WM_DELETE_WINDOW`).
///
/// All drawing, the `onFrame` handler and the `onKey` handler run on the window's thread, so they may
/// share a plot without locks; feed audio in from the render thread through a `WaveformFeed`. Nothing
/// the window does can block a render thread.
///
/// ```swift
/// let window = PlotWindow(title: "scope", size: PlotSize(width: 800, height: 200))
/// try window.open(drawing: plot, onFrame: { _ in feed.drain(into: plot) }, onKey: { key, window in
///     if key.name == "q" { window.requestClose() }
/// })
/// window.waitUntilClosed()
/// ```
public final class PlotWindow: @unchecked Sendable {
    /// Called on the window thread before each frame is drawn (drain feeds here).
    public typealias FrameHandler = (PlotWindow) -> Void
    /// Called on the window thread for every key press.
    public typealias KeyHandler = (PlotKey, PlotWindow) -> Void

    /// The title shown by the window manager.
    public let title: String
    /// The frame rate asked for; `nil` follows the display's refresh rate.
    public let requestedFramesPerSecond: Double?
    /// The X display name (`":57"`); `nil` uses `$DISPLAY`.
    public let displayName: String?

    struct Shared {
        var size: PlotSize
        var requestedSize: PlotSize?
        var windowID: UInt = 0
        var framesPerSecond: Double = 60
    }

    let shared: Locked<Shared>
    let closeRequested = Atomic<Bool>(false)
    let running = Atomic<Bool>(false)
    let frames = Atomic<Int>(0)
    let exposes = Atomic<Int>(0)
    private let thread = Locked<AudioThread?>(nil)

    /// Creates a closed window; `open` shows it. `framesPerSecond` `nil` redraws at the display's
    /// refresh rate (XRandR; 60 when the server reports none, as Xvfb may).
    public init(
        title: String = "Decibel", size: PlotSize = PlotSize(width: 800, height: 200), framesPerSecond: Double? = nil,
        display: String? = nil
    ) {
        self.title = title
        requestedFramesPerSecond = framesPerSecond.map { min(240, max(1, $0)) }
        displayName = display
        shared = Locked(Shared(size: size))
    }

    deinit { close() }

    /// Frames drawn per second while open (the display's rate unless one was asked for).
    public var framesPerSecond: Double { shared.withLock { $0.framesPerSecond } }
    /// The window's current size (updated when the window is resized by anyone).
    public var size: PlotSize { shared.withLock { $0.size } }
    /// Whether the window is on screen and its thread running.
    public var isOpen: Bool { running.load(ordering: .acquiring) }
    /// Frames drawn since `open`.
    public var framesDrawn: Int { frames.load(ordering: .relaxed) }
    /// Expose events handled since `open`.
    public var exposeCount: Int { exposes.load(ordering: .relaxed) }
    /// The X window id (0 before `open`), for tools like `xwd -id`.
    public var windowID: UInt { shared.withLock { $0.windowID } }

    /// Connects to the X server, maps the window and starts redrawing `drawable` on the window thread.
    /// - Throws: `AudioError` of kind `invalidState` when the window is already open, `backendUnavailable` when
    ///   Cairo, Xlib or XRandR is not installed (see `PlotLibraries`) or the X display cannot be opened (no X
    ///   server, or `DISPLAY` unset or wrong), or `backendError` when the window thread cannot start.
    public func open(
        drawing drawable: any PlotDrawable, onFrame: FrameHandler? = nil, onKey: KeyHandler? = nil
    ) throws(AudioError) {
        guard !running.load(ordering: .acquiring) else {
            throw AudioError(.invalidState, "the plot window is already open")
        }
        try PlotLibraries.load(window: true)
        PlotWindow.installErrorHandler()
        guard let display = XOpenDisplay(displayName) else {
            let name = displayName ?? "$DISPLAY (unset)"
            throw AudioError(
                .backendUnavailable, "cannot open X display \(name); start an X server or Xvfb and set DISPLAY")
        }
        let connection = XWindowConnection(display: display, title: title, size: size)
        let rate = requestedFramesPerSecond ?? connection.refreshRate ?? 60
        shared.withLock {
            $0.windowID = UInt(connection.window)
            $0.framesPerSecond = rate
        }
        closeRequested.store(false, ordering: .releasing)
        frames.store(0, ordering: .relaxed)
        running.store(true, ordering: .releasing)
        let job = UncheckedTransfer((connection, drawable, onFrame, onKey))
        do {
            let started = try AudioThread(name: "decibel-plot") { [self] in
                let (connection, drawable, onFrame, onKey) = job.value
                runLoop(connection, drawable: drawable, onFrame: onFrame, onKey: onKey)
            }
            thread.withLock { $0 = started }
        } catch {
            running.store(false, ordering: .releasing)
            connection.destroy()
            throw error
        }
    }

    /// Asks the window to close; returns at once (safe from any thread, including the key handler).
    public func requestClose() { closeRequested.store(true, ordering: .releasing) }

    /// Asks the window to take `size`; returns at once. `size` updates when the server confirms.
    public func resize(to size: PlotSize) { shared.withLock { $0.requestedSize = size } }

    /// Waits until the window has closed (by `requestClose`, the window manager or `close`).
    public func waitUntilClosed() {
        let current = thread.withLock { $0 }
        guard let current, !current.isCurrent else { return }
        current.join()
    }

    /// Closes the window and waits for its thread. From the window thread itself, only requests it.
    public func close() {
        requestClose()
        waitUntilClosed()
    }

    /// Makes Xlib thread-safe (each window has its own connection and thread, but Xlib keeps some
    /// process-wide state) and keeps its default error handler from exiting on a protocol error.
    static func installErrorHandler() {
        _ = xlibPrepared
    }

    private static let xlibPrepared: Bool = {
        XInitThreads()
        XSetErrorHandler { _, _ in 0 }
        return true
    }()
}

/// Moves values that are used by exactly one other thread afterwards (the window thread) across.
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
