import DecibelCore
import DecibelFormats
import Glibc

/// libsndfile opens files by path, so each input is written to a file in memory (`/dev/shm`) first.
nonisolated(unsafe) private var inputPath = "/dev/shm/decibel-fuzz-audio-file-\(getpid())"
/// Reading stops after this many frames: a header may declare hours of audio in a few bytes, and what
/// is looked for (memory errors, traps) shows in the first blocks.
private let frameLimit = 1 << 18

/// Opens the bytes as an audio file, reads its description and metadata, reads it through, seeks back to
/// its middle and reads again. Errors are expected; crashes, leaks and hangs are what the fuzzer finds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudioFile(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let descriptor = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { fatalError("cannot write \(inputPath)") }
    precondition(write(descriptor, bytes, count) == count, "short write to \(inputPath)")
    close(descriptor)
    defer { unlink(inputPath) }  // /dev/shm outlives the fuzzer: a file left per run adds up
    do {
        let file = try AudioFile(path: inputPath, chunkFrames: 1024)
        defer { file.close() }
        _ = String(describing: file.info)
        _ = file.metadata.count
        let buffer = AudioBuffer(channelCount: file.channelCount, frameCapacity: 1024)
        var frames = 0
        while frames < frameLimit, try file.read(into: buffer) > 0 { frames += buffer.frameLength }
        if file.frameCount > 1 {
            try file.seek(toFrame: min(file.frameCount / 2, frameLimit))
            _ = try file.read(into: buffer)
        }
    } catch {
        _ = String(describing: error)
    }
    return 0
}
