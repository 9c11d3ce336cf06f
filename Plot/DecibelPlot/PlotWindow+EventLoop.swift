import CCairo
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

extension PlotWindow {
    /// The window thread: handles every pending X event, draws a frame when one is due, then sleeps in
    /// `poll` on the X connection until the next frame or the next event.
    func runLoop(
        _ connection: XWindowConnection, drawable: any PlotDrawable, onFrame: FrameHandler?, onKey: KeyHandler?
    ) {
        let period = UInt64(1_000_000_000 / max(1, framesPerSecond))
        var nextFrame = MonotonicClock.now()
        var event = XEvent()
        loop: while !closeRequested.load(ordering: .acquiring) {
            while XPending(connection.display) > 0 {
                XNextEvent(connection.display, &event)
                switch event.type {
                case Expose:
                    exposes.add(1, ordering: .relaxed)
                    nextFrame = min(nextFrame, MonotonicClock.now())
                case ConfigureNotify:
                    let size = PlotSize(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
                    connection.resized(to: size)
                    shared.withLock { $0.size = connection.size }
                case KeyPress:
                    if let onKey { onKey(Self.key(from: &event.xkey), self) }
                case ClientMessage:
                    if Atom(truncatingIfNeeded: event.xclient.data.l.0) == connection.deleteAtom { break loop }
                case DestroyNotify:
                    break loop
                default:
                    break
                }
            }
            if let requested = shared.withLock({ state -> PlotSize? in
                defer { state.requestedSize = nil }
                return state.requestedSize
            }) {
                connection.requestSize(requested)
            }
            let now = MonotonicClock.now()
            if now >= nextFrame {
                onFrame?(self)
                connection.present(drawable)
                frames.add(1, ordering: .relaxed)
                nextFrame = max(nextFrame &+ period, now)
            }
            // One reading of the clock: read twice, it could pass nextFrame between the comparison and the
            // subtraction, which then overflowed (a crash seen once, a loaded machine under ThreadSanitizer).
            let later = MonotonicClock.now()
            let wait = nextFrame > later ? (nextFrame - later) / 1_000_000 : 0
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(wait + 1, 100)))
        }
        connection.destroy()
        running.store(false, ordering: .releasing)
    }

    static func key(from event: inout XKeyEvent) -> PlotKey {
        var buffer = [CChar](repeating: 0, count: 32)
        var keysym: KeySym = 0
        let length = XLookupString(&event, &buffer, 31, &keysym, nil)
        let text =
            length > 0 ? String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let name = XKeysymToString(keysym).map { String(cString: $0) } ?? ""
        return PlotKey(name: name, text: text, keysym: UInt(keysym), modifiers: event.state)
    }
}
