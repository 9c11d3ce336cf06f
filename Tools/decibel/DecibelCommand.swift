import ArgumentParser
import Decibel

/// `decibel`: list backends and devices, play tones, and (as the modules land) play, record, convert and
/// draw audio files, all through the runtime-picked backend.
@main
struct DecibelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decibel",
        abstract: "Audio on Linux: backends, devices, tones, files and plots.",
        discussion: """
        The backend is picked at run time: JACK if a server runs, then PulseAudio, then ALSA, then the \
        Null device. Override it with --backend ID or DECIBEL_BACKEND=ID.

        Examples:
          decibel backends
          decibel devices --backend pulse
          decibel tone --frequency 1000 --waveform square --duration 2
        """,
        subcommands: [
            BackendsCommand.self, DevicesCommand.self, ToneCommand.self, PassthroughCommand.self,
            InfoCommand.self, ConvertCommand.self, WaveformCommand.self, SpectrumCommand.self,
        ]
    )
}
