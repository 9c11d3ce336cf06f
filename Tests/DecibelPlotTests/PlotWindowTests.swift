import DecibelCore
import DecibelNull
import DecibelPlot
import DecibelPlotTestSupport
import Foundation
import Synchronization
import Testing

@Suite(.serialized) struct PlotWindowTests {
    /// Waits up to `seconds` for `condition`.
    func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    /// Pixels inside `width` × `height` at the top left whose colour is close to `color`, per column.
    func waveformColumns(_ image: PlotImage, width: Int, height: Int, color: PlotColor) -> [Int] {
        (0..<min(width, image.width)).map { x in
            (0..<min(height, image.height)).filter { image.matches(x: x, y: $0, color, tolerance: 40) }.count
        }
    }

    @Test func liveWaveformFromTheNullSineInputMovesResizesAndCloses() throws {
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }

        // Render thread: the Null device's real-time 440 Hz sine input, copied into the feed.
        let feed = WaveformFeed(channelCount: 1)
        let backend = NullBackend(options: .init(clock: .realTime, inputSignal: .sine(frequency: 440, amplitude: 0.8)))
        let stream = try backend.makeStream(
            StreamConfiguration(direction: .input, device: "null-in", channelCount: 1, bufferSize: .frames(256)) {
                context in
                feed.write(context.input)
            })
        try stream.start()
        defer { stream.close() }

        let style = WaveformStyle(lineWidth: 2)
        let plot = WaveformPlot(mode: .buffer, style: style, windowFrames: 1024)
        let window = PlotWindow(title: "decibel test", size: PlotSize(width: 400, height: 150), display: xvfb.display)
        let keys = Locked<[String]>([])
        let shownFrames = Atomic<Int>(0)
        try window.open(
            drawing: plot,
            onFrame: { _ in
                feed.drain(into: plot)
                shownFrames.store(plot.bufferFrameCount, ordering: .relaxed)
            }, onKey: { key, _ in keys.withLock { $0.append(key.name) } })
        defer { window.close() }

        #expect(
            wait(5) { window.framesDrawn >= 10 && shownFrames.load(ordering: .relaxed) == 1024 },
            "frames drawn: \(window.framesDrawn)")
        // Paced at the display's rate (Xvfb reports one, or the 60 Hz fallback applies), not flat out. Only the
        // upper bound judges the pacing: the offline targets run in parallel beside this test and can starve
        // the window thread for a while, which lowers the rate but can never raise it; that it keeps drawing
        // is what the lower bound asks.
        let rate = window.framesPerSecond, startFrames = window.framesDrawn
        Thread.sleep(forTimeInterval: 0.5)
        let drawnPerSecond = Double(window.framesDrawn - startFrames) * 2
        #expect(
            rate >= 20 && rate <= 240 && drawnPerSecond >= 2 && drawnPerSecond < rate * 1.3,
            "drew \(drawnPerSecond) frames/s at \(rate) Hz")
        let first = try xvfb.screenshot("window-1.png")
        // A loaded machine can starve the window thread for a moment: look again a few times.
        var second = first, moved = 0
        for _ in 0..<10 where moved <= 200 {
            Thread.sleep(forTimeInterval: 0.13)
            second = try xvfb.screenshot("window-2.png")
            moved = 0
            for x in 0..<400 {
                for y in 0..<150
                where first.matches(x: x, y: y, style.waveform, tolerance: 40)
                    != second.matches(x: x, y: y, style.waveform, tolerance: 40)
                { moved += 1 }
            }
        }
        let firstColumns = waveformColumns(first, width: 400, height: 150, color: style.waveform)
        let secondColumns = waveformColumns(second, width: 400, height: 150, color: style.waveform)
        #expect(firstColumns.filter { $0 > 0 }.count > 380, "waveform pixels in most of the 400 columns")
        #expect(firstColumns.reduce(0, +) > 1000 && secondColumns.reduce(0, +) > 1000)
        #expect(moved > 200, "only \(moved) waveform pixels changed between screenshots")
        // The sine reaches 0.8 of full scale: ink reaches within ~20% of the top and bottom edges.
        let rows = (0..<150).filter { y in
            (0..<400).contains { first.matches(x: $0, y: y, style.waveform, tolerance: 40) }
        }
        #expect((rows.min() ?? 150) < 25 && (rows.max() ?? 0) > 125, "rows \(rows.min() ?? -1)...\(rows.max() ?? -1)")

        // Resize: the server confirms, and the waveform spans the new width.
        window.resize(to: PlotSize(width: 640, height: 200))
        #expect(wait(5) { window.size == PlotSize(width: 640, height: 200) }, "size is \(window.size)")
        let drawnBefore = window.framesDrawn
        #expect(wait(5) { window.framesDrawn > drawnBefore + 5 })
        let resized = try xvfb.screenshot("window-resized.png")
        let resizedColumns = waveformColumns(resized, width: 640, height: 200, color: style.waveform)
        #expect(resizedColumns[400..<640].filter { $0 > 0 }.count > 220, "waveform reaches the new right edge")

        // Keys reach the handler on the window thread.
        xvfb.sendKey("m", to: window.windowID)
        xvfb.sendKey("space", to: window.windowID)
        #expect(wait(5) { keys.withLock { $0 } == ["m", "space"] }, "keys: \(keys.withLock { $0 })")

        // The window manager's close button (WM_DELETE_WINDOW) closes it cleanly.
        xvfb.sendDeleteWindow(to: window.windowID)
        #expect(wait(5) { !window.isOpen })
        window.waitUntilClosed()
        #expect(feed.droppedFrames == 0, "the render thread never had to drop frames")
        #expect(stream.state == .running, "the render thread kept running throughout")
    }

    @Test func openingWithoutADisplayIsAnActionableError() {
        let window = PlotWindow(display: ":98765")
        #expect(throws: AudioError.self) { try window.open(drawing: WaveformPlot()) }
        #expect(!window.isOpen)
    }
}
