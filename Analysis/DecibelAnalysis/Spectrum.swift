/// A magnitude spectrum in dBFS: bin `k` is the frequency `k * sampleRate / size`.
public struct Spectrum: Hashable, Sendable {
    /// Frames per second of the analysed audio.
    public var sampleRate: Double
    /// Samples per analysis frame (the FFT size).
    public var size: Int
    /// Per bin, 0 Hz to Nyquist (`size / 2 + 1` values): the magnitude in dBFS.
    public var decibels: [Float]

    /// A spectrum computed elsewhere: `decibels` holds `size / 2 + 1` bins of a `size`-point FFT at `sampleRate`.
    public init(sampleRate: Double, size: Int, decibels: [Float]) {
        self.sampleRate = sampleRate
        self.size = size
        self.decibels = decibels
    }

    /// Hertz between neighbouring bins.
    public var binWidth: Double { sampleRate / Double(size) }

    /// The centre frequency of `bin`, in Hz.
    public func frequency(ofBin bin: Int) -> Double { Double(bin) * binWidth }

    /// The bin nearest to `frequency` (clamped to the spectrum).
    public func bin(nearest frequency: Double) -> Int {
        min(max(0, Int((frequency / binWidth).rounded())), max(0, decibels.count - 1))
    }

    /// The loudest bin (ignoring DC), or `nil` for an empty spectrum.
    public var peakBin: Int? {
        guard decibels.count > 1 else { return decibels.isEmpty ? nil : 0 }
        return decibels.indices.dropFirst().max { decibels[$0] < decibels[$1] }
    }

    /// Local maxima at least `threshold` dBFS loud, loudest first, at most `limit` of them. A bin counts
    /// when it is louder than every bin within `spread` bins either side (so one windowed tone is one peak).
    public func peaks(above threshold: Float, limit: Int = 8, spread: Int = 3) -> [Int] {
        var found: [Int] = []
        for bin in decibels.indices.dropFirst() where decibels[bin] >= threshold {
            let low = max(1, bin - spread), high = min(decibels.count - 1, bin + spread)
            let isPeak = (low...high).allSatisfy { $0 == bin || decibels[$0] < decibels[bin] }
            if isPeak { found.append(bin) }
        }
        return Array(found.sorted { decibels[$0] > decibels[$1] }.prefix(limit))
    }
}
