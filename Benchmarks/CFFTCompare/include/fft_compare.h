// FFTW (GPL) and KissFFT (BSD-3-Clause) timed on the same real-input transform, for plot-bench only:
// the comparison behind DecibelAnalysis's choice of KissFFT. Nothing in Decibel links FFTW.
#ifndef DECIBEL_FFT_COMPARE_H
#define DECIBEL_FFT_COMPARE_H

/// Microseconds per `size`-point real forward transform over `iterations` runs.
double decibel_bench_fftw_microseconds(int size, int iterations);
/// Microseconds per `size`-point real forward transform over `iterations` runs.
double decibel_bench_kissfft_microseconds(int size, int iterations);

#endif
