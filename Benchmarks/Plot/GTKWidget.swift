import BenchSummary
import DecibelCore
import DecibelGTK
import Foundation
import Synchronization

/// The live waveform widget in a real GTK window of 800×200 for five seconds, fed 48 kHz audio from
/// another thread as a microphone would: the share of one core its drawing takes (the time inside GTK's
/// draw callback, over the wall time), at the display's scale (`GDK_SCALE=2` for HiDPI). Needs a display
/// (`xvfb-run` works); GTK's own compositing is not counted (it is GTK's, and on a desktop the GPU's).
@MainActor
func gtkLiveWaveform() {
    let app: GTKApplication
    do {
        app = try GTKApplication(id: "org.decibel.bench.LiveWaveform")
    } catch {
        print("live waveform widget: skipped (\(error))")
        return
    }
    let scope = LiveWaveformView(channelCount: 1, seconds: 2, width: 800, height: 200)
    let feeding = Flag()
    let feeder = Thread { [feed = scope.feed] in
        let block = AudioBuffer(channelCount: 1, frameCapacity: 480)
        var phase = 0.0
        let start = MonotonicClock.now()
        var written = 0
        while feeding.isSet.load(ordering: .relaxed) {
            for index in 0..<480 {
                block[0][index] = Float(0.8 * sin(phase))
                phase += 2 * .pi * 440 / 48_000
            }
            feed.write(block.view(frames: 480))
            written += 480
            MonotonicClock.sleep(until: start + UInt64(written) * 1_000_000_000 / 48_000)
        }
    }
    feeder.start()
    let seconds = 5.0
    var started = 0.0, startDrawing = 0.0, startFrames = 0, scale = 1
    _ = app.run { window in
        window.setDefaultSize(width: 800, height: 200)
        window.add(scope)
        // Measure from the first second on, once the window is up and drawing.
        app.every(1) {
            if started == 0 {
                started = Date().timeIntervalSince1970
                startDrawing = scope.view.drawingSeconds
                startFrames = scope.view.framesDrawn
                scale = scope.view.scaleFactor
                return true
            }
            if Date().timeIntervalSince1970 - started >= seconds {
                app.quit()
                return false
            }
            return true
        }
    }
    feeding.isSet.store(false, ordering: .relaxed)
    let wall = Date().timeIntervalSince1970 - started
    let drawing = scope.view.drawingSeconds - startDrawing, frames = scope.view.framesDrawn - startFrames
    let share = drawing / wall * 100
    print(
        String(
            format: "live waveform widget 800×200 at scale %d: %.0f frames/s, %.2f ms per frame, %.2f %% of one core",
            scale, Double(frames) / wall, drawing / Double(max(1, frames)) * 1000, share))
    printSummary(
        "live waveform widget 800×200 at scale \(scale), drawing (% of one core)",
        decibel: String(format: "%.2f %%", share), peer: "-", ratio: share, goal: .atMost(5))
}

/// A flag another thread reads.
final class Flag: Sendable {
    let isSet = Atomic<Bool>(true)
}
