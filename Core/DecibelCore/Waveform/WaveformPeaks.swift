/// A waveform reduced to buckets: the minimum, maximum and RMS of each run of samples, per channel.
///
/// This is the hand-off between whoever reads audio (Formats summarising a file, a tap summarising live
/// buffers) and whoever draws it (Plot): a million samples become one bucket per pixel column.
public struct WaveformPeaks: Hashable, Sendable {
    /// Frames per second of the audio the peaks describe.
    public var sampleRate: Double
    /// Frames summarised by each bucket (the last bucket may cover fewer).
    public var samplesPerBucket: Int
    /// Per channel, per bucket: the smallest sample.
    public var minimum: [[Float]]
    /// Per channel, per bucket: the largest sample.
    public var maximum: [[Float]]
    /// Per channel, per bucket: the root mean square.
    public var rms: [[Float]]

    /// Creates peaks from per-channel bucket arrays, which must all have the same length.
    public init(sampleRate: Double, samplesPerBucket: Int, minimum: [[Float]], maximum: [[Float]], rms: [[Float]]) {
        precondition(
            minimum.count == maximum.count && maximum.count == rms.count, "WaveformPeaks: channel counts differ")
        precondition(zip(minimum, maximum).allSatisfy { $0.count == $1.count }, "WaveformPeaks: bucket counts differ")
        self.sampleRate = sampleRate
        self.samplesPerBucket = samplesPerBucket
        self.minimum = minimum
        self.maximum = maximum
        self.rms = rms
    }

    /// Number of channels.
    public var channelCount: Int { minimum.count }
    /// Number of buckets per channel.
    public var bucketCount: Int { minimum.first?.count ?? 0 }
    /// Seconds of audio each bucket covers.
    public var secondsPerBucket: Double { Double(samplesPerBucket) / sampleRate }

    /// Reduces `channels` (one array per channel) to `bucketCount` buckets of equal length (the last
    /// may be shorter). Allocates; for control threads and offline work.
    public static func summarize(_ channels: [[Float]], sampleRate: Double, bucketCount: Int) -> WaveformPeaks {
        let frames = channels.first?.count ?? 0
        let buckets = max(1, min(bucketCount, max(1, frames)))
        let perBucket = max(1, (frames + buckets - 1) / buckets)
        var minimum: [[Float]] = [], maximum: [[Float]] = [], rms: [[Float]] = []
        for samples in channels {
            var low = [Float](repeating: 0, count: buckets), high = low, power = low
            for bucket in 0..<buckets {
                let start = bucket * perBucket, end = min(frames, start + perBucket)
                guard start < end else { continue }
                var lo = Float.infinity, hi = -Float.infinity, sum: Double = 0
                for i in start..<end {
                    let value = samples[i]
                    lo = min(lo, value)
                    hi = max(hi, value)
                    sum += Double(value) * Double(value)
                }
                low[bucket] = lo
                high[bucket] = hi
                power[bucket] = Float((sum / Double(end - start)).squareRoot())
            }
            minimum.append(low)
            maximum.append(high)
            rms.append(power)
        }
        return WaveformPeaks(
            sampleRate: sampleRate, samplesPerBucket: perBucket, minimum: minimum, maximum: maximum, rms: rms)
    }
}

extension WaveformPeaks {
    /// The buckets in `range` (clamped to those there are) as peaks of their own.
    public func buckets(_ range: Range<Int>) -> WaveformPeaks {
        let range = range.clamped(to: 0..<bucketCount)
        return WaveformPeaks(
            sampleRate: sampleRate, samplesPerBucket: samplesPerBucket, minimum: minimum.map { Array($0[range]) },
            maximum: maximum.map { Array($0[range]) }, rms: rms.map { Array($0[range]) })
    }
}
