import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The autocorrelation of a window of `size` samples at the lags up to `size / 2`, by FFT:
/// `r(τ) = Σ x[j] · x[j + τ]` over the overlap.
///
/// The window is split into halves `a` and `b`, each transformed zero-padded to the power of two `T ≥ size`:
/// `r(τ) = r_aa(τ) + r_bb(τ) + r_ab(τ − size / 2)` for τ ≤ size / 2, and none of the three wraps around in `T`
/// points. So one inverse transform of `|A|² + |B|² + conj(A)·B·e^(−2πi k (size/2) / T)` gives every lag: three
/// transforms of `size` points where zero-padding the whole window to 2 × `size` takes two of twice the length
/// (a third less work at 2048).
///
/// All memory is allocated in `init`; `compute` neither allocates nor locks.
final class Autocorrelation {
    let size: Int
    let transformSize: Int
    private let fft: RealFFT
    /// The window's first and second halves, `size / 2` samples each, written by the caller before `compute()`;
    /// zero from there to `transformSize`.
    let firstHalf: UnsafeMutablePointer<Float>
    let secondHalf: UnsafeMutablePointer<Float>
    private let firstReal: UnsafeMutablePointer<Float>
    private let firstImaginary: UnsafeMutablePointer<Float>
    private let secondReal: UnsafeMutablePointer<Float>
    private let secondImaginary: UnsafeMutablePointer<Float>
    /// cos and sin of 2π k (size / 2) / T per bin: the half-window shift of the cross term.
    private let shiftCosine: UnsafeMutablePointer<Float>
    private let shiftSine: UnsafeMutablePointer<Float>
    /// `r(τ)` for τ in `0...size / 2` after `compute`, unnormalised.
    let lags: UnsafeMutablePointer<Float>

    /// `size` must be even.
    init(size: Int) throws(AudioError) {
        var transformSize = 64
        while transformSize < size { transformSize *= 2 }
        self.size = size
        self.transformSize = transformSize
        fft = try RealFFT(size: transformSize)
        let bins = fft.binCount
        firstHalf = .allocate(capacity: transformSize)
        firstHalf.initialize(repeating: 0, count: transformSize)
        secondHalf = .allocate(capacity: transformSize)
        secondHalf.initialize(repeating: 0, count: transformSize)
        firstReal = .allocate(capacity: bins)
        firstImaginary = .allocate(capacity: bins)
        secondReal = .allocate(capacity: bins)
        secondImaginary = .allocate(capacity: bins)
        shiftCosine = .allocate(capacity: bins)
        shiftSine = .allocate(capacity: bins)
        let half = size / 2
        for bin in 0..<bins {
            // Reduced modulo T before the angle is formed, so the table is exact for T = size ((−1)^k).
            let turns = Double((bin * half) % transformSize) / Double(transformSize)
            shiftCosine[bin] = Float(cos(2 * Double.pi * turns))
            shiftSine[bin] = Float(sin(2 * Double.pi * turns))
        }
        lags = .allocate(capacity: transformSize)
        lags.initialize(repeating: 0, count: transformSize)
    }

    deinit {
        for buffer in [
            firstHalf, secondHalf, firstReal, firstImaginary, secondReal, secondImaginary, shiftCosine, shiftSine, lags,
        ] {
            buffer.deallocate()
        }
    }

    /// Fills `lags` from the window in `firstHalf` and `secondHalf`.
    func compute() {
        let half = size / 2
        fft.transform(firstHalf, real: firstReal, imaginary: firstImaginary)
        fft.transform(secondHalf, real: secondReal, imaginary: secondImaginary)
        for bin in 0..<fft.binCount {
            let ar = firstReal[bin], ai = firstImaginary[bin], br = secondReal[bin], bi = secondImaginary[bin]
            // conj(A)·B = x + iy, turned by e^(−iθ).
            let x = ar * br + ai * bi, y = ar * bi - ai * br
            let cosine = shiftCosine[bin], sine = shiftSine[bin]
            firstReal[bin] = ar * ar + ai * ai + br * br + bi * bi + cosine * x + sine * y
            firstImaginary[bin] = cosine * y - sine * x
        }
        fft.inverse(real: firstReal, imaginary: firstImaginary, into: lags)
        let scale = 1 / Float(transformSize)  // the inverse is unnormalised
        for lag in 0...half { lags[lag] *= scale }
    }
}
