// Karaoke on one AudioController: the microphone and a backing track play through the output and are
// recorded together, sample-aligned, into one file, with a live level line.
//
//   karaoke BACKING OUTPUT --duration SECONDS [--backend ID] [--input DEVICE] [--output DEVICE]
import Decibel
import Foundation

struct Options {
    var backing = "", recording = "", duration = 0.0
    var backend: String?, input: String?, output: String?

    init(_ arguments: [String]) throws {
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
            switch argument {
            case "--duration":
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw UsageError("--duration takes a positive number of seconds, not '\(value)'")
                }
                duration = seconds
            case "--backend": backend = value
            case "--input": input = value
            case "--output": output = value
            default: throw UsageError("unknown option \(argument)")
            }
        }
        guard positional.count == 2, duration > 0 else { throw UsageError("give BACKING, OUTPUT and --duration") }
        (backing, recording) = (positional[0], positional[1])
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("karaoke: \(message)\n".utf8))
    exit(status)
}

func decibels(_ value: Double) -> String { value.isFinite ? String(format: "%6.1f", value) : "  -inf" }

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(
        "\(error)\nusage: karaoke BACKING OUTPUT --duration SECONDS [--backend ID] [--input DEVICE] [--output DEVICE]",
        status: 2)
}

do {
    let backend = try BackendRegistry.default.select(preferring: options.backend).backend
    let controller = try AudioController(
        backend: backend, outputDevice: options.output, inputDevice: options.input, name: "karaoke")
    let backing = try AudioPlayer(path: options.backing, on: controller)
    backing.isLooping = true
    let microphone = try Microphone(on: controller)
    microphone.isMonitoring = true
    let recorder = try Recorder(path: options.recording, format: .wav(bits: 32, float: true), on: controller)
    let take = try recorder.record(mixing: [microphone, backing], on: controller)
    try microphone.start()  // opens the controller's input: the stream becomes duplex
    try controller.start()
    backing.play()
    print("karaoke on \(backend.id): \(controller.format); recording to \(options.recording)")
    let started = Date()
    while Date().timeIntervalSince(started) < options.duration {
        Thread.sleep(forTimeInterval: min(0.5, max(0.01, options.duration - Date().timeIntervalSince(started))))
        print(
            "level  microphone \(decibels(microphone.peakDBFS())) dBFS  backing \(decibels(backing.output.meter.peakDBFS())) dBFS  recorded \(String(format: "%.1f", recorder.currentTime)) s"
        )
    }
    try take.stop(in: controller.engine)
    try controller.stop()
    let summary = try recorder.close()
    print(
        "recorded \(summary.fileFrames) frames (\(String(format: "%.2f", summary.fileDuration)) s) to \(options.recording)"
    )
    // A late render thread leaves gaps in what is heard, though not in the take.
    print("xruns: \(controller.stream.xrunCount)")
    controller.close()
} catch {
    fail("\(error)")
}
