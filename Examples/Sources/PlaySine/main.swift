// Plays a sine whose state is an ordinary struct: the stream owns it, so it needs no lock and no
// `@unchecked Sendable`. The main thread changes the volume through a `SharedFloat` halfway through.
import Decibel
import Foundation

struct Sine: AudioRenderer {
    var oscillator: Oscillator
    let volume: SharedFloat
    var framesRendered = 0

    mutating func render(_ context: RenderContext) {
        oscillator.sampleRate = context.sampleRate
        oscillator.amplitude = volume.value
        let first = context.output.samples(0)
        oscillator.render(into: first, count: context.frameCount)
        for channel in 1..<context.output.channelCount {
            context.output.samples(channel).update(from: first, count: context.frameCount)
        }
        framesRendered += context.frameCount
    }
}

let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.first.flatMap(Double.init) ?? 1
let frequency = arguments.dropFirst().first.flatMap(Double.init) ?? 440

do {
    let selection = try BackendRegistry.default.select()
    let volume = SharedFloat(0.5)
    let sine = Sine(oscillator: Oscillator(shape: .sine, frequency: frequency, amplitude: 0.5), volume: volume)
    let stream = try selection.backend.makeStream(
        StreamConfiguration(direction: .output, channelCount: 2, name: "play-sine", renderer: sine))
    try stream.start()
    print("playing \(frequency) Hz for \(seconds) s on \(selection.backend.id) at \(stream.format.sampleRate) Hz")
    MonotonicClock.sleep(nanoseconds: UInt64(seconds * 500_000_000))
    volume.value = 0.25
    MonotonicClock.sleep(nanoseconds: UInt64(seconds * 500_000_000))
    stream.close()
    print("done")
} catch {
    FileHandle.standardError.write(Data("play-sine: \(error)\n".utf8))
    exit(1)
}
