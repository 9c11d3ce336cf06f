import DecibelCore

/// The 16-bit view audiowaveform takes of waveform data: its amplitude scale and re-zoom, integer for
/// integer, so data and pictures made from these peaks match audiowaveform's.
extension WaveformPeaks {
    /// A value as audiowaveform's 16-bit sample: ⌊x × 32768⌋, clamped; NaN is 0.
    @inlinable
    public static func sixteenBit(_ value: Float) -> Int {
        guard value.isFinite else { return value.isNaN ? 0 : (value > 0 ? 32767 : -32768) }
        return Swift.min(32767, Swift.max(-32768, Int((value * 32768).rounded(.down))))
    }

    /// A 16-bit sample times `multiplier`, clamped and truncated as audiowaveform scales amplitudes.
    @inlinable
    public static func scaleSixteenBit(_ value: Int, by multiplier: Double) -> Int {
        Int(Swift.min(32767, Swift.max(-32768, Double(value) * multiplier)))
    }

    /// The scale `--amplitude-scale auto` applies over `buckets`: 32767 ÷ the most negative minimum when
    /// one is below zero, else 32767 ÷ the largest maximum (audiowaveform's rule, kept as it is), 1 for silence.
    public func automaticAmplitudeScale(buckets: Range<Int>? = nil) -> Double {
        let range = (buckets ?? 0..<bucketCount).clamped(to: 0..<bucketCount)
        var low = Int.max, high = Int.min
        for channel in 0..<channelCount {
            for bucket in range {
                low = Swift.min(low, Self.sixteenBit(minimum[channel][bucket]))
                high = Swift.max(high, Self.sixteenBit(maximum[channel][bucket]))
            }
        }
        guard !range.isEmpty, channelCount > 0 else { return 1 }
        let scaleHigh = high == 0 ? 1 : 32767 / Double(high)
        let scaleLow = low == 0 ? 1 : 32767 / Double(low)
        return Swift.min(scaleHigh, scaleLow).magnitude
    }

    /// These peaks with every minimum and maximum scaled by `multiplier` in 16-bit integers (RMS scaled
    /// alike), as `--amplitude-scale` changes audiowaveform's data.
    public func amplitudeScaled(by multiplier: Double) -> WaveformPeaks {
        var scaled = self
        scaled.scaleAmplitude(by: multiplier)
        return scaled
    }

    /// `amplitudeScaled(by:)` in place: no second copy of a long file's peaks.
    public mutating func scaleAmplitude(by multiplier: Double) {
        func scale(_ values: inout [[Float]]) {
            for channel in values.indices {
                values[channel].withUnsafeMutableBufferPointer { samples in
                    for index in samples.indices {
                        samples[index] =
                            Float(Self.scaleSixteenBit(Self.sixteenBit(samples[index]), by: multiplier)) / 32768
                    }
                }
            }
        }
        scale(&minimum)
        scale(&maximum)
        for channel in rms.indices {
            rms[channel].withUnsafeMutableBufferPointer { power in
                for index in power.indices { power[index] = Swift.min(1, power[index] * Float(multiplier)) }
            }
        }
    }

    /// These peaks at a coarser `samplesPerPixel` (any number above the current one): output bucket k
    /// takes the input buckets that start in its span, ⌊k × new ÷ old⌋ up to ⌊(k + 1) × new ÷ old⌋, as
    /// audiowaveform re-zooms; a short last bucket is kept. RMS values merge by power.
    public func rescaled(samplesPerPixel newSamplesPerPixel: Int) -> WaveformPeaks {
        precondition(newSamplesPerPixel >= samplesPerBucket, "rescaled: zoom can only get coarser")
        guard newSamplesPerPixel != samplesPerBucket else { return self }
        let old = samplesPerBucket, new = newSamplesPerPixel
        var spans: [Range<Int>] = []
        var output = 0
        while true {
            let start = output * new / old
            guard start < bucketCount else { break }
            spans.append(start..<Swift.min(bucketCount, (output + 1) * new / old))
            output += 1
        }
        var newMinimum: [[Float]] = [], newMaximum: [[Float]] = [], newRMS: [[Float]] = []
        for channel in 0..<channelCount {
            newMinimum.append(spans.map { minimum[channel][$0].min() ?? 0 })
            newMaximum.append(spans.map { maximum[channel][$0].max() ?? 0 })
            newRMS.append(
                spans.map { span in
                    (rms[channel][span].reduce(Float(0)) { $0 + $1 * $1 } / Float(span.count)).squareRoot()
                })
        }
        return WaveformPeaks(
            sampleRate: sampleRate, samplesPerBucket: new, minimum: newMinimum, maximum: newMaximum, rms: newRMS)
    }
}
