#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Block loudness values from -70 to +10 LUFS in bins of 0.01 LU, with each bin's count and summed
/// energy: the gated statistics of BS.1770 (integrated loudness) and EBU Tech 3342 (loudness range) in
/// constant memory however long the programme. Values below the absolute gate (-70 LUFS) are not kept.
struct GatedHistogram {
    static let lowest = -70.0
    static let binsPerLU = 100.0
    static let binCount = 8_000
    private let counts: UnsafeMutablePointer<Int>
    private let energies: UnsafeMutablePointer<Double>
    private(set) var total = 0

    init() {
        counts = .allocate(capacity: Self.binCount)
        counts.initialize(repeating: 0, count: Self.binCount)
        energies = .allocate(capacity: Self.binCount)
        energies.initialize(repeating: 0, count: Self.binCount)
    }

    func deallocate() {
        counts.deallocate()
        energies.deallocate()
    }

    mutating func reset() {
        counts.update(repeating: 0, count: Self.binCount)
        energies.update(repeating: 0, count: Self.binCount)
        total = 0
    }

    static func loudness(_ energy: Double) -> Double { energy > 0 ? -0.691 + 10 * log10(energy) : -.infinity }

    private static func centre(of bin: Int) -> Double { lowest + (Double(bin) + 0.5) / binsPerLU }

    /// Adds a block of mean-square `energy` (K-weighted, channel-weighted); blocks under -70 LUFS are gated.
    mutating func add(energy: Double) {
        let loudness = Self.loudness(energy)
        guard loudness >= Self.lowest else { return }
        let bin = min(Self.binCount - 1, Int((loudness - Self.lowest) * Self.binsPerLU))
        counts[bin] += 1
        energies[bin] += energy
        total += 1
    }

    /// The first bin whose blocks are louder than `relativeGate` LU below the mean energy of all blocks.
    private func firstBin(relativeGate: Double) -> Int? {
        guard total > 0 else { return nil }
        var energy = 0.0
        for bin in 0..<Self.binCount { energy += energies[bin] }
        let gate = Self.loudness(energy / Double(total)) - relativeGate
        var first = 0
        while first < Self.binCount && Self.centre(of: first) <= gate { first += 1 }
        return first
    }

    /// BS.1770-4 integrated loudness: the mean energy of the blocks above the relative gate, -10 LU below
    /// the mean of all blocks, in LUFS (-infinity before any block passes the gates).
    func integrated() -> Double {
        guard let first = firstBin(relativeGate: 10) else { return -.infinity }
        var energy = 0.0, count = 0
        for bin in first..<Self.binCount {
            energy += energies[bin]
            count += counts[bin]
        }
        return count > 0 ? Self.loudness(energy / Double(count)) : -.infinity
    }

    /// EBU Tech 3342 loudness range: the spread from the 10th to the 95th percentile of the short-term
    /// values above the relative gate, -20 LU below their mean, in LU (0 before any value passes).
    func loudnessRange() -> Double {
        guard let first = firstBin(relativeGate: 20) else { return 0 }
        var count = 0
        for bin in first..<Self.binCount { count += counts[bin] }
        guard count > 0 else { return 0 }
        return percentile(0.95, from: first, of: count) - percentile(0.10, from: first, of: count)
    }

    private func percentile(_ fraction: Double, from first: Int, of count: Int) -> Double {
        let wanted = Int((fraction * Double(count - 1)).rounded())  // the nearest rank, as libebur128
        var seen = 0
        for bin in first..<Self.binCount {
            seen += counts[bin]
            if seen > wanted { return Self.centre(of: bin) }
        }
        return Self.centre(of: Self.binCount - 1)
    }
}
