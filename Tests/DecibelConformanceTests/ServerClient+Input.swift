import Decibel
import DecibelTestSupport
import Foundation

extension ServerClient {
    /// The tone a backend's input gets from outside: 1 kHz at half scale from a file the server's player
    /// plays (paplay, pw-play; ALSA: a `type file` PCM's `infile`), jack_simple_client's 240 Hz at 0.2 on
    /// JACK (its left channel: a 200-point table at 48 kHz), the Null device's own 440 Hz at half scale.
    struct InputTone {
        var frequency: Double
        var amplitude: Double

        init(_ backend: BackendUnderTest) {
            switch backend {
            case .jack: (frequency, amplitude) = (240, 0.2)
            case .null: (frequency, amplitude) = (440, 0.5)
            default: (frequency, amplitude) = (1000, 0.5)
            }
        }
    }

    /// A running player; `stop()` ends it.
    struct Player {
        let process: ChildProcess

        func stop() {
            process.signal(SIGKILL)
            _ = process.wait()
        }
    }

    /// The device an input stream opens to hear the player: the sink's monitor on PulseAudio and PipeWire,
    /// the `infile` PCM on ALSA, the default elsewhere.
    static func inputDevice(_ backend: BackendUnderTest) -> String? {
        switch backend {
        case .pipewire, .pulse: ConformancePulse.sink + ".monitor"
        case .alsa: ConformanceALSA.inputPCM
        case .jack, .null: nil
        }
    }

    /// Starts the server's own client playing `tone` for `seconds` where `inputDevice` hears it; nil when
    /// nothing needs to play (Null) or the input is a file (ALSA, whose file this writes first).
    /// With `rightOnly`, the left channel is silent (JACK: connect the tone to the second port alone).
    static func playIntoInput(
        _ backend: BackendUnderTest, tone: InputTone, seconds: Double, rightOnly: Bool = false
    ) throws -> Player? {
        let file = TestEnvironment.temporaryDirectory("decibel-conformance-input")
            .appendingPathComponent(rightOnly ? "tone-right.wav" : "tone.wav")
        /// sox writing the tone, stereo 32-bit float at 48 kHz, to `output` (a file, or `-t raw` and one).
        func synth(_ output: [String]) -> [String] {
            ["-n", "-r", "48000", "-c", "2", "-e", "floating-point", "-b", "32"] + output
                + ["synth", String(seconds), "sine", String(tone.frequency), "vol", String(tone.amplitude)]
                + (rightOnly ? ["remix", "0", "1"] : [])
        }
        switch backend {
        case .null:
            return nil
        case .alsa:
            ConformanceALSA.configure()
            try requireSuccess(run("sox", synth(["-t", "raw", ConformanceALSA.inputFile.path])))
            return nil
        case .jack:
            return Player(
                process: try ChildProcess("jack_simple_client", [], standardOutput: .null, standardError: .null))
        case .pulse:
            try requireSuccess(run("sox", synth([file.path])))
            return Player(
                process: try ChildProcess(
                    "paplay", ["-d", ConformancePulse.sink, "--latency-msec=20", file.path], standardOutput: .null,
                    standardError: .null))
        case .pipewire:
            guard ConformancePipeWire.remote != nil else { return nil }
            try requireSuccess(run("sox", synth([file.path])))
            return Player(
                process: try ChildProcess(
                    "pw-play", ["--target", ConformancePulse.sink, file.path],
                    environment: ConformancePipeWire.clientEnvironment, standardOutput: .null, standardError: .null))
        }
    }

    /// Connects jack_simple_client's left output to `port` (waiting for the client to register).
    static func connectJACKTone(to port: String) throws {
        let deadline = Date().addingTimeInterval(5)
        while true {
            let result = try run("jack_connect", ["jack_simple_client:output1", port])
            if result.status == 0 { return }
            if Date() > deadline { throw ClientError(message: "jack_connect: \(result.standardError)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    private static func requireSuccess(_ result: ProcessResult) throws {
        guard result.status == 0 else { throw ClientError(message: result.standardError) }
    }
}

extension ServerClient {
    /// What a capture heard of `InputTone`: a glitch-free second of it, and the frames it looked at.
    struct HeardTone {
        var tone: SignalAnalysis.Tone?
        var frames: Int
        /// The first frame above the noise floor: when the server's player was first heard.
        var onset: Int?

        /// When the sound began, for a note.
        var onsetText: String { onset.map { String(format: "sound from %.2f s", Double($0) / 48_000) } ?? "no sound" }

        /// Why no tone was found, for a finding.
        func missing(_ tone: InputTone) -> String {
            "no glitch-free second of the \(tone.frequency) Hz tone in \(frames) frames (\(onsetText))"
        }
    }

    /// Polls `heard` (channel 0 at 48 kHz, as captured so far) until it holds a glitch-free second of `tone`
    /// at half its level or more after its first sound, or `deadline` passes. The player is linked when the
    /// server's session manager (or, on JACK, the test) gets to it, so a fixed capture's silence before the
    /// onset can outlast the tone heard by then, and be taken for the longest clean run (silence fits a sine's
    /// recurrence): only what follows the onset counts, and a clean run that is not the tone (a click, then
    /// silence) keeps the poll going. A fixed two-second capture failed once, on PipeWire under
    /// AddressSanitizer (133bcc7's CI; its message was not kept).
    static func awaitCleanSecond(
        of tone: InputTone, until deadline: Date, heard: () -> ArraySlice<Float>
    ) -> HeardTone {
        var result = HeardTone(tone: nil, frames: 0)
        repeat {
            Thread.sleep(forTimeInterval: 0.25)
            let samples = Array(heard())
            result.frames = samples.count
            result.onset = SignalAnalysis.firstSound(samples)
            guard let onset = result.onset, samples.count - onset >= 48_000 else { continue }
            let found = SignalAnalysis.cleanTone(
                Array(samples[onset...]), frequency: tone.frequency, sampleRate: 48_000, maxStep: 0.08, frames: 48_000)
            if let found, found.magnitude >= tone.amplitude / 2 { result.tone = found }
        } while result.tone == nil && Date() < deadline
        return result
    }
}
