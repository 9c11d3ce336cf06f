import DecibelCore

extension WaveformPeaks {
    /// Summarises the channels of a live buffer view into `bucketCount` buckets (see `summarize`).
    /// Allocates; for control and UI threads.
    public static func summarize(_ view: AudioBufferView, sampleRate: Double, bucketCount: Int) -> WaveformPeaks {
        let channels = (0..<view.channelCount).map { Array(view[$0]) }
        return summarize(channels, sampleRate: sampleRate, bucketCount: bucketCount)
    }

    /// These peaks merged down to at most `bucketCount` buckets per channel (see `merged(by:)`), e.g. to
    /// fit a file's summary to a plot's width. Returns `self` when it already has few enough buckets.
    public func merged(toAtMost bucketCount: Int) -> WaveformPeaks {
        let target = max(1, bucketCount)
        guard self.bucketCount > target else { return self }
        return merged(by: (self.bucketCount + target - 1) / target)
    }

    /// These peaks with every `factor` neighbouring buckets merged into one (the minimum of minima, the
    /// maximum of maxima and the power-mean of RMS values; the last bucket may merge fewer): what
    /// summarising the audio at `factor` times the samples per bucket gives, for minima and maxima exactly.
    public func merged(by factor: Int) -> WaveformPeaks {
        let factor = max(1, factor)
        guard factor > 1 else { return self }
        let count = (self.bucketCount + factor - 1) / factor
        var newMinimum: [[Float]] = [], newMaximum: [[Float]] = [], newRMS: [[Float]] = []
        for channel in 0..<channelCount {
            var low = [Float](repeating: 0, count: count), high = low, power = low
            for bucket in 0..<count {
                let range = (bucket * factor)..<min(self.bucketCount, (bucket + 1) * factor)
                low[bucket] = minimum[channel][range].min() ?? 0
                high[bucket] = maximum[channel][range].max() ?? 0
                let squares = rms[channel][range].reduce(Float(0)) { $0 + $1 * $1 }
                power[bucket] = (squares / Float(range.count)).squareRoot()
            }
            newMinimum.append(low)
            newMaximum.append(high)
            newRMS.append(power)
        }
        return WaveformPeaks(
            sampleRate: sampleRate, samplesPerBucket: samplesPerBucket * factor, minimum: newMinimum,
            maximum: newMaximum, rms: newRMS)
    }

    /// Seconds of audio the peaks cover (approximate for a short last bucket).
    public var duration: Double { Double(bucketCount) * secondsPerBucket }
}
