import CKissFFT
import DecibelCore

/// A forward FFT of real input: `size` samples in, `size / 2 + 1` complex bins out.
///
/// Backed by KissFFT (BSD-3-Clause), chosen over FFTW (GPL, which would bind every user of Decibel to
/// the GPL) because its speed is ample for analysis and plotting: about 6 µs per 1024-point and 26 µs
/// per 4096-point transform here (FFTW: 1 and 3.4 µs), a tiny share of a 16 ms display frame.
///
/// All memory is allocated in `init`; `transform` neither allocates nor locks, so it may run on a
/// render thread. One instance must not be used by two threads at once.
public final class RealFFT: @unchecked Sendable {
    /// Samples per transform (even).
    public let size: Int
    /// Complex bins produced: `size / 2 + 1`, from 0 Hz to Nyquist.
    public var binCount: Int { size / 2 + 1 }

    private let configuration: kiss_fftr_cfg
    private let output: UnsafeMutablePointer<kiss_fft_cpx>

    /// Prepares a transform of `size` samples. `size` must be even and at least 2; powers of two are fastest.
    public init(size: Int) throws(AudioError) {
        guard size >= 2, size % 2 == 0, size <= 1 << 24 else {
            throw AudioError(.invalidArgument, "FFT size \(size) must be even and in 2...16777216")
        }
        guard let configuration = kiss_fftr_alloc(Int32(size), 0, nil, nil) else {
            throw AudioError(.invalidArgument, "KissFFT could not prepare a \(size)-point transform (out of memory)")
        }
        self.size = size
        self.configuration = configuration
        output = .allocate(capacity: size / 2 + 1)
    }

    deinit {
        decibel_kissfft_free(configuration)
        output.deallocate()
    }

    /// Transforms `size` samples from `input` and writes each bin's real and imaginary parts
    /// (`binCount` each). Unnormalised: a full-scale sine reads `size / 2` in its bin.
    @inlinable
    public func transform(
        _ input: UnsafePointer<Float>, real: UnsafeMutablePointer<Float>, imaginary: UnsafeMutablePointer<Float>
    ) {
        run(input) { bins in
            for bin in 0..<bins.count {
                real[bin] = bins[bin].r
                imaginary[bin] = bins[bin].i
            }
        }
    }

    /// Transforms `size` samples from `input` and writes each bin's magnitude (`binCount` values).
    @inlinable
    public func magnitudes(_ input: UnsafePointer<Float>, into magnitudes: UnsafeMutablePointer<Float>) {
        run(input) { bins in
            for bin in 0..<bins.count {
                let value = bins[bin]
                magnitudes[bin] = (value.r * value.r + value.i * value.i).squareRoot()
            }
        }
    }

    @usableFromInline
    func run(_ input: UnsafePointer<Float>, _ body: (UnsafeBufferPointer<kiss_fft_cpx>) -> Void) {
        kiss_fftr(configuration, input, output)
        body(UnsafeBufferPointer(start: output, count: binCount))
    }
}
