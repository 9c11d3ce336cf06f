// A GTK 4 recorder, EZAudio's recorder example on Linux: the microphone as a live rolling waveform, a
// record/stop button, and the recording's overview once it stops.
//
//   recorder OUTPUT [--backend ID] [--device ID]
//
// It prints each start and stop on stdout, with the frames written.
import Decibel
import DecibelGTK
import Foundation

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("recorder: \(message)\n".utf8))
    exit(status)
}

/// One whole line on stdout at once, unbuffered, for scripts that read it as it happens.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let flag = arguments.firstIndex(of: name) else { return nil }
    guard flag + 1 < arguments.count else { fail("\(name) needs a value", status: 2) }
    defer { arguments.removeSubrange(flag...(flag + 1)) }
    return arguments[flag + 1]
}
let backendID = option("--backend"), device = option("--device")
guard arguments.count == 1 else { fail("usage: recorder OUTPUT [--backend ID] [--device ID]", status: 2) }
let path = arguments[0]

/// The take being written, if any: the microphone's thread appends, the window's thread starts and stops.
let take = Locked<Recorder?>(nil)

do {
    let backend = try BackendRegistry.default.select(preferring: backendID).backend
    let app = try GTKApplication(id: "org.decibel.examples.Recorder")
    let scope = LiveWaveformView(channelCount: 1, seconds: 3)
    let microphone = try Microphone(backend: backend, device: device, channelCount: 1, bufferSize: 512) { block in
        scope.feed.write(block)
        take.withLock { $0?.append(block) }
    }
    let status = app.run { window in
        window.title = "\(URL(fileURLWithPath: path).lastPathComponent) — Decibel recorder"
        let button = GTKButton(label: "Record")
        let label = GTKLabel("listening")
        var overview: OverviewView?
        button.onClick = { [weak button] in
            guard let button else { return }
            if take.withLock({ $0 }) == nil {
                do {
                    let rate = microphone.actualSampleRate ?? 48_000
                    let recorder = try Recorder(path: path, format: .wav(bits: 24), sampleRate: rate, channelCount: 1)
                    take.withLock { $0 = recorder }
                    button.label = "Stop"
                    label.text = "recording to \(path)"
                    say("recording to \(path)")
                } catch {
                    label.text = "cannot record: \(error)"
                    say("cannot record: \(error)")
                }
            } else if let recorder = take.withLock({ current in
                defer { current = nil }; return current
            }) {
                do {
                    let summary = try recorder.close()
                    button.label = "Record"
                    label.text = String(format: "%.2f s in %@", summary.fileDuration, path)
                    say(
                        "recorded \(summary.fileFrames) frames (\(String(format: "%.2f", summary.fileDuration)) s) to \(path)"
                    )
                    let peaks = try AudioFile(path: path).waveform(.points(2000))
                    if let overview {
                        overview.peaks = peaks
                    } else {
                        let view = OverviewView(peaks: peaks, height: 120)
                        overview = view
                        window.add(view)
                        say("overview shown")
                    }
                } catch {
                    label.text = "the recording failed: \(error)"
                    say("the recording failed: \(error)")
                }
            }
        }
        // Once laid out, where the scope, the button and (after a take) the overview are on the window, for
        // scripts that click them and look at them.
        var reported: Set<String> = []
        @MainActor func report(_ name: String, _ widget: (any GTKWidget)?, drawn: Bool) {
            guard drawn, !reported.contains(name), let frame = widget?.frameInSurface else { return }
            reported.insert(name)
            say("\(name) at \(Int(frame.x)),\(Int(frame.y)) size \(Int(frame.width))x\(Int(frame.height))")
        }
        app.every(0.1) {
            report("scope", scope, drawn: scope.view.framesDrawn > 0)
            report("button", button, drawn: scope.view.framesDrawn > 0)
            report("overview", overview, drawn: (overview?.view.framesDrawn ?? 0) > 0)
            return true
        }
        window.add(scope)
        window.addRow([button, label])
        do {
            try microphone.start()
            say("listening on \(backend.id)")
        } catch {
            label.text = "no microphone: \(error)"
            say("no microphone: \(error)")
        }
    }
    try? microphone.stop()
    exit(status)
} catch {
    fail("\(error)")
}
