#include "decibel_simd.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define DECIBEL_X86 1
#endif

/// Squares are summed in float lanes for at most this many samples, then added to the double total,
/// so a long run loses no precision to a float accumulator that has grown large.
#define SQUARES_RUN 4096

static void summarize_scalar(const float *samples, long count, float *minimum, float *maximum, double *total) {
    float low = *minimum, high = *maximum;
    double squares = 0;
    for (long index = 0; index < count; index++) {
        float value = samples[index];
        if (value < low) low = value;
        if (value > high) high = value;
        squares += (double)value * value;
    }
    *minimum = low;
    *maximum = high;
    *total += squares;
}

#ifdef DECIBEL_X86
// minps/maxps return their second operand when either is NaN: with the running value second, a NaN
// sample leaves it unchanged.
static void summarize_sse2(const float *samples, long count, float *minimum, float *maximum, double *total) {
    long index = 0;
    __m128 low0 = _mm_set1_ps(*minimum), low1 = low0, high0 = _mm_set1_ps(*maximum), high1 = high0;
    double squares = 0;
    while (count - index >= 8) {
        long end = index + SQUARES_RUN < count ? index + SQUARES_RUN : count;
        __m128 sum0 = _mm_setzero_ps(), sum1 = _mm_setzero_ps();
        for (; index + 8 <= end; index += 8) {
            __m128 a = _mm_loadu_ps(samples + index), b = _mm_loadu_ps(samples + index + 4);
            low0 = _mm_min_ps(a, low0);
            low1 = _mm_min_ps(b, low1);
            high0 = _mm_max_ps(a, high0);
            high1 = _mm_max_ps(b, high1);
            sum0 = _mm_add_ps(sum0, _mm_mul_ps(a, a));
            sum1 = _mm_add_ps(sum1, _mm_mul_ps(b, b));
        }
        float lanes[4];
        _mm_storeu_ps(lanes, _mm_add_ps(sum0, sum1));
        squares += (double)lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    float lows[4], highs[4];
    _mm_storeu_ps(lows, _mm_min_ps(low0, low1));
    _mm_storeu_ps(highs, _mm_max_ps(high0, high1));
    float low = *minimum, high = *maximum;
    for (int lane = 0; lane < 4; lane++) {
        if (lows[lane] < low) low = lows[lane];
        if (highs[lane] > high) high = highs[lane];
    }
    *minimum = low;
    *maximum = high;
    *total += squares;
    summarize_scalar(samples + index, count - index, minimum, maximum, total);
}

__attribute__((target("avx,fma"))) static void summarize_avx(
    const float *samples, long count, float *minimum, float *maximum, double *total) {
    long index = 0;
    __m256 low0 = _mm256_set1_ps(*minimum), low1 = low0, high0 = _mm256_set1_ps(*maximum), high1 = high0;
    double squares = 0;
    while (count - index >= 16) {
        long end = index + SQUARES_RUN < count ? index + SQUARES_RUN : count;
        __m256 sum0 = _mm256_setzero_ps(), sum1 = _mm256_setzero_ps();
        for (; index + 16 <= end; index += 16) {
            __m256 a = _mm256_loadu_ps(samples + index), b = _mm256_loadu_ps(samples + index + 8);
            low0 = _mm256_min_ps(a, low0);
            low1 = _mm256_min_ps(b, low1);
            high0 = _mm256_max_ps(a, high0);
            high1 = _mm256_max_ps(b, high1);
            sum0 = _mm256_fmadd_ps(a, a, sum0);
            sum1 = _mm256_fmadd_ps(b, b, sum1);
        }
        float lanes[8];
        _mm256_storeu_ps(lanes, _mm256_add_ps(sum0, sum1));
        for (int lane = 0; lane < 8; lane++) squares += lanes[lane];
    }
    float lows[8], highs[8];
    _mm256_storeu_ps(lows, _mm256_min_ps(low0, low1));
    _mm256_storeu_ps(highs, _mm256_max_ps(high0, high1));
    float low = *minimum, high = *maximum;
    for (int lane = 0; lane < 8; lane++) {
        if (lows[lane] < low) low = lows[lane];
        if (highs[lane] > high) high = highs[lane];
    }
    *minimum = low;
    *maximum = high;
    *total += squares;
    summarize_scalar(samples + index, count - index, minimum, maximum, total);
}
#endif

typedef void (*summarize_function)(const float *, long, float *, float *, double *);

static summarize_function pick_summarize(void) {
#ifdef DECIBEL_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx") && __builtin_cpu_supports("fma")) return summarize_avx;
    return summarize_sse2;
#else
    return summarize_scalar;
#endif
}

int decibel_simd_uses_avx(void) {
#ifdef DECIBEL_X86
    return pick_summarize() == summarize_avx;
#else
    return 0;
#endif
}

void decibel_summarize(const float *samples, long count, float *minimum, float *maximum, double *sum_of_squares) {
    // Picked once; a racing first call picks the same function, so the plain static is harmless.
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
#ifdef DECIBEL_X86
    summarize_sse2(samples, count, minimum, maximum, sum_of_squares);
#else
    summarize_scalar(samples, count, minimum, maximum, sum_of_squares);
#endif
}
