import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel passthrough`: what comes in goes out, with a level meter.
struct PassthroughCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passthrough",
        abstract: "Play the input through the output (input monitoring), with a level meter. Ctrl-C stops.",
        discussion: "Examples:\n  decibel passthrough --backend jack\n  decibel passthrough --duration 10 --volume 0.5"
    )

    @Option(name: .long, help: "Time to run: seconds, m:ss or 1500ms (default: until Ctrl-C).", transform: parseSeconds)
    var duration: Double?

    @Option(name: .long, help: "Monitoring volume, 0 to 4 (1 is unity).")
    var volume: Double = 1

    @Option(name: .long, help: "Channels to pass through.")
    var channels: Int = 2

    @Option(
        name: .long,
        help: "Sample rate to run at, in hertz (default: the device's; a device at another rate is bridged).")
    var rate: Double?

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw ValidationError("--duration must be a positive number of seconds")
            }
        }
        guard volume.isFinite, (0...4).contains(volume) else {
            throw ValidationError("--volume must be between 0 and 4")
        }
        guard (1...64).contains(channels) else { throw ValidationError("--channels must be between 1 and 64") }
        try validateRate(rate)
    }

    func run() throws {
        let backend = try choice.select(verbose: true)
        let device = try choice.checkedDevice(on: backend, direction: .duplex)
        let session = try PlaybackSession(backend: backend) { onEvent in
            StreamConfiguration(
                direction: .duplex, device: device, sampleRate: rate, channelCount: channels,
                name: "decibel passthrough",
                onEvent: onEvent
            ) { _ in }
        }
        let meter = LevelMeter(channelCount: session.engine.channelCount)
        try session.engine.mainGroup.setFilters([meter])
        session.engine.mainGroup.volume.value = Float(volume)
        try session.engine.setPlaythrough(true)
        printError(
            "decibel: passing \(backend.id):\(device ?? "default") input to output (\(session.stream.format)); Ctrl-C stops"
        )
        try session.run(label: "thru", duration: duration, meter: meter) { _ in false }
    }
}
