extension Spectrum {
    /// The frequency of the loudest bin (ignoring DC), refined between bins by the parabola through it and
    /// its neighbours in dB (exact to a few hundredths of a bin for a Hann-windowed tone), in Hz; `nil` for
    /// an empty spectrum. EZAudioFFT's `maxFrequency`, but sub-bin accurate.
    public var peakFrequency: Double? {
        guard let bin = peakBin else { return nil }
        return interpolatedFrequency(ofBin: bin)
    }

    /// The frequency of the peak at `bin`, refined by parabolic interpolation of the dB magnitudes, in Hz.
    public func interpolatedFrequency(ofBin bin: Int) -> Double {
        guard bin > 0, bin + 1 < decibels.count else { return frequency(ofBin: bin) }
        let left = Double(decibels[bin - 1]), centre = Double(decibels[bin]), right = Double(decibels[bin + 1])
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return frequency(ofBin: bin) }
        let offset = max(-0.5, min(0.5, 0.5 * (left - right) / curvature))
        return (Double(bin) + offset) * binWidth
    }
}
