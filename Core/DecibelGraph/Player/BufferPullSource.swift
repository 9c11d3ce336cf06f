import CDecibelSIMD
import DecibelCore

/// An `AudioPullSource` over an `AudioBuffer` in memory: real-time safe, read on the render thread.
public final class BufferPullSource: AudioPullSource, @unchecked Sendable {
    public let format: AudioFormat
    /// The frames played.
    public let buffer: AudioBuffer
    /// `buffer`'s frame count and channel pointers as of `init`, so a read touches no property of the
    /// buffer (each would be an exclusivity check through thread-local storage).
    private let frameCount: Int
    private let channels: AudioBufferView
    // Touched by one thread at a time (the render thread while playing).
    @exclusivity(unchecked) private var position = 0

    /// Creates a source over `buffer`'s first `frameLength` frames (as many as it has now) at `sampleRate`.
    public init(buffer: AudioBuffer, sampleRate: Double) {
        self.buffer = buffer
        frameCount = buffer.frameLength
        channels = buffer.view
        format = AudioFormat(sampleRate: sampleRate, channelCount: max(1, buffer.channelCount))
    }

    public var length: Int? { frameCount }
    public var isRealtimeSafe: Bool { true }

    public func read(into destination: AudioBufferView, frames: Int) throws(AudioError) -> Int {
        let count = max(0, min(frames, frameCount - position, destination.frameCount))
        guard count > 0 else { return 0 }
        destination.prefix(count).copy(from: channels.slice(from: position, count: count))
        position += count
        // The next block is read from where this one ended: ask for it now, so that many players reading
        // memory far apart do not each wait for it at their next read.
        let next = min(count, frameCount - position)
        var channel = 0
        while next > 0 && channel < channels.channelCount {
            decibel_prefetch(channels.samples(channel) + position, next * MemoryLayout<Float>.stride)
            channel += 1
        }
        return count
    }

    public func seek(to frame: Int) throws(AudioError) {
        position = min(max(0, frame), frameCount)
    }
}
