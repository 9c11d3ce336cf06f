import CKissFFT
import DecibelCore

/// The autocorrelation of a window of `size` samples at every lag below `size`, by FFT (zero-padded to
/// `2 * size`, so no lag wraps around): `r(τ) = Σ x[j] · x[j + τ]` over the overlap.
///
/// All memory is allocated in `init`; `compute` neither allocates nor locks.
final class Autocorrelation {
    let size: Int
    private let forward: kiss_fftr_cfg
    private let inverse: kiss_fftr_cfg
    private let padded: UnsafeMutablePointer<Float>
    private let spectrum: UnsafeMutablePointer<kiss_fft_cpx>
    /// `r(τ)` for τ in `0..<size` after `compute`, unnormalised.
    let lags: UnsafeMutablePointer<Float>

    init(size: Int) throws(AudioError) {
        let transformSize = 2 * size
        guard let forward = kiss_fftr_alloc(Int32(transformSize), 0, nil, nil),
            let inverse = kiss_fftr_alloc(Int32(transformSize), 1, nil, nil)
        else {
            throw AudioError(.invalidArgument, "KissFFT could not prepare a \(transformSize)-point transform")
        }
        self.size = size
        self.forward = forward
        self.inverse = inverse
        padded = .allocate(capacity: transformSize)
        padded.initialize(repeating: 0, count: transformSize)
        spectrum = .allocate(capacity: size + 1)
        lags = .allocate(capacity: transformSize)
        lags.initialize(repeating: 0, count: transformSize)
    }

    deinit {
        decibel_kissfft_free(forward)
        decibel_kissfft_free(inverse)
        padded.deallocate()
        spectrum.deallocate()
        lags.deallocate()
    }

    /// Fills `lags` from the `size` samples at `input`.
    func compute(_ input: UnsafePointer<Float>) {
        padded.update(from: input, count: size)
        kiss_fftr(forward, padded, spectrum)
        for bin in 0...size {
            let value = spectrum[bin]
            spectrum[bin] = kiss_fft_cpx(r: value.r * value.r + value.i * value.i, i: 0)
        }
        kiss_fftri(inverse, spectrum, lags)
        let scale = 1 / Float(2 * size)  // KissFFT's inverse is unnormalised
        for lag in 0..<size { lags[lag] *= scale }
    }
}
