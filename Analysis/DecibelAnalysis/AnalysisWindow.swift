/// A window function applied before an FFT to limit spectral leakage.
public enum AnalysisWindow: String, Hashable, Sendable, CaseIterable {
    /// No window (boxcar): the sharpest peak, the worst leakage.
    case rectangular
    /// Hann (raised cosine): the usual default for spectra.
    case hann
    /// Hamming: a lower first side lobe than Hann, slower fall-off.
    case hamming
    /// Blackman: very low side lobes, wider peaks.
    case blackman

    /// The `count` coefficients of the window (periodic form, as used for spectral analysis).
    public func coefficients(count: Int) -> [Float] {
        guard count > 1 else { return [Float](repeating: 1, count: max(0, count)) }
        let n = Double(count)
        return (0..<count).map { index in
            let phase = 2 * Double.pi * Double(index) / n
            switch self {
            case .rectangular: return 1
            case .hann: return Float(0.5 - 0.5 * cos(phase))
            case .hamming: return Float(0.54 - 0.46 * cos(phase))
            case .blackman: return Float(0.42 - 0.5 * cos(phase) + 0.08 * cos(2 * phase))
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
