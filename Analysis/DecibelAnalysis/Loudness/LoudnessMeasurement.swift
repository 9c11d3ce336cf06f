/// A loudness meter's readings at one moment, in LUFS, LU and dB. Values with nothing measured yet are
/// `-infinity` (loudness, peaks) or 0 (range).
public struct LoudnessMeasurement: Hashable, Sendable {
    /// Integrated (programme) loudness, gated as BS.1770-4 says, in LUFS.
    public var integrated: Double
    /// Loudness range (EBU Tech 3342), in LU.
    public var loudnessRange: Double
    /// The largest true peak over all channels (4× oversampled below 96 kHz), in dBTP.
    public var truePeak: Double
    /// The largest sample magnitude over all channels, in dBFS.
    public var samplePeak: Double
    /// Loudness of the last 400 ms, in LUFS.
    public var momentary: Double
    /// Loudness of the last 3 s, in LUFS.
    public var shortTerm: Double
    /// The loudest momentary value so far, in LUFS.
    public var maximumMomentary: Double
    /// The loudest short-term value so far, in LUFS.
    public var maximumShortTerm: Double
    /// Seconds measured.
    public var duration: Double

    /// Creates a measurement; meters make these.
    public init(
        integrated: Double, loudnessRange: Double, truePeak: Double, samplePeak: Double, momentary: Double,
        shortTerm: Double, maximumMomentary: Double, maximumShortTerm: Double, duration: Double
    ) {
        self.integrated = integrated
        self.loudnessRange = loudnessRange
        self.truePeak = truePeak
        self.samplePeak = samplePeak
        self.momentary = momentary
        self.shortTerm = shortTerm
        self.maximumMomentary = maximumMomentary
        self.maximumShortTerm = maximumShortTerm
        self.duration = duration
    }

    /// The gain in dB that brings `integrated` to `target` LUFS without the true peak passing `ceiling`
    /// dBTP (whichever allows less); `nil` when nothing was measured.
    public func normalizationGain(target: Double, truePeakCeiling ceiling: Double = -1) -> Double? {
        guard integrated.isFinite else { return nil }
        let wanted = target - integrated
        guard truePeak.isFinite else { return wanted }
        return min(wanted, ceiling - truePeak)
    }
}
