import DecibelCore

/// The growing per-channel bucket arrays both waveform builders fill, and the file-reading loop they share.
struct WaveformColumns: Sendable {
    private(set) var minimum: [[Float]]
    private(set) var maximum: [[Float]]
    private(set) var rms: [[Float]]

    /// Arrays for `channels` outputs, reserved for `expectedBuckets`.
    init(channels: Int, expectedBuckets: Int) {
        // Each array reserved on its own: copies of one reserved empty array share its buffer, and the first
        // append to each would copy it without the reservation, then grow by doubling.
        func reserved() -> [[Float]] {
            (0..<channels).map { _ in
                var column: [Float] = []
                column.reserveCapacity(Swift.min(expectedBuckets, 1 << 24))
                return column
            }
        }
        minimum = reserved()
        maximum = reserved()
        rms = reserved()
    }

    mutating func append(channel: Int, minimum low: Float, maximum high: Float, rms power: Float) {
        minimum[channel].append(low)
        maximum[channel].append(high)
        rms[channel].append(power)
    }

    func peaks(sampleRate: Double, samplesPerBucket: Int) -> WaveformPeaks {
        WaveformPeaks(
            sampleRate: sampleRate, samplesPerBucket: samplesPerBucket, minimum: minimum, maximum: maximum, rms: rms)
    }
}

extension AudioFile {
    /// Reads the whole file from frame 0 in blocks of `chunkFrames`, handing each to `body`.
    func forEachBlock(_ body: (AudioBufferView) throws(AudioError) -> Void) throws(AudioError) {
        try seek(toFrame: 0)
        let block = AudioBuffer(channelCount: channelCount, frameCapacity: chunkFrames)
        while !isAtEnd {
            let count = try read(into: block.view(frames: chunkFrames))
            if count == 0 { break }
            try body(block.view(frames: count))
        }
    }
}
