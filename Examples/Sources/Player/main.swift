// A GTK 4 player, EZAudio's player example on Linux: the file's overview with a playhead (click or drag to
// seek, wheel to zoom), a live spectrum and a level meter of what plays, and a play/pause button.
//
//   player [FILE] [--backend ID]
//
// With no FILE it asks for one with GTK's file chooser. It starts playing at once and prints each seek and
// each play/pause on stdout.
import Decibel
import DecibelGTK
import Foundation

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("player: \(message)\n".utf8))
    exit(status)
}

/// One whole line on stdout at once, unbuffered, for scripts that read it as it happens.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func clock(_ seconds: Double) -> String {
    String(format: "%d:%04.1f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
}

var arguments = Array(CommandLine.arguments.dropFirst())
var backendID: String?
if let flag = arguments.firstIndex(of: "--backend") {
    guard flag + 1 < arguments.count else { fail("--backend needs a backend id", status: 2) }
    backendID = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count <= 1 else { fail("usage: player [FILE] [--backend ID]", status: 2) }

/// Fills `window` for `player`, which has a file: overview, spectrum and meter, the button and the time.
@MainActor
func show(_ player: AudioPlayer, in window: GTKWindow, app: GTKApplication) throws(AudioError) {
    let path = player.path ?? ""
    window.title = "\(URL(fileURLWithPath: path).lastPathComponent) — Decibel player"
    let overview = try OverviewView(player: player)
    let spectrum = SpectrumView(channelCount: 2, sampleRate: player.sampleRate)
    let meter = LevelMeterView(channelCount: 2)
    _ = try player.playedAudio(bufferSize: 512) { block in
        spectrum.feed.write(block)
        meter.feed.write(block)
    }
    let time = GTKLabel()
    let button = GTKButton(label: "Pause")
    button.onClick = { [weak button] in
        guard let button else { return }
        if player.state == .playing {
            player.pause()
            button.label = "Play"
            say("paused at \(String(format: "%.3f", player.currentTime)) s")
        } else {
            player.play()
            button.label = "Pause"
            say("playing from \(String(format: "%.3f", player.currentTime)) s")
        }
    }
    let seek = overview.onSeek
    overview.onSeek = { fraction in
        seek?(fraction)
        let seconds = String(format: "%.3f", fraction * player.duration)
        say("seeked to \(String(format: "%.4f", fraction)) of the file (\(seconds) s)")
    }
    overview.onZoom = { range in
        say("zoomed to \(String(format: "%.4f", range.lowerBound))-\(String(format: "%.4f", range.upperBound))")
    }
    var placed = false
    app.every(0.1) {
        time.text = "\(clock(player.currentTime)) / \(clock(player.duration))"
        // Once laid out, where the widgets are on the window, for scripts that click and look at them.
        if !placed, overview.view.framesDrawn > 0, spectrum.view.framesDrawn > 0 {
            placed = true
            let widgets: [(String, any GTKWidget)] = [
                ("overview", overview), ("spectrum", spectrum), ("button", button),
            ]
            for (name, widget) in widgets {
                guard let frame = widget.frameInSurface else { continue }
                say("\(name) at \(Int(frame.x)),\(Int(frame.y)) size \(Int(frame.width))x\(Int(frame.height))")
            }
        }
        return true
    }
    window.add(overview)
    window.addRow([spectrum, meter])
    window.addRow([button, time])
    player.play()
    say("playing \(path) on \(player.output.backend.id)")
}

/// Why the window closed early, if it did: printed as the one error line once GTK has stopped.
var failure: String?

do {
    let backend = try BackendRegistry.default.select(preferring: backendID).backend
    let player = try AudioPlayer(path: arguments.first, backend: backend)
    let app = try GTKApplication(id: "org.decibel.examples.Player")
    let status = app.run { window in
        do {
            if player.path != nil { return try show(player, in: window, app: app) }
            window.title = "Decibel player"
            GTKFileChooser.open(title: "Open an audio file", over: window) { path in
                guard let path else { return app.quit() }
                do {
                    try player.load(path: path)
                    try show(player, in: window, app: app)
                } catch {
                    failure = "cannot play \(path): \(error)"
                    app.quit()
                }
            }
        } catch {
            failure = "cannot show \(player.path ?? "the file"): \(error)"
            app.quit()
        }
    }
    if let failure { fail(failure) }
    exit(status)
} catch {
    fail("\(error)")
}
