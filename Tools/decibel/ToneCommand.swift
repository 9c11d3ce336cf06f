import ArgumentParser
import Decibel
import DecibelToolSupport
import Synchronization

/// `decibel tone`: plays a test tone through the picked backend.
struct ToneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tone",
        abstract: "Play a test tone.",
        discussion:
            "Examples:\n  decibel tone\n  decibel tone --frequency 1000 --shape square --duration 2 --backend pulse\n  decibel tone --rate 44100 --channels 1 --backend jack   (resampled if the server runs another rate)"
    )

    @Option(name: .long, help: "Frequency in hertz.")
    var frequency: Double = 440

    @Option(
        name: [.customLong("shape"), .customLong("waveform")],
        help: "sine, square, triangle, sawtooth, noise or pink (--waveform is its older name).")
    var shape: String = "sine"

    @Option(name: .long, help: "Time to play: seconds, m:ss or 1500ms.", transform: parseSeconds)
    var duration: Double = 1

    @Option(name: .long, help: "Peak amplitude, 0 to 1.")
    var amplitude: Double = 0.3

    @Option(name: .long, help: "Sample rate in hertz (default: the device's; another rate is resampled at the edge).")
    var rate: Double?

    @Option(name: .long, help: "Channels to play (mapped to the device's if it has others).")
    var channels: Int = 2

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        guard OscillatorShape(rawValue: shape) != nil else {
            throw ValidationError(
                "unknown shape '\(shape)'; choose one of: \(OscillatorShape.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard frequency.isFinite, frequency > 0, frequency <= 96_000 else {
            throw ValidationError("--frequency must be between 0 and 96000 Hz")
        }
        guard duration.isFinite, duration > 0, duration <= 86_400 else {
            throw ValidationError("--duration must be between 0 and 86400 seconds")
        }
        try validateRate(rate)
        guard (1...64).contains(channels) else { throw ValidationError("--channels must be between 1 and 64") }
        guard amplitude.isFinite, amplitude >= 0, amplitude <= 1 else {
            throw ValidationError("--amplitude must be between 0 and 1")
        }
    }

    func run() throws {
        let backend = try choice.select(verbose: true)
        let device = try choice.checkedDevice(on: backend, direction: .output)
        let tone = TonePlayer(
            shape: OscillatorShape(rawValue: shape) ?? .sine, frequency: frequency, amplitude: Float(amplitude))
        let failure = Locked<StreamEvent?>(nil)
        let configuration = StreamConfiguration(
            direction: .output, device: device, sampleRate: rate, channelCount: channels, name: "decibel tone",
            onEvent: { event in
                switch event {
                case .serverShutDown, .deviceLost: failure.withLock { $0 = event }
                default: break
                }
            },
            render: { context in tone.render(context) }
        )
        Interrupt.install()  // before the stream opens: Ctrl-C or SIGTERM closes it (a JACK client leaves cleanly)
        let stream = try backend.makeAdaptedStream(configuration)
        defer { stream.close() }
        tone.prepare(sampleRate: stream.format.sampleRate, duration: duration)
        printError(
            "decibel: playing \(shape) \(frequency) Hz for \(duration) s on \(backend.id):\(device ?? "default") (\(stream.format))"
        )
        guard !Interrupt.isRaised else { return }  // a signal while the stream connected: it closes unheard
        try stream.start()
        while !tone.isFinished && !Interrupt.isRaised {
            if let event = failure.withLock({ $0 }) {
                throw AudioError(.streamInvalidated, "playback stopped: \(event)", backend: backend.id)
            }
            Interrupt.sleep(nanoseconds: 10_000_000)
        }
        // Let the last block leave the device before stopping.
        if !Interrupt.isRaised { MonotonicClock.sleep(nanoseconds: UInt64(stream.outputLatencySeconds * 1e9)) }
        try stream.stop()
        if stream.xrunCount > 0 { printError("decibel: \(stream.xrunCount) xrun(s) during playback") }
    }
}

/// The render side of `decibel tone`: an oscillator with 10 ms fades so start and end do not click.
final class TonePlayer: @unchecked Sendable {
    private var oscillator: Oscillator
    private var totalFrames = 0
    private var fadeFrames = 1
    private let rendered = Atomic<Int>(0)

    init(shape: OscillatorShape, frequency: Double, amplitude: Float) {
        oscillator = Oscillator(shape: shape, frequency: frequency, amplitude: amplitude)
    }

    /// Sets the rate and length; call before the stream starts.
    func prepare(sampleRate: Double, duration: Double) {
        oscillator.sampleRate = sampleRate
        totalFrames = Int(duration * sampleRate)
        fadeFrames = max(1, min(Int(0.01 * sampleRate), totalFrames / 2))
    }

    var isFinished: Bool { rendered.load(ordering: .acquiring) >= totalFrames }

    func render(_ context: RenderContext) {
        let start = rendered.load(ordering: .relaxed)
        let frames = min(context.frameCount, max(0, totalFrames - start))
        guard frames > 0, context.output.channelCount > 0 else { return }
        let first = context.output.samples(0)
        oscillator.render(into: first, count: frames)
        for i in 0..<frames {
            let position = start + i
            let gain = min(1, Float(min(position, totalFrames - 1 - position)) / Float(fadeFrames))
            first[i] *= gain
        }
        for channel in 1..<context.output.channelCount {
            context.output.samples(channel).update(from: first, count: frames)
        }
        rendered.store(start + frames, ordering: .releasing)
    }
}
