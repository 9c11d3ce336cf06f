// A GTK 4 player, EZAudio's player example on Linux: the file's overview with a playhead (click or drag to
// seek, wheel to zoom), a live spectrum and a level meter of what plays, and a play/pause button.
//
//   player FILE [--backend ID]
//
// It starts playing at once and prints each seek and each play/pause on stdout.
import Decibel
import DecibelGTK
import Foundation

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("player: \(message)\n".utf8))
    exit(status)
}

/// One whole line on stdout at once, unbuffered, for scripts that read it as it happens.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
var backendID: String?
if let flag = arguments.firstIndex(of: "--backend") {
    guard flag + 1 < arguments.count else { fail("--backend needs a backend id", status: 2) }
    backendID = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
guard arguments.count == 1 else { fail("usage: player FILE [--backend ID]", status: 2) }
let path = arguments[0]

func clock(_ seconds: Double) -> String {
    String(format: "%d:%04.1f", Int(seconds) / 60, seconds.truncatingRemainder(dividingBy: 60))
}

do {
    let backend = try BackendRegistry.default.select(preferring: backendID).backend
    let player = try AudioPlayer(path: path, backend: backend)
    let app = try GTKApplication(id: "org.decibel.examples.Player")
    let overview = try OverviewView(player: player)
    let status = app.run { window in
        window.title = "\(URL(fileURLWithPath: path).lastPathComponent) — Decibel player"
        let spectrum = SpectrumView(channelCount: 2, sampleRate: player.sampleRate)
        let meter = LevelMeterView(channelCount: 2)
        do {
            _ = try player.playedAudio(bufferSize: 512) { block in
                spectrum.feed.write(block)
                meter.feed.write(block)
            }
        } catch {
            say("no live plots: \(error)")
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
            say(
                "seeked to \(String(format: "%.4f", fraction)) of the file (\(String(format: "%.3f", fraction * player.duration)) s)"
            )
        }
        var placed = false
        app.every(0.1) {
            time.text = "\(clock(player.currentTime)) / \(clock(player.duration))"
            // Once laid out, where the overview and the button are on the window, for scripts that click them.
            if !placed, overview.view.framesDrawn > 0, let plot = overview.frameInSurface,
                let control = button.frameInSurface
            {
                placed = true
                say("overview at \(Int(plot.x)),\(Int(plot.y)) size \(Int(plot.width))x\(Int(plot.height))")
                say("button at \(Int(control.x)),\(Int(control.y)) size \(Int(control.width))x\(Int(control.height))")
            }
            return true
        }
        window.add(overview)
        window.addRow([spectrum, meter])
        window.addRow([button, time])
        player.play()
        say("playing \(path) on \(backend.id)")
    }
    exit(status)
} catch {
    fail("\(error)")
}
