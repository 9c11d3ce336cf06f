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

        // Render thread: the Null device's real-time 440 Hz sine input, copied into the feed. The feed holds
        // 2^21 frames (44 s): the window thread draining it may be starved for a while on a loaded machine
        // (opening the window, or after it closed while the stream runs on), and dropping frames is not
        // what this test is about.
        let feed = WaveformFeed(channelCount: 1, capacity: 1 << 21)
        let backend = NullBackend(options: .init(clock: .realTime, inputSignal: .sine(frequency: 440, amplitude: 0.8)))
        let stream = try backend.makeStream(
            StreamConfiguration(direction: .input, device: "null-in", channelCount: 1, bufferSize: .frames(256)) {
                context in
                feed.write(context.input)
            })
        defer { stream.close() }

        let style = WaveformStyle(lineWidth: 2)
        let plot = WaveformPlot(mode: .buffer, style: style, windowFrames: 1024)
        let window = PlotWindow(title: "decibel test", size: PlotSize(width: 400, height: 150), display: xvfb.display)
        let keys = Locked<[String]>([])
        let shownFrames = Atomic<Int>(0)
        // The number of the first frame drawn with the plot full (-1 until then).
        let firstFullFrame = Atomic<Int>(-1)
        try window.open(
            drawing: plot,
            onFrame: { window in
                feed.drain(into: plot)
                shownFrames.store(plot.bufferFrameCount, ordering: .relaxed)
                if plot.bufferFrameCount == 1024 && firstFullFrame.load(ordering: .relaxed) < 0 {
                    firstFullFrame.store(window.framesDrawn, ordering: .relaxed)
                }
            }, onKey: { key, _ in keys.withLock { $0.append(key.name) } })
        defer { window.close() }
        // Started once the window is up, so the feed is drained from the start.
        try stream.start()

        // Started after the window opened, the first frames show less than the plot's 1024 frames: wait until
        // the frame after the first full one has been drawn, so the screen shows a full one.
        #expect(
            wait(30) {
                let full = firstFullFrame.load(ordering: .relaxed)
                return window.framesDrawn >= 10 && full >= 0 && window.framesDrawn > full + 1
            },
            "frames drawn: \(window.framesDrawn), shown: \(shownFrames.load(ordering: .relaxed)) frames")
        // Paced at the display's rate (Xvfb reports one, or the 60 Hz fallback applies), not flat out. Only the
        // upper bound judges the pacing. The offline targets run in parallel beside this test and can starve
        // the window thread (or this one) for a while, which can lower its frame rate but never raise it: every
        // frame drawn moves the next one's due time on by at least a period (`max(due + period, now)`, no
        // catch-up burst after a stall) and an expose brings it forward to now, so however the threads are
        // scheduled, at most rate × span + 3 frames, plus one per expose, complete within a span measured
        // around the two reads. The lower bound asks only that it keeps drawing.
        let rate = window.framesPerSecond, exposesBefore = window.exposeCount
        let t0 = MonotonicClock.now()
        let startFrames = window.framesDrawn
        Thread.sleep(forTimeInterval: 0.5)
        let keptDrawing = wait(30) { window.framesDrawn > startFrames }
        let drawn = window.framesDrawn - startFrames
        let t1 = MonotonicClock.now()
        let exposes = window.exposeCount - exposesBefore
        let span = Double(t1 - t0) / 1e9
        let allowed = span * rate * 1.3 + 3 + Double(exposes)
        #expect(rate >= 20 && rate <= 240, "\(rate) Hz")
        #expect(keptDrawing, "no frame drawn in \(span) s")
        #expect(
            Double(drawn) <= allowed,
            "drew \(drawn) frames in \(span) s at \(rate) Hz with \(exposes) exposes: at most \(allowed)")
        let first = try xvfb.screenshot("window-1.png")
        // A loaded machine can starve the render or the window thread for a while, and the sine can come
        // round to nearly the same phase: look again, each time after new frames were drawn, for up to 20 s.
        var second = first, moved = 0
        let lookUntil = Date().addingTimeInterval(20)
        repeat {
            let drawnBefore = window.framesDrawn
            Thread.sleep(forTimeInterval: 0.13)
            _ = wait(max(0, lookUntil.timeIntervalSinceNow)) { window.framesDrawn > drawnBefore + 1 }
            second = try xvfb.screenshot("window-2.png")
            moved = 0
            for x in 0..<400 {
                for y in 0..<150
                where first.matches(x: x, y: y, style.waveform, tolerance: 40)
                    != second.matches(x: x, y: y, style.waveform, tolerance: 40)
                { moved += 1 }
            }
        } while moved <= 200 && Date() < lookUntil
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
        #expect(wait(30) { window.size == PlotSize(width: 640, height: 200) }, "size is \(window.size)")
        let drawnBefore = window.framesDrawn
        #expect(wait(30) { window.framesDrawn > drawnBefore + 5 })
        let resized = try xvfb.screenshot("window-resized.png")
        let resizedColumns = waveformColumns(resized, width: 640, height: 200, color: style.waveform)
        #expect(resizedColumns[400..<640].filter { $0 > 0 }.count > 220, "waveform reaches the new right edge")

        // Keys reach the handler on the window thread.
        xvfb.sendKey("m", to: window.windowID)
        xvfb.sendKey("space", to: window.windowID)
        #expect(wait(30) { keys.withLock { $0 } == ["m", "space"] }, "keys: \(keys.withLock { $0 })")

        // The window manager's close button (WM_DELETE_WINDOW) closes it cleanly.
        xvfb.sendDeleteWindow(to: window.windowID)
        #expect(wait(30) { !window.isOpen })
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
