import CDecibelFFT
import CKissFFT
import DecibelCore

/// A forward (and inverse) FFT of real input: `size` samples in, `size / 2 + 1` complex bins out.
///
/// Powers of two from 64 up run Decibel's own transform (`CDecibelFFT`: a Stockham radix-4 FFT on
/// 8-float vectors, with AVX2 and FMA where the CPU has them), which keeps pace with FFTW without its
/// GPL; other even sizes, and smaller ones, run KissFFT (BSD-3-Clause). `analysis-bench` and
/// `plot-bench` measure both against FFTW.
///
/// All memory is allocated in `init`; no method allocates or locks, so it may run on a render thread.
/// One instance must not be used by two threads at once.
public final class RealFFT: @unchecked Sendable {
    /// Samples per transform (even).
    public let size: Int
    /// Complex bins produced: `size / 2 + 1`, from 0 Hz to Nyquist.
    public var binCount: Int { size / 2 + 1 }

    private enum Engine {
        case vectorised(OpaquePointer)
        case kiss(forward: kiss_fftr_cfg, inverse: kiss_fftr_cfg, bins: UnsafeMutablePointer<kiss_fft_cpx>)
    }

    private let engine: Engine
    private let scratchReal: UnsafeMutablePointer<Float>
    private let scratchImaginary: UnsafeMutablePointer<Float>

    /// Prepares a transform of `size` samples. `size` must be even and at least 2; powers of two are fastest.
    /// - Throws: `AudioError` of kind `invalidArgument` when `size` is odd, below 2 or above 16777216 (2²⁴), or
    ///   the transform cannot be prepared (out of memory).
    public init(size: Int) throws(AudioError) {
        guard size >= 2, size % 2 == 0, size <= 1 << 24 else {
            throw AudioError(.invalidArgument, "FFT size \(size) must be even and in 2...16777216")
        }
        if size >= Int(DECIBEL_FFT_MINIMUM_SIZE), size & (size - 1) == 0 {
            guard let plan = decibel_fft_create(Int32(size)) else {
                throw AudioError(.invalidArgument, "could not prepare a \(size)-point FFT (out of memory)")
            }
            engine = .vectorised(plan)
        } else {
            guard let forward = kiss_fftr_alloc(Int32(size), 0, nil, nil) else {
                throw AudioError(
                    .invalidArgument, "KissFFT could not prepare a \(size)-point transform (out of memory)")
            }
            guard let inverse = kiss_fftr_alloc(Int32(size), 1, nil, nil) else {
                decibel_kissfft_free(forward)
                throw AudioError(
                    .invalidArgument, "KissFFT could not prepare a \(size)-point transform (out of memory)")
            }
            engine = .kiss(forward: forward, inverse: inverse, bins: .allocate(capacity: size / 2 + 1))
        }
        self.size = size
        scratchReal = .allocate(capacity: size / 2 + 1)
        scratchImaginary = .allocate(capacity: size / 2 + 1)
    }

    deinit {
        switch engine {
        case .vectorised(let plan): decibel_fft_destroy(plan)
        case .kiss(let forward, let inverse, let bins):
            decibel_kissfft_free(forward)
            decibel_kissfft_free(inverse)
            bins.deallocate()
        }
        scratchReal.deallocate()
        scratchImaginary.deallocate()
    }

    /// Whether this transform runs Decibel's vectorised FFT with AVX2 kernels (for benchmarks' labels).
    public var usesAVX2: Bool {
        if case .vectorised(let plan) = engine { return decibel_fft_uses_avx2(plan) != 0 }
        return false
    }

    /// Transforms `size` samples from `input` and writes each bin's real and imaginary parts
    /// (`binCount` each). Unnormalised: a full-scale sine reads `size / 2` in its bin.
    public func transform(
        _ input: UnsafePointer<Float>, real: UnsafeMutablePointer<Float>, imaginary: UnsafeMutablePointer<Float>
    ) {
        switch engine {
        case .vectorised(let plan): decibel_fft_forward(plan, input, real, imaginary)
        case .kiss(let forward, _, let bins):
            kiss_fftr(forward, input, bins)
            for bin in 0..<binCount {
                real[bin] = bins[bin].r
                imaginary[bin] = bins[bin].i
            }
        }
    }

    /// The inverse of ``transform(_:real:imaginary:)``: `binCount` bins in, `size` samples out, scaled by
    /// `size` (unnormalised). The imaginary parts of the first and last bins are taken as zero.
    public func inverse(
        real: UnsafePointer<Float>, imaginary: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>
    ) {
        switch engine {
        case .vectorised(let plan): decibel_fft_inverse(plan, real, imaginary, output)
        case .kiss(_, let inverse, let bins):
            for bin in 0..<binCount { bins[bin] = kiss_fft_cpx(r: real[bin], i: imaginary[bin]) }
            bins[0].i = 0
            bins[binCount - 1].i = 0
            kiss_fftri(inverse, bins, output)
        }
    }

    /// Transforms `size` samples from `input` and writes each bin's magnitude (`binCount` values).
    public func magnitudes(_ input: UnsafePointer<Float>, into magnitudes: UnsafeMutablePointer<Float>) {
        transform(input, real: scratchReal, imaginary: scratchImaginary)
        for bin in 0..<binCount {
            let real = scratchReal[bin], imaginary = scratchImaginary[bin]
            magnitudes[bin] = (real * real + imaginary * imaginary).squareRoot()
        }
    }
}
