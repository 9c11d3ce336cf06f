import DecibelCore

/// The autocorrelation of a window of `size` samples at the lags up to `size / 2`, by FFT:
/// `r(τ) = Σ x[j] · x[j + τ]` over the overlap. Zero-padded to at least 1.5 × `size`, which is enough for
/// those lags not to wrap around (a circular lag τ also holds lag 1.5 × size − τ, which has no overlap),
/// and up to a power of two, the sizes `RealFFT` transforms fastest.
///
/// All memory is allocated in `init`; `compute` neither allocates nor locks.
final class Autocorrelation {
    let size: Int
    let transformSize: Int
    private let fft: RealFFT
    private let padded: UnsafeMutablePointer<Float>
    private let real: UnsafeMutablePointer<Float>
    private let imaginary: UnsafeMutablePointer<Float>
    /// `r(τ)` for τ in `0...size / 2` after `compute`, unnormalised.
    let lags: UnsafeMutablePointer<Float>

    /// `size` must be even.
    init(size: Int) throws(AudioError) {
        var transformSize = 64
        while transformSize < size + size / 2 { transformSize *= 2 }
        self.size = size
        self.transformSize = transformSize
        fft = try RealFFT(size: transformSize)
        padded = .allocate(capacity: transformSize)
        padded.initialize(repeating: 0, count: transformSize)
        real = .allocate(capacity: fft.binCount)
        imaginary = .allocate(capacity: fft.binCount)
        lags = .allocate(capacity: transformSize)
        lags.initialize(repeating: 0, count: transformSize)
    }

    deinit {
        padded.deallocate()
        real.deallocate()
        imaginary.deallocate()
        lags.deallocate()
    }

    /// Fills `lags` from the `size` samples at `input`.
    func compute(_ input: UnsafePointer<Float>) {
        padded.update(from: input, count: size)
        fft.transform(padded, real: real, imaginary: imaginary)
        for bin in 0..<fft.binCount {
            real[bin] = real[bin] * real[bin] + imaginary[bin] * imaginary[bin]
            imaginary[bin] = 0
        }
        fft.inverse(real: real, imaginary: imaginary, into: lags)
        let scale = 1 / Float(transformSize)  // the inverse is unnormalised
        for lag in 0...(size / 2) { lags[lag] *= scale }
    }
}
