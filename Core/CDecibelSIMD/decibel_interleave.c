#include "decibel_interleave.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/// Eight frames a step: both channels scaled, NaN zeroed (an ordered compare is false only for NaN),
/// clipped, rounded by the conversion (MXCSR's default round-to-nearest-even, which Swift never changes),
/// packed with saturation (lane by lane: L0-3 R0-3 | L4-7 R4-7) and shuffled to L R pairs within each lane.
__attribute__((target("avx2"))) static long interleave_avx2(
    const float *left, const float *right, long frames, char *destination) {
    const __m256 scale = _mm256_set1_ps(32768.0f), lowest = _mm256_set1_ps(-32768.0f),
                 highest = _mm256_set1_ps(32767.0f);
    const __m256i pairs = _mm256_setr_epi8(
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    long index = 0;
    for (; index + 8 <= frames; index += 8) {
        __m256 l = _mm256_mul_ps(_mm256_loadu_ps(left + index), scale);
        __m256 r = _mm256_mul_ps(_mm256_loadu_ps(right + index), scale);
        l = _mm256_and_ps(l, _mm256_cmp_ps(l, l, _CMP_ORD_Q));
        r = _mm256_and_ps(r, _mm256_cmp_ps(r, r, _CMP_ORD_Q));
        l = _mm256_min_ps(_mm256_max_ps(l, lowest), highest);
        r = _mm256_min_ps(_mm256_max_ps(r, lowest), highest);
        __m256i packed = _mm256_packs_epi32(_mm256_cvtps_epi32(l), _mm256_cvtps_epi32(r));
        _mm256_storeu_si256((__m256i *)(destination + 4 * index), _mm256_shuffle_epi8(packed, pairs));
    }
    return index;
}
#endif

long decibel_interleave_int16_stereo(const float *left, const float *right, long frames, void *destination) {
#if defined(__x86_64__) || defined(__i386__)
    // Looked up once (cpuid: no lock, no system call); a racing first call finds the same answer.
    static int has_avx2 = -1;
    int known = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (known < 0) {
        __builtin_cpu_init();
        known = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&has_avx2, known, __ATOMIC_RELAXED);
    }
    if (known) return interleave_avx2(left, right, frames, (char *)destination);
#endif
    (void)left, (void)right, (void)frames, (void)destination;
    return 0;
}
