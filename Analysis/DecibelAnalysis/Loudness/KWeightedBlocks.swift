import DecibelCore

/// The render-thread half of a loudness meter: K-weights every channel, sums the channels' mean squares
/// with their BS.1770 weights over each 100 ms, and tracks sample and true peaks. Allocation-free after
/// `init`; `deallocate()` frees it (its owner's deinit).
struct KWeightedBlocks {
    let sampleRate: Double
    let channels: [LoudnessChannel]
    let subBlockFrames: Int
    private let filters: UnsafeMutablePointer<KWeighting>
    private let weights: UnsafeMutablePointer<Double>
    private var truePeakDetector: TruePeakDetector
    private var filled = 0
    private var energy = 0.0
    /// Largest true and sample peak so far, linear, over all channels.
    private(set) var truePeak = 0.0
    private(set) var samplePeak = 0.0

    init(sampleRate: Double, channels: [LoudnessChannel]) {
        self.sampleRate = sampleRate
        self.channels = channels
        subBlockFrames = max(1, Int((sampleRate / 10).rounded()))
        filters = .allocate(capacity: max(1, channels.count))
        weights = .allocate(capacity: max(1, channels.count))
        for (index, channel) in channels.enumerated() {
            (filters + index).initialize(to: KWeighting(sampleRate: sampleRate))
            weights[index] = channel.weight
        }
        truePeakDetector = TruePeakDetector(sampleRate: sampleRate, channelCount: channels.count)
    }

    func deallocate() {
        filters.deinitialize(count: channels.count)
        filters.deallocate()
        weights.deallocate()
        truePeakDetector.deallocate()
    }

    mutating func reset() {
        for index in 0..<channels.count { filters[index].reset() }
        truePeakDetector.reset()
        filled = 0
        energy = 0
        truePeak = 0
        samplePeak = 0
    }

    /// Measures `buffer` (channels beyond the layout are ignored, missing ones are silence) and calls
    /// `subBlock` with the weighted mean-square energy of each 100 ms completed.
    mutating func process(_ buffer: AudioBufferView, subBlock: (Double) -> Void) {
        let frames = buffer.frameCount
        let present = min(channels.count, buffer.channelCount)
        var offset = 0
        while offset < frames {
            let count = min(frames - offset, subBlockFrames - filled)
            for channel in 0..<present {
                let samples = buffer.samples(channel) + offset
                let weight = weights[channel]
                var sum = 0.0, peak: Float = 0
                var filter = filters[channel]  // a local copy stays in registers through the loop
                for i in 0..<count {
                    let x = samples[i]
                    peak = max(peak, abs(x))
                    let y = filter.process(Double(x))
                    sum += y * y
                }
                filters[channel] = filter
                energy += weight * sum
                samplePeak = max(samplePeak, Double(peak))
                truePeak = max(truePeak, truePeakDetector.peak(of: samples, count: count, channel: channel))
            }
            truePeakDetector.advance(by: count)
            // The interpolator lags the input by half its length: a peak in the last samples shows in the
            // sample peak first (libebur128 reports the larger of the two as well).
            truePeak = max(truePeak, samplePeak)
            filled += count
            offset += count
            if filled == subBlockFrames {
                subBlock(energy / Double(subBlockFrames))
                energy = 0
                filled = 0
            }
        }
    }
}
