import DecibelCore

/// Windowed magnitude spectra in dB, scaled so a full-scale sine reads 0 dBFS in its bin.
///
/// Everything is allocated in `init`; `analyze(_:into:)` neither allocates nor locks. For one-off work
/// use `spectrum(of:sampleRate:)`, which allocates the result.
public final class SpectrumAnalyzer: @unchecked Sendable {
    /// Samples per analysis frame.
    public var size: Int { fft.size }
    /// Bins per spectrum: `size / 2 + 1`.
    public var binCount: Int { fft.binCount }
    /// The window applied before the transform.
    public let window: AnalysisWindow
    /// The value reported for bins with no energy (and the floor of every bin), in dB.
    public let floorDecibels: Float

    private let fft: RealFFT
    private let coefficients: UnsafeMutablePointer<Float>
    private let scratch: UnsafeMutablePointer<Float>
    private let scale: Float

    /// Prepares an analyser of `size` samples (even; powers of two are fastest) with `window`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `size` is odd, below 2 or above 16777216 (2²⁴), or
    ///   the transform cannot be prepared (out of memory).
    public init(size: Int, window: AnalysisWindow = .hann, floorDecibels: Float = -160) throws(AudioError) {
        fft = try RealFFT(size: size)
        self.window = window
        self.floorDecibels = floorDecibels
        let values = window.coefficients(count: size)
        coefficients = .allocate(capacity: size)
        coefficients.initialize(from: values, count: size)
        scratch = .allocate(capacity: size)
        scratch.initialize(repeating: 0, count: size)
        // A sine of amplitude A puts A * sum(window) / 2 into its bin.
        scale = 2 / max(Float.leastNormalMagnitude, values.reduce(0, +))
    }

    deinit {
        coefficients.deallocate()
        scratch.deallocate()
    }

    /// Analyses `samples` (its first `size` values; missing ones count as silence) and writes
    /// `binCount` magnitudes in dBFS into `decibels`. Real-time safe.
    public func analyze(_ samples: UnsafeBufferPointer<Float>, into decibels: UnsafeMutableBufferPointer<Float>) {
        precondition(
            decibels.count >= binCount, "SpectrumAnalyzer: output holds \(decibels.count) bins, needs \(binCount)")
        let available = min(samples.count, size)
        for index in 0..<available { scratch[index] = samples[index] * coefficients[index] }
        for index in available..<size { scratch[index] = 0 }
        guard let output = decibels.baseAddress else { return }
        fft.magnitudes(scratch, into: output)
        let floorLinear = Float.exp10(floorDecibels / 20)
        for bin in 0..<binCount {
            let linear = max(output[bin] * scale, floorLinear)
            output[bin] = 20 * Float.log10(linear)
        }
    }

    /// The spectrum of `samples` (the first `size` values) at `sampleRate`. Allocates.
    public func spectrum(of samples: [Float], sampleRate: Double) -> Spectrum {
        var decibels = [Float](repeating: floorDecibels, count: binCount)
        samples.withUnsafeBufferPointer { input in
            decibels.withUnsafeMutableBufferPointer { analyze(input, into: $0) }
        }
        return Spectrum(sampleRate: sampleRate, size: size, decibels: decibels)
    }
}

#if canImport(Glibc)
import Glibc
extension Float {
    @usableFromInline static func exp10(_ x: Float) -> Float { Glibc.powf(10, x) }
    @usableFromInline static func log10(_ x: Float) -> Float { Glibc.log10f(x) }
}
#endif
