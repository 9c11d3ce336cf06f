import ArgumentParser
import Decibel

/// `decibel info`: what a file is.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a file's format, rate, channels, frames, duration and tags.",
        discussion: "Examples:\n  decibel info take.flac\n  decibel info take.wav --json"
    )

    @Argument(help: "The audio file.")
    var file: String

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let info = try AudioFileInfo(path: file)
        print(json ? info.jsonString() : info.text)
    }
}
