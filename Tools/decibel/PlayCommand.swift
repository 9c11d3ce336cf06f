import ArgumentParser
import Decibel
import DecibelFormats
import DecibelToolSupport

/// `decibel play`: plays a file with a progress bar and a level meter.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play an audio file, with a progress bar and a level meter. Ctrl-C stops.",
        discussion:
            "On a terminal the status line redraws in place; piped, it prints a plain line a second.\n\nExamples:\n  decibel play song.flac\n  decibel play loop.wav --loop --volume 0.5 --pan -0.3 --backend jack\n  decibel play talk.ogg --start 90\n  decibel play song.flac --channels 1 --rate 16000   (stereo averaged to mono)"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Flag(name: .long, help: "Start over at the end (until Ctrl-C).")
    var loop = false

    @Option(name: .long, help: "Volume, 0 to 4 (1 is unity).")
    var volume: Double = 1

    @Option(name: .long, help: "Pan, -1 (left) to 1 (right).")
    var pan: Double = 0

    @Option(name: .long, help: "Where to start: seconds, m:ss or h:mm:ss.", transform: parseSeconds)
    var start: Double = 0

    @Option(
        name: .long, help: "Sample rate to play at, in hertz (default: the file's; converted if the device refuses it)."
    )
    var rate: Double?

    @Option(
        name: .long,
        help:
            "The output buffer in milliseconds: more costs less power. (default: 2000 on PulseAudio, as paplay's, which drops it on play, pause and seek; 100 elsewhere)"
    )
    var latency: Double?

    @Option(
        name: .long,
        help: "Channels to play (default 2): a mono file feeds them all, stereo is averaged to mono, 5.1 mixed down.")
    var channels: Int = 2

    @OptionGroup var choice: BackendChoice

    func validate() throws {
        guard volume.isFinite, (0...4).contains(volume) else {
            throw ValidationError("--volume must be between 0 and 4")
        }
        guard pan.isFinite, (-1...1).contains(pan) else { throw ValidationError("--pan must be between -1 and 1") }
        guard start.isFinite, start >= 0 else { throw ValidationError("--start must be 0 or more seconds") }
        try validateRate(rate)
        if let latency, !latency.isFinite || !(2...2000).contains(latency) {
            throw ValidationError("--latency must be between 2 and 2000 milliseconds")
        }
        guard (1...64).contains(channels) else { throw ValidationError("--channels must be between 1 and 64") }
    }

    func run() throws {
        let backend = try choice.select(verbose: true)
        let device = try choice.checkedDevice(on: backend, direction: .output)
        let failure = StreamFailure()
        // A player's buffer, not an instrument's: PulseAudio drops what it holds when the player starts (and
        // pauses or seeks), so two seconds (what paplay gets) still answer at once, and the server wakes half
        // as often as for one (its CPU for a 30 s FLAC: 7.7 ms against 11.6 here); the other backends keep
        // theirs short. The meter shows the reading that holds what is heard, not the last one rendered.
        let latency = latency ?? (backend.id == "pulse" ? 2000 : 100)
        // A file plays at its own rate where the server takes it (PulseAudio and PipeWire convert, as for paplay
        // and pw-play); a device that refuses it gets the output converted at its edge.
        let fileRate = try AudioFileInfo(path: file).sampleRate
        let player = try AudioPlayer(
            path: file, backend: backend, device: device, sampleRate: rate ?? fileRate, channelCount: channels,
            bufferSize: .milliseconds(latency), onStreamEvent: failure.handler)
        guard start <= player.duration else {
            throw AudioError(
                .invalidArgument, "--start \(start) s is past the end of \(file) (\(player.formattedDuration))")
        }
        player.isLooping = loop
        player.volume = Float(volume)
        player.pan = Float(pan)
        if start > 0 { player.seek(toTime: start) }
        printError(
            "decibel: playing \(file) (\(player.formattedDuration)) on \(backend.id):\(device ?? "default") at "
                + "\(Int(player.sampleRate)) Hz, \(channels) channel\(channels == 1 ? "" : "s")")
        Interrupt.install()
        var status = StatusLine()
        // A terminal's bar and meter redraw ~15 times a second; a pipe gets a line a second, so the loop wakes
        // once a second there (a player's wake-ups are its power), and at once on Ctrl-C or when playback ends.
        let refresh: UInt64 = status.isTerminal ? 66_000_000 : 1_000_000_000
        player.onStateChange = { _ in Interrupt.wake() }
        player.play()
        defer { status.finish() }
        var shown = 0.0
        var heard = HeardLevels(duration: player.duration)
        let (channels, loop) = (channels, loop)  // read once: each option read goes through its property wrapper
        while player.state == .playing && !Interrupt.isRaised {
            if failure.hasEnded {
                status.finish()
                try failure.check("playback stopped", backend: backend.id)
            }
            // Reading a peak starts the next one: a mono output's one reading is shown twice. A look that falls
            // between two render bursts (--latency longer than this loop's period) reads silence at an unchanged
            // rendered position, which HeardLevels merges into the reading already there.
            let left = Float(player.output.meter.peakDBFS(channel: 0))
            let peaks = [left, channels == 1 ? left : Float(player.output.meter.peakDBFS(channel: 1))]
            // The player rewinds at the end before its state changes; without looping, time only moves on.
            let now = min(player.currentTime, player.duration)
            heard.add(peaks, renderedUpTo: Double(player.source?.currentFrame ?? 0) / player.sampleRate)
            shown = loop ? now : max(shown, now)
            status.show(
                position: shown, duration: player.duration, peaks: heard.peaks(heardAt: now), label: "play")
            Interrupt.sleep(nanoseconds: refresh)
        }
        player.pause()
        if player.output.stream.xrunCount > 0 {
            status.finish()
            printError("decibel: \(player.output.stream.xrunCount) xrun(s)")
        }
    }
}
