import CCairo
import DecibelPlot
import DecibelTestSupport
import Foundation

/// A private Xvfb server for one test, on a display number Xvfb picks, stopped on `stop()`.
public final class XvfbServer: @unchecked Sendable {
    public let display: String
    private let process: ChildProcess

    /// Starts Xvfb on a display number it picks itself (`-displayfd`): choosing a free number here and
    /// then starting the server raced with tests starting servers in parallel, which then shared one.
    /// `-noreset`: by default Xvfb resets when its last client leaves, which the readiness probe below is, and
    /// the test's own first connection could arrive in the middle of that reset.
    public init(width: Int = 1024, height: Int = 768) throws {
        let log = TestEnvironment.temporaryDirectory("xvfb").appendingPathComponent("xvfb.log").path
        process = try ChildProcess(
            "/usr/bin/Xvfb",
            ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
            standardOutput: .pipe, standardError: .file(log))
        let numberPipe = process.standardOutput!  // a pipe, as asked
        var announced = Data()
        let deadline = Date().addingTimeInterval(20)
        // poll() rather than a blocking read, so the deadline holds even if Xvfb never writes.
        var descriptor = pollfd(fd: numberPipe.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while Date() < deadline, !announced.contains(UInt8(ascii: "\n")), process.isRunning {
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let chunk = numberPipe.availableData
            if chunk.isEmpty { break }
            announced.append(chunk)
        }
        let number = String(decoding: announced, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        display = ":" + number
        if !number.isEmpty, Int(number) != nil {
            while Date() < deadline {
                if let connection = XOpenDisplay(display) {
                    XCloseDisplay(connection)
                    return
                }
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        process.signal(SIGTERM)
        _ = process.wait(timeout: 1)
        let said = (try? String(contentsOfFile: log, encoding: .utf8))?.suffix(2000) ?? ""
        throw XvfbError(
            message: "Xvfb did not start on display '\(number)' (is the xvfb package installed? Scripts/setup): \(said)"
        )
    }

    /// Stops the server: SIGTERM (it starts with default signal handling, see `ChildProcess`), then
    /// SIGKILL after a second, removing the lock and socket a killed server leaves behind.
    public func stop() {
        guard process.isRunning else { return }
        process.signal(SIGTERM)
        if process.wait(timeout: 1) == nil {
            let pid = process.pid
            process.signal(SIGKILL)
            process.wait()
            // Only while the lock still names our server: a test starting Xvfb meanwhile may have taken
            // this display number over (Xvfb clears a dead server's lock), and removing its socket would
            // leave its windows without a server.
            let number = display.dropFirst()
            let lock = "/tmp/.X\(number)-lock"
            let owner = (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
            if owner == String(pid) {
                try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
                try? FileManager.default.removeItem(atPath: lock)
            }
        }
    }

    /// Takes a screenshot of the whole screen with `xwd` and converts it with ImageMagick.
    public func screenshot(_ name: String) throws -> PlotImage {
        let path = PlotArtifacts.path(name)
        let result = try run("sh", ["-c", "xwd -root -silent -display \(display) | convert xwd:- png:\(path)"])
        guard result.status == 0 else { throw XvfbError(message: "xwd/convert failed: \(result.standardError)") }
        return try PlotImage(contentsOfPNG: path)
    }

    /// Sends what a window manager sends when its close button is clicked.
    public func sendDeleteWindow(to window: UInt) {
        guard let connection = XOpenDisplay(display) else { return }
        defer { XCloseDisplay(connection) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(connection, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(connection, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(connection, Window(window), 0, NoEventMask, &event)
        XFlush(connection)
    }

    /// Sends a key press of `keysymName` (e.g. "m") to `window`.
    public func sendKey(_ keysymName: String, to window: UInt) {
        guard let connection = XOpenDisplay(display) else { return }
        defer { XCloseDisplay(connection) }
        var event = XEvent()
        event.xkey.type = KeyPress
        event.xkey.display = connection
        event.xkey.window = Window(window)
        event.xkey.root = decibel_cairo_x_root_window(connection, decibel_cairo_x_default_screen(connection))
        event.xkey.keycode = UInt32(XKeysymToKeycode(connection, XStringToKeysym(keysymName)))
        event.xkey.same_screen = 1
        XSendEvent(connection, Window(window), 1, KeyPressMask, &event)
        XFlush(connection)
    }
}

public struct XvfbError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
