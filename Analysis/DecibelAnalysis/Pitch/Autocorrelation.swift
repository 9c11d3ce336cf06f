import CKissFFT
import DecibelCore

/// The autocorrelation of a window of `size` samples at the lags up to `size / 2`, by FFT:
/// `r(τ) = Σ x[j] · x[j + τ]` over the overlap. Zero-padded to 1.5 × `size`, not 2 ×, which is enough for
/// those lags not to wrap around (a circular lag τ also holds lag 1.5 × size − τ, which has no overlap);
/// rounded up to a size with no prime factor above 5.
///
/// All memory is allocated in `init`; `compute` neither allocates nor locks.
final class Autocorrelation {
    let size: Int
    private let forward: kiss_fftr_cfg
    private let inverse: kiss_fftr_cfg
    private let padded: UnsafeMutablePointer<Float>
    private let spectrum: UnsafeMutablePointer<kiss_fft_cpx>
    /// `r(τ)` for τ in `0...size / 2` after `compute`, unnormalised.
    let lags: UnsafeMutablePointer<Float>

    let transformSize: Int

    /// `size` must be even.
    init(size: Int) throws(AudioError) {
        let transformSize = Self.smoothSize(atLeast: size + size / 2)
        guard let forward = kiss_fftr_alloc(Int32(transformSize), 0, nil, nil),
            let inverse = kiss_fftr_alloc(Int32(transformSize), 1, nil, nil)
        else {
            throw AudioError(.invalidArgument, "KissFFT could not prepare a \(transformSize)-point transform")
        }
        self.size = size
        self.transformSize = transformSize
        self.forward = forward
        self.inverse = inverse
        padded = .allocate(capacity: transformSize)
        padded.initialize(repeating: 0, count: transformSize)
        spectrum = .allocate(capacity: transformSize / 2 + 1)
        lags = .allocate(capacity: transformSize)
        lags.initialize(repeating: 0, count: transformSize)
    }

    /// The smallest even 2^a·3^b·5^c at least `minimum`: sizes KissFFT transforms fast and without
    /// allocating (its generic butterfly for larger prime factors calls malloc on every transform).
    static func smoothSize(atLeast minimum: Int) -> Int {
        var candidate = max(2, minimum + minimum % 2)
        while true {
            var rest = candidate
            for factor in [2, 3, 5] { while rest % factor == 0 { rest /= factor } }
            if rest == 1 { return candidate }
            candidate += 2
        }
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
        for bin in 0...(transformSize / 2) {
            let value = spectrum[bin]
            spectrum[bin] = kiss_fft_cpx(r: value.r * value.r + value.i * value.i, i: 0)
        }
        kiss_fftri(inverse, spectrum, lags)
        let scale = 1 / Float(transformSize)  // KissFFT's inverse is unnormalised
        for lag in 0...(size / 2) { lags[lag] *= scale }
    }
}
