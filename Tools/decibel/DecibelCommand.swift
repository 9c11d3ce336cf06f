import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel`: backends and devices; play, record and monitor through the runtime-picked backend;
/// inspect, convert and draw audio files.
@main
struct DecibelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decibel",
        abstract: "Audio on Linux: backends, devices, tones, files and plots.",
        discussion: """
            The backend is picked at run time: PipeWire if its daemon answers, then a real jackd, then \
            PulseAudio, then ALSA, then the \
            Null device. Override it with --backend ID or DECIBEL_BACKEND=ID.

            Ctrl-C or SIGTERM stops a command that plays or records cleanly (a recording's file is finished). \
            Should the audio server stop answering, the command exits 10 s later anyway, with status 128 plus \
            the signal's number.

            Examples:
              decibel backends
              decibel devices --backend pulse
              decibel tone --frequency 1000 --shape square --duration 2
              decibel tune --reference 442
              decibel loudness episode.flac
            """,
        subcommands: [
            BackendsCommand.self, DevicesCommand.self, PlayCommand.self, RecordCommand.self, PassthroughCommand.self,
            ToneCommand.self,
            InfoCommand.self, ConvertCommand.self, WaveformCommand.self, SpectrumCommand.self, PitchCommand.self,
            LoudnessCommand.self, TuneCommand.self, DemoCommand.self, PluginsCommand.self, PluginBundleCommand.self,
        ]
    )

    /// Runs the command; a Decibel error ends it with one plain line on stderr (see `exit(reporting:)`).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }
}
