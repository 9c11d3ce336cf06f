// A program that uses Decibel the way an application that depends on it by URL does
// (`Scripts/check-consumer` builds it in a package of its own, Swift 6 mode, warnings are errors).
//
//   consumer DIRECTORY    plays a 440 Hz tone on the runtime-picked backend (DECIBEL_BACKEND=null in the
//                         check) for half a second while recording what it plays to DIRECTORY/tone.wav,
//                         reads the file back, draws it to DIRECTORY/tone.png and asks whether LV2
//                         plugins can be hosted.
import Decibel
import DecibelFormats
import DecibelPlot
import DecibelPlugins
import Foundation

/// A sine into both output channels, and every block it plays into the recorder (which never blocks).
struct RecordedTone: AudioRenderer {
    var oscillator = Oscillator(shape: .sine, frequency: 440, amplitude: 0.3)
    let recorder: Recorder

    mutating func render(_ context: RenderContext) {
        oscillator.sampleRate = context.sampleRate
        let left = context.output.samples(0)
        oscillator.render(into: left, count: context.frameCount)
        context.output.samples(1).update(from: left, count: context.frameCount)
        recorder.append(context.output)
    }
}

do {
    let directory = CommandLine.arguments.dropFirst().first ?? "."
    let backend = try BackendRegistry.default.select().backend
    let recorder = try Recorder(
        path: "\(directory)/tone.wav", format: .wav(bits: 24), sampleRate: 48_000, channelCount: 2)
    let stream = try backend.makeStream(
        StreamConfiguration(
            direction: .output, sampleRate: 48_000, channelCount: 2, renderer: RecordedTone(recorder: recorder)))
    try stream.start()
    MonotonicClock.sleep(nanoseconds: 500_000_000)
    stream.close()
    let summary = try recorder.close()
    print("played on \(backend.id); recorded \(summary.framesWritten) frames")

    let file = try AudioFile(path: "\(directory)/tone.wav")
    var left: [Float] = []
    let block = AudioBuffer(channelCount: file.channelCount, frameCapacity: 4096)
    while true {
        let frames = try file.read(into: block)
        guard frames > 0 else { break }
        left += block.samples(ofChannel: 0).prefix(frames)
    }
    let peak = left.map { abs($0) }.max() ?? 0
    print("read \(left.count) frames at \(Int(file.sampleRate)) Hz, peak \(String(format: "%.3f", peak))")

    let plot = WaveformPlot(style: WaveformStyle(background: try PlotColor(parsing: "white"), fill: true))
    plot.setBuffer([left])
    try plot.write(to: "\(directory)/tone.png", size: PlotSize(width: 400, height: 100))
    print("drew tone.png")

    print("LV2 plugins: \(PluginCatalog.availability())")
} catch {
    FileHandle.standardError.write(Data("consumer: \(error)\n".utf8))
    exit(1)
}
