// Prints the peak of 10 stereo microphone buffers, read with `for await`, then stops the microphone.
import Decibel
import Foundation

let device = CommandLine.arguments.dropFirst().first

do {
    let microphone = try Microphone(device: device, channelCount: 2, bufferSize: 1024)
    try microphone.start()
    print("listening on \(microphone.backend.id) (\(device ?? "default input"))")
    var count = 0
    for await buffer in microphone.buffers() {
        let peak = buffer.joined().reduce(Float(0)) { max($0, abs($1)) }
        count += 1
        print("buffer \(count): \(buffer[0].count) frames, peak \(peak)")
        if count == 10 { break }
    }
    try microphone.stop()
    print("stopped")
} catch {
    FileHandle.standardError.write(Data("microphone-peaks: \(error)\n".utf8))
    exit(1)
}
