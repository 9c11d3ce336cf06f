/// How much detail to summarise: audiowaveform's zoom.
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
