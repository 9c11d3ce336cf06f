/// The shape of an audio stream or file: rate, channels, sample encoding and layout.
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
    /// Frames per second.
    public var sampleRate: Double
    /// Number of channels in one frame.
    public var channelCount: Int
    /// How one sample is encoded.
    public var sampleType: SampleType
    /// Whether the channels of a frame are stored next to each other (`LRLR…`) or in separate planes.
    public var isInterleaved: Bool

    /// Creates a format. Decibel's render path always uses non-interleaved `Float32`, the default here.
    public init(sampleRate: Double, channelCount: Int, sampleType: SampleType = .float32, isInterleaved: Bool = false) {
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.sampleType = sampleType
        self.isInterleaved = isInterleaved
    }

    /// Bytes one frame occupies when interleaved.
    public var bytesPerFrame: Int { sampleType.bytesPerSample * channelCount }

    /// Whether rate and channel count are usable numbers (positive, finite, not absurd).
    public var isValid: Bool {
        sampleRate.isFinite && sampleRate >= 1 && sampleRate <= 1_536_000 && channelCount >= 1 && channelCount <= 1024
    }

    /// Converts a duration in seconds to a whole number of frames at this rate (rounded to nearest).
    public func frames(forSeconds seconds: Double) -> Int {
        Int((seconds * sampleRate).rounded())
    }

    /// Converts a frame count to seconds at this rate.
    public func seconds(forFrames frames: Int) -> Double {
        Double(frames) / sampleRate
    }

    public var description: String {
        let rate = sampleRate == sampleRate.rounded() ? String(Int(sampleRate)) : String(sampleRate)
        return "\(rate) Hz, \(channelCount) ch, \(sampleType)\(isInterleaved ? " interleaved" : "")"
    }
}
