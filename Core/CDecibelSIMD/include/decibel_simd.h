// Vector kernels for Decibel's bandwidth-bound loops: one kernel written with 8-float vectors, built for
// AVX2 and for the baseline, picked at run time. Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_SIMD_H
#define DECIBEL_SIMD_H

#ifdef __cplusplus
extern "C" {
#endif

/// Folds `count` samples into a running summary: `*minimum` and `*maximum` are lowered and raised,
/// `*sum_of_squares` grows by the samples' squares. NaN samples are skipped by the minimum and maximum
/// (as Swift's min and max skip a NaN second argument). Neither allocates nor locks.
void decibel_summarize(const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares);

/// The same with the baseline build of the kernel whatever the CPU offers: for tests of that path.
void decibel_summarize_portable(
    const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares);

/// 1 when the AVX2 build of the kernel runs.
int decibel_simd_uses_avx(void);

#ifdef __cplusplus
}
#endif
#endif
