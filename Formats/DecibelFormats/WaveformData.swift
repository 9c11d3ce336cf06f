import DecibelCore

/// Min, max and RMS per bucket ("pixel") of audio, per channel or mixed to mono: what waveform views
/// draw and what audiowaveform writes for peaks.js and wavesurfer.
public struct WaveformData: Sendable, Hashable {
    /// The audio's sample rate.
    public var sampleRate: Int
    /// Frames summarised by each bucket (the last bucket may cover fewer).
    public var samplesPerPixel: Int
    /// Channels summarised (1 when mixed to mono).
    public var channelCount: Int
    /// Buckets per channel.
    public var length: Int { channelCount == 0 ? 0 : minima.count / channelCount }
    /// Smallest sample per bucket, bucket-major: `minima[bucket * channelCount + channel]`, in -1…1.
    public var minima: [Float]
    /// Largest sample per bucket, laid out like `minima`.
    public var maxima: [Float]
    /// Root mean square per bucket, laid out like `minima`.
    public var rms: [Float]

    /// Creates waveform data from bucket-major arrays of equal length (a multiple of `channelCount`).
    public init(sampleRate: Int, samplesPerPixel: Int, channelCount: Int, minima: [Float], maxima: [Float], rms: [Float]) {
        precondition(minima.count == maxima.count && maxima.count == rms.count, "WaveformData: array lengths differ")
        self.sampleRate = sampleRate
        self.samplesPerPixel = samplesPerPixel
        self.channelCount = channelCount
        self.minima = minima
        self.maxima = maxima
        self.rms = rms
    }

    /// The minimum of `channel` in `bucket`.
    public func min(bucket: Int, channel: Int) -> Float { minima[bucket * channelCount + channel] }
    /// The maximum of `channel` in `bucket`.
    public func max(bucket: Int, channel: Int) -> Float { maxima[bucket * channelCount + channel] }
    /// The RMS of `channel` in `bucket`.
    public func rms(bucket: Int, channel: Int) -> Float { rms[bucket * channelCount + channel] }
}

/// How much detail to summarise.
public enum WaveformResolution: Sendable, Hashable {
    /// About this many buckets over the whole input (`samplesPerPixel` = ⌈frames / points⌉).
    case points(Int)
    /// Exactly this many frames per bucket.
    case samplesPerPixel(Int)

    /// Frames per bucket for an input of `frames` frames.
    public func samplesPerPixel(forFrames frames: Int) -> Int {
        switch self {
        case .points(let points): Swift.max(1, (frames + Swift.max(1, points) - 1) / Swift.max(1, points))
        case .samplesPerPixel(let count): Swift.max(1, count)
        }
    }
}
