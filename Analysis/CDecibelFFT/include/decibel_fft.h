// Decibel's real FFT: power-of-two sizes, single precision, split real/imaginary spectra.
// A Stockham radix-4 transform on 8-float vectors, built twice (AVX2+FMA and the baseline) and picked
// at plan time from what the CPU offers. Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_FFT_H
#define DECIBEL_FFT_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct decibel_fft decibel_fft;

/// The smallest size this transform takes; smaller powers of two are left to KissFFT.
#define DECIBEL_FFT_MINIMUM_SIZE 64

/// Prepares a transform of `size` real samples: a power of two, at least DECIBEL_FFT_MINIMUM_SIZE.
/// Returns NULL for another size or when memory runs out. All memory is allocated here.
decibel_fft *decibel_fft_create(int size);
/// The same with the baseline kernels whatever the CPU offers: for tests of that path.
decibel_fft *decibel_fft_create_portable(int size);
void decibel_fft_destroy(decibel_fft *fft);

/// 1 when the AVX2+FMA kernels run, 0 for the baseline ones.
int decibel_fft_uses_avx2(const decibel_fft *fft);

/// `size` real samples in; `size / 2 + 1` bins out, as real and imaginary parts. Unnormalised.
/// Neither allocates nor locks; one plan must not run on two threads at once.
void decibel_fft_forward(decibel_fft *fft, const float *input, float *real, float *imaginary);

/// `size / 2 + 1` bins in (the imaginary parts of bin 0 and size/2 are ignored); `size` samples out,
/// scaled by `size` (unnormalised, as KissFFT's and FFTW's inverses are).
void decibel_fft_inverse(decibel_fft *fft, const float *real, const float *imaginary, float *output);

#ifdef __cplusplus
}
#endif
#endif
