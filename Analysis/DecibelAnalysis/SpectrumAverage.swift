import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// The power spectrum of a long signal, averaged over half-overlapping windows (Welch's method): what
/// `decibel spectrum` shows for a whole file. Memory is two windows, whatever the signal's length.
public final class SpectrumAverage {
    private let analyzer: SpectrumAnalyzer
    private var pending: [Float]
    private var scratch: [Float]
    private var power: [Double]
    private var windows = 0

    /// Averages windows of `size` samples (any even size; powers of two are fastest) shaped by `window`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `size` is odd, below 2 or above 16777216 (2²⁴), or
    ///   the transform cannot be prepared (out of memory).
    public init(size: Int, window: AnalysisWindow = .hann) throws(AudioError) {
        analyzer = try SpectrumAnalyzer(size: size, window: window)
        pending = []
        pending.reserveCapacity(size)
        scratch = Array(repeating: 0, count: analyzer.binCount)
        power = Array(repeating: 0, count: analyzer.binCount)
    }

    /// Windows analysed so far.
    public var windowCount: Int { windows }

    /// Adds mono samples; every time a window fills it is analysed and the next starts half-way in.
    public func append(_ samples: UnsafeBufferPointer<Float>) {
        let size = analyzer.size
        var offset = 0
        while offset < samples.count {
            let take = min(size - pending.count, samples.count - offset)
            pending.append(contentsOf: samples[offset..<(offset + take)])
            offset += take
            guard pending.count == size else { continue }
            pending.withUnsafeBufferPointer { window in
                scratch.withUnsafeMutableBufferPointer { analyzer.analyze(window, into: $0) }
            }
            for bin in 0..<power.count { power[bin] += pow(10, Double(scratch[bin]) / 10) }
            windows += 1
            pending.removeFirst(size / 2)
        }
    }

    /// The averaged spectrum in dBFS, or nil before the first full window.
    public func spectrum(sampleRate: Double) -> Spectrum? {
        guard windows > 0 else { return nil }
        let decibels = power.map { Float(10 * log10(max($0 / Double(windows), 1e-30))) }
        return Spectrum(sampleRate: sampleRate, size: analyzer.size, decibels: decibels)
    }
}
