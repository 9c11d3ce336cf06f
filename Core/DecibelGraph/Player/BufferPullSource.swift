import DecibelCore

/// An `AudioPullSource` over an `AudioBuffer` in memory: real-time safe, read on the render thread.
public final class BufferPullSource: AudioPullSource, @unchecked Sendable {
    public let format: AudioFormat
    /// The frames played.
    public let buffer: AudioBuffer
    private var position = 0  // touched by one thread at a time (the render thread while playing)

    /// Creates a source over `buffer`'s first `frameLength` frames at `sampleRate`.
    public init(buffer: AudioBuffer, sampleRate: Double) {
        self.buffer = buffer
        format = AudioFormat(sampleRate: sampleRate, channelCount: max(1, buffer.channelCount))
    }

    public var length: Int? { buffer.frameLength }
    public var isRealtimeSafe: Bool { true }

    public func read(into destination: AudioBufferView, frames: Int) throws(AudioError) -> Int {
        let count = max(0, min(frames, buffer.frameLength - position, destination.frameCount))
        guard count > 0 else { return 0 }
        let source = buffer.view(frames: buffer.frameLength).slice(from: position, count: count)
        destination.prefix(count).copy(from: source)
        position += count
        return count
    }

    public func seek(to frame: Int) throws(AudioError) {
        position = min(max(0, frame), buffer.frameLength)
    }
}
