// Plays a file and waits, with `try await`, until it has played to its end.
import Decibel
import Foundation

guard let path = CommandLine.arguments.dropFirst().first else {
    FileHandle.standardError.write(Data("usage: play-to-end FILE\n".utf8))
    exit(2)
}

do {
    let player = try AudioPlayer(path: path)
    print("playing \(path) (\(String(format: "%.2f", player.duration)) s)")
    let started = MonotonicClock.now()
    player.play()
    try await player.endOfFile()
    let elapsed = Double(MonotonicClock.now() - started) / 1e9
    print("end of file after \(String(format: "%.2f", elapsed)) s")
} catch {
    FileHandle.standardError.write(Data("play-to-end: \(error)\n".utf8))
    exit(1)
}
