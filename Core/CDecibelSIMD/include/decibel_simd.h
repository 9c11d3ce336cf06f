// Vector kernels for Decibel's bandwidth-bound loops, picked at run time (AVX where the CPU has it, SSE2
// otherwise, plain C on other architectures). Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_SIMD_H
#define DECIBEL_SIMD_H

#ifdef __cplusplus
extern "C" {
#endif

/// Folds `count` samples into a running summary: `*minimum` and `*maximum` are lowered and raised,
/// `*sum_of_squares` grows by the samples' squares. NaN samples are skipped by the minimum and maximum
/// (as Swift's min and max skip a NaN second argument). Neither allocates nor locks.
void decibel_summarize(const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares);

/// The same with the baseline (SSE2 or plain C) kernel whatever the CPU offers: for tests of that path.
void decibel_summarize_portable(
    const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares);

/// 1 when the AVX kernels run.
int decibel_simd_uses_avx(void);

#ifdef __cplusplus
}
#endif
#endif
