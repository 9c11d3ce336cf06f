import CDecibelSIMD
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// Streams audio into `WaveformPeaks` one block at a time, so memory grows with the number of buckets,
/// never with the audio's length.
public struct WaveformBuilder: Sendable {
    /// Frames per bucket.
    public let samplesPerPixel: Int
    /// Channels of the input.
    public let inputChannels: Int
    /// Whether channels are averaged into one before summarising.
    public let mixesToMono: Bool
    private let sampleRate: Double
    private var columns: WaveformColumns
    // The bucket being filled, one slot per output channel.
    private var currentMin: [Float]
    private var currentMax: [Float]
    private var currentSquares: [Double]
    private var currentCount = 0
    private var mixScratch: [Float] = []

    /// Creates a builder for `inputChannels` channels at `sampleRate`, `samplesPerPixel` frames per bucket.
    /// `expectedBuckets` reserves the output arrays up front.
    public init(
        sampleRate: Double, inputChannels: Int, samplesPerPixel: Int, mixesToMono: Bool = false,
        expectedBuckets: Int = 0
    ) {
        self.sampleRate = sampleRate
        self.inputChannels = Swift.max(1, inputChannels)
        self.samplesPerPixel = Swift.max(1, samplesPerPixel)
        self.mixesToMono = mixesToMono
        let outputs = mixesToMono ? 1 : self.inputChannels
        currentMin = Array(repeating: .infinity, count: outputs)
        currentMax = Array(repeating: -.infinity, count: outputs)
        currentSquares = Array(repeating: 0, count: outputs)
        columns = WaveformColumns(channels: outputs, expectedBuckets: expectedBuckets)
    }

    private var outputChannels: Int { currentMin.count }

    /// Adds every frame of `block` (its first `inputChannels` channels; missing ones count as silence).
    public mutating func append(_ block: AudioBufferView) {
        var offset = 0
        while offset < block.frameCount {
            let count = Swift.min(samplesPerPixel - currentCount, block.frameCount - offset)
            if mixesToMono {
                accumulateMix(block, offset: offset, count: count)
            } else {
                for channel in 0..<outputChannels {
                    if channel < block.channelCount {
                        accumulate(UnsafePointer(block.samples(channel) + offset), count: count, into: channel)
                    } else {
                        accumulateSilence(count: count, into: channel)
                    }
                }
            }
            currentCount += count
            offset += count
            if currentCount == samplesPerPixel { closeBucket() }
        }
    }

    /// Closes the last partial bucket and returns the result.
    public mutating func finish() -> WaveformPeaks {
        if currentCount > 0 { closeBucket() }
        return columns.peaks(sampleRate: sampleRate, samplesPerBucket: samplesPerPixel)
    }

    /// The vector kernel (`CDecibelSIMD`): the summary is bandwidth-bound, and a scalar loop's chains
    /// of dependent min, max and add were the cost of a waveform, several times the decoding.
    @inline(__always)
    private mutating func accumulate(_ samples: UnsafePointer<Float>, count: Int, into channel: Int) {
        var low = currentMin[channel], high = currentMax[channel], squares = currentSquares[channel]
        decibel_summarize(samples, count, &low, &high, &squares)
        currentMin[channel] = low
        currentMax[channel] = high
        currentSquares[channel] = squares
    }

    private mutating func accumulateSilence(count: Int, into channel: Int) {
        currentMin[channel] = Swift.min(currentMin[channel], 0)
        currentMax[channel] = Swift.max(currentMax[channel], 0)
    }

    private mutating func accumulateMix(_ block: AudioBufferView, offset: Int, count: Int) {
        if mixScratch.count < count { mixScratch = Array(repeating: 0, count: Swift.max(count, 4096)) }
        let scale = 1 / Float(inputChannels)
        let channels = Swift.min(inputChannels, block.channelCount)
        mixScratch.withUnsafeMutableBufferPointer { mix in
            guard let output = mix.baseAddress else { return }
            output.update(repeating: 0, count: count)
            for channel in 0..<channels {
                let input = block.samples(channel) + offset
                for index in 0..<count { output[index] += input[index] * scale }
            }
        }
        let copy = mixScratch
        copy.withUnsafeBufferPointer { samples in
            if let base = samples.baseAddress { accumulate(base, count: count, into: 0) }
        }
    }

    private mutating func closeBucket() {
        for channel in 0..<outputChannels {
            columns.append(
                channel: channel, minimum: currentMin[channel], maximum: currentMax[channel],
                rms: Float((currentSquares[channel] / Double(currentCount)).squareRoot()))
            currentMin[channel] = .infinity
            currentMax[channel] = -.infinity
            currentSquares[channel] = 0
        }
        currentCount = 0
    }
}

extension AudioFile {
    /// Summarises the whole file (from frame 0; `position` ends at the end) in bounded memory: one
    /// block of `chunkFrames` frames plus the output buckets.
    /// - Throws: `AudioError` of kind `invalidState` when the file was closed, or `invalidFile` when the audio
    ///   is truncated or corrupt, or the decoder cannot seek back to its start.
    public func waveform(_ resolution: WaveformResolution, mixToMono: Bool = false) throws(AudioError) -> WaveformPeaks
    {
        let perPixel = resolution.samplesPerPixel(forFrames: frameCount)
        if !mixToMono, encoding == .pcm16, channelCount <= 2 {
            // 16-bit samples are k ÷ 32768 exactly: summarised as integers straight from the file's own
            // frames they give the same minima and maxima without a float pass, and exact RMS sums.
            return try sixteenBitWaveform(samplesPerPixel: perPixel, splitChannels: true)
        }
        var builder = WaveformBuilder(
            sampleRate: Double(sampleRate), inputChannels: channelCount, samplesPerPixel: perPixel,
            mixesToMono: mixToMono, expectedBuckets: (frameCount + perPixel - 1) / perPixel)
        try forEachBlock { builder.append($0) }
        return builder.finish()
    }
}
