#include "decibel_copy.h"

#include <string.h>

// glibc's memcpy is hard to beat on short runs, but from a few KB it switches to `rep movsb`, which on AMD EPYC
// moved 4 KB at about two thirds the speed of AVX2 moves (ring-bench, block 1024). There, mid-length runs
// (DECIBEL_COPY_MID_SHORTEST to DECIBEL_COPY_MID_LONGEST samples, which decibel_copy.h's inline function hands to
// `decibel_copy_planes_mid`) are moved here in whole
// vectors, the last one overlapping the one before when the length is not a multiple (sources and destinations
// never overlap). Elsewhere memcpy stays: on an Intel Xeon with AVX-512 it beat these moves at every length,
// 1.3x at 1024 samples and 2x at 4096 (two planes written into a 32 KB ring and read back, alternating in one
// process).
// 256-bit vectors at most: 512-bit stores lower the clock of some Intel CPUs for every thread on the core.

typedef float v8u __attribute__((vector_size(32), aligned(4)));
typedef float v4u __attribute__((vector_size(16), aligned(4)));

// no_builtin: the loops must not be turned back into the memcpy calls they replace.
#define COPY_RUN(name, vector, lanes, attributes)                                                                   \
    static attributes __attribute__((no_builtin("memcpy"))) void name(float *d, const float *s, long n) {           \
        if (n < lanes) {                                                                                             \
            for (long i = 0; i < n; i++) d[i] = s[i];                                                                \
            return;                                                                                                  \
        }                                                                                                            \
        long i = 0;                                                                                                  \
        for (; i + 2 * lanes <= n; i += 2 * lanes) {                                                                 \
            vector a = *(const vector *)(s + i), b = *(const vector *)(s + i + lanes);                               \
            *(vector *)(d + i) = a;                                                                                  \
            *(vector *)(d + i + lanes) = b;                                                                          \
        }                                                                                                            \
        if (i + lanes <= n) {                                                                                        \
            *(vector *)(d + i) = *(const vector *)(s + i);                                                           \
            i += lanes;                                                                                              \
        }                                                                                                            \
        if (i < n) *(vector *)(d + n - lanes) = *(const vector *)(s + n - lanes);                                    \
    }

COPY_RUN(copy_baseline, v4u, 4, )
#if defined(__x86_64__) || defined(__i386__)
COPY_RUN(copy_avx2, v8u, 8, __attribute__((target("avx2"))))
#endif

typedef void (*copy_function)(float *, const float *, long);

static void copy_library(float *d, const float *s, long n) { memcpy(d, s, (size_t)n * sizeof(float)); }

static copy_function pick_copy(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_is("amd") && __builtin_cpu_supports("avx2")) return copy_avx2;
#endif
    return copy_library;
}

void decibel_copy_planes_mid(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count) {
    // Picked once; a racing first call picks the same function, so a relaxed store is enough.
    static copy_function chosen = 0;
    copy_function copy = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!copy) {
        copy = pick_copy();
        __atomic_store_n(&chosen, copy, __ATOMIC_RELAXED);
    }
    for (long c = 0; c < channels; c++) copy(destinations[c] + destination_offset, sources[c] + source_offset, count);
}

void decibel_copy_planes_portable(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count) {
    for (long c = 0; c < channels; c++) {
        copy_baseline(destinations[c] + destination_offset, sources[c] + source_offset, count);
    }
}
