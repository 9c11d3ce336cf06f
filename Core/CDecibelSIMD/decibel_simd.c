#include "decibel_simd.h"

typedef float v8 __attribute__((vector_size(32)));
typedef float v8u __attribute__((vector_size(32), aligned(4)));

/// Squares are summed in float lanes for at most this many samples, then added to the double total,
/// so a long run loses no precision to a float accumulator that has grown large.
#define SQUARES_RUN 4096

/// The one kernel, inlined into each build below. Two accumulators of 8 lanes each hide the latency of
/// min, max and add; `__builtin_elementwise_min/max` return the other operand when one is NaN, so a
/// NaN sample leaves the running value as it was.
static inline __attribute__((always_inline)) void summarize_vectors(
    const float *samples, long count, float *minimum, float *maximum, double *total) {
    long index = 0;
    v8 low0 = (v8){} + *minimum, low1 = low0, high0 = (v8){} + *maximum, high1 = high0;
    double squares = 0;
    while (count - index >= 16) {
        long end = index + SQUARES_RUN < count ? index + SQUARES_RUN : count;
        v8 sum0 = {}, sum1 = {};
        for (; index + 16 <= end; index += 16) {
            v8 a = *(const v8u *)(samples + index), b = *(const v8u *)(samples + index + 8);
            low0 = __builtin_elementwise_min(low0, a);
            low1 = __builtin_elementwise_min(low1, b);
            high0 = __builtin_elementwise_max(high0, a);
            high1 = __builtin_elementwise_max(high1, b);
            sum0 += a * a;
            sum1 += b * b;
        }
        v8 sum = sum0 + sum1;
        for (int lane = 0; lane < 8; lane++) squares += sum[lane];
    }
    v8 low = __builtin_elementwise_min(low0, low1), high = __builtin_elementwise_max(high0, high1);
    float lowest = *minimum, highest = *maximum;
    for (int lane = 0; lane < 8; lane++) {
        if (low[lane] < lowest) lowest = low[lane];
        if (high[lane] > highest) highest = high[lane];
    }
    for (; index < count; index++) {
        float value = samples[index];
        if (value < lowest) lowest = value;
        if (value > highest) highest = value;
        squares += (double)value * value;
    }
    *minimum = lowest;
    *maximum = highest;
    *total += squares;
}

typedef void (*summarize_function)(const float *, long, float *, float *, double *);

static void summarize_baseline(const float *samples, long count, float *minimum, float *maximum, double *total) {
    summarize_vectors(samples, count, minimum, maximum, total);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma"))) static void summarize_avx(
    const float *samples, long count, float *minimum, float *maximum, double *total) {
    summarize_vectors(samples, count, minimum, maximum, total);
}
#endif

static summarize_function pick_summarize(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return summarize_avx;
#endif
    return summarize_baseline;
}

int decibel_simd_uses_avx(void) { return pick_summarize() != summarize_baseline; }

void decibel_summarize(const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares) {
    // Picked once; a racing first call picks the same function, so a relaxed store is enough.
    static summarize_function chosen = 0;
    summarize_function function = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!function) {
        function = pick_summarize();
        __atomic_store_n(&chosen, function, __ATOMIC_RELAXED);
    }
    function(samples, count, minimum, maximum, sum_of_squares);
}

void decibel_summarize_portable(
    const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares) {
    summarize_baseline(samples, count, minimum, maximum, sum_of_squares);
}
