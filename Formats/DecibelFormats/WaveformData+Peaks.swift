import DecibelCore

extension WaveformData {
    /// The same buckets as Core's `WaveformPeaks` (one array per channel), the form Plot draws.
    public var peaks: WaveformPeaks {
        var minimum = Array(repeating: [Float](), count: channelCount)
        var maximum = minimum, power = minimum
        for channel in 0..<channelCount {
            minimum[channel].reserveCapacity(length)
            maximum[channel].reserveCapacity(length)
            power[channel].reserveCapacity(length)
            for bucket in 0..<length {
                minimum[channel].append(min(bucket: bucket, channel: channel))
                maximum[channel].append(max(bucket: bucket, channel: channel))
                power[channel].append(rms(bucket: bucket, channel: channel))
            }
        }
        return WaveformPeaks(sampleRate: Double(sampleRate), samplesPerBucket: samplesPerPixel, minimum: minimum, maximum: maximum, rms: power)
    }
}
