import DecibelCore
import Synchronization

/// An audio file as a pull source for players: a decoder thread reads (and resamples to the stream's
/// rate) into a ring; the render thread pulls frames with `render(into:)`, which never allocates, locks
/// or touches the disk. Memory is the ring (`bufferSeconds`) plus one block, whatever the file's length.
public final class AudioFileSource: @unchecked Sendable {
    /// The format `render` delivers: the requested rate, the file's channels, non-interleaved Float32.
    public let format: AudioFormat
    /// The file's own format.
    public let fileFormat: AudioFormat
    /// Frames the file will deliver at the output rate (an estimate when resampling).
    public let expectedFrames: Int

    let file: AudioFile
    let ring: FrameRingBuffer
    let resampler: Resampler?
    let wake = WakeSignal()
    let stopping = Atomic<Bool>(false)
    let decoderFinished = Atomic<Bool>(false)
    let underflows = Atomic<Int>(0)
    let rendered = Atomic<Int>(0)
    let failure = Mutex<AudioError?>(nil)
    var thread: AudioThread?

    /// Opens `path` for playback at `sampleRate` (nil: the file's own rate), buffering `bufferSeconds`.
    public convenience init(path: String, sampleRate: Double? = nil, bufferSeconds: Double = 1) throws(AudioError) {
        try self.init(file: AudioFile(path: path), sampleRate: sampleRate, bufferSeconds: bufferSeconds)
    }

    /// Plays `file` from its current position; the source owns it from now on.
    public init(file: AudioFile, sampleRate: Double? = nil, bufferSeconds: Double = 1) throws(AudioError) {
        let rate = sampleRate ?? Double(file.sampleRate)
        guard rate > 0, bufferSeconds > 0, bufferSeconds <= 60 else {
            throw AudioError(.invalidArgument, "AudioFileSource: rate \(rate) Hz and buffer \(bufferSeconds) s are not usable")
        }
        self.file = file
        fileFormat = file.processingFormat
        format = AudioFormat(sampleRate: rate, channelCount: file.channelCount)
        resampler = rate == Double(file.sampleRate) ? nil
            : try Resampler(inputRate: Double(file.sampleRate), outputRate: rate, channelCount: file.channelCount, maxInputFrames: file.chunkFrames)
        expectedFrames = Int((Double(file.remainingFrames) * rate / Double(file.sampleRate)).rounded())
        ring = FrameRingBuffer(channelCount: file.channelCount, capacity: max(1024, Int(bufferSeconds * rate)))
        RealtimeSanitizer.prepare()
        let input = AudioBuffer(channelCount: file.channelCount, frameCapacity: file.chunkFrames)
        let output = AudioBuffer(channelCount: file.channelCount, frameCapacity: resampler?.maxOutputFrames(forInput: file.chunkFrames) ?? 1)
        // unowned(unsafe): see Recorder — deinit stops and joins the thread before the memory goes.
        thread = try AudioThread(name: "decibel-decoder") { [unowned(unsafe) self] in runDecoder(input: input, output: output) }
    }

    deinit { stop() }

    /// Render thread: fills `destination` with the next frames and returns how many came from the file;
    /// the rest is silence (counted in `underflowFrames` unless the file has ended).
    @inline(__always)
    public func render(into destination: AudioBufferView) -> Int {
        let count = ring.read(into: destination)
        if count < destination.frameCount {
            destination.slice(from: count, count: destination.frameCount - count).clear()
            if !decoderFinished.load(ordering: .acquiring) || ring.availableToRead > 0 {
                underflows.add(destination.frameCount - count, ordering: .relaxed)
            }
        }
        rendered.add(count, ordering: .relaxed)
        return count
    }

    /// Whether every frame of the file has been rendered.
    public var isAtEnd: Bool { decoderFinished.load(ordering: .acquiring) && ring.availableToRead == 0 }
    /// Frames rendered from the file so far.
    public var framesRendered: Int { rendered.load(ordering: .relaxed) }
    /// Frames of silence rendered because the decoder fell behind.
    public var underflowFrames: Int { underflows.load(ordering: .relaxed) }
    /// The decoding error that ended playback early, if any (a file truncated mid-stream, for example).
    public var error: AudioError? { failure.withLock { $0 } }

    /// Stops the decoder thread (control thread). Rendering afterwards yields what is still buffered.
    public func stop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
        thread?.join()
        thread = nil
    }

    private func runDecoder(input: AudioBuffer, output: AudioBuffer) {
        defer { decoderFinished.store(true, ordering: .releasing) }
        let need = resampler == nil ? input.frameCapacity : output.frameCapacity
        var pending = 0, offset = 0  // resampler input not yet consumed
        while !stopping.load(ordering: .acquiring) {
            guard ring.availableToWrite >= need else {
                wake.wait(timeoutNanoseconds: 5_000_000)
                continue
            }
            if pending == 0 {
                do {
                    pending = try file.read(into: input.view(frames: input.frameCapacity))
                } catch {
                    failure.withLock { $0 = error }
                    return
                }
                offset = 0
            }
            guard let resampler else {
                if pending == 0 { return }
                ring.write(input.view(frames: pending))
                pending = 0
                continue
            }
            if pending == 0 {
                let drained = resampler.flush(into: output.view)
                if drained == 0 { return }
                ring.write(output.view(frames: drained))
                continue
            }
            let result = resampler.process(input.view.slice(from: offset, count: pending), into: output.view)
            offset += result.consumed
            pending -= result.consumed
            ring.write(output.view(frames: result.produced))
        }
    }
}
