#include "decibel_fft.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef float v8 __attribute__((vector_size(32), aligned(32)));
typedef float v8u __attribute__((vector_size(32), aligned(4)));  // for the caller's arrays

typedef struct {
    int radix;   // 4 or 2
    int stride;  // s
    int span;    // m = n / 4 for radix 4
    const float *twiddles;
} decibel_fft_stage;

struct decibel_fft {
    int size, half, quarter, stage_count, uses_avx2;
    decibel_fft_stage stages[16];
    float *buffers[4];  // real and imaginary parts of the two half-size buffers the passes alternate
    float *post_real, *post_imaginary;  // W_size^k for k in 0...size/4, for splitting the half-size result
    float *memory;
    void (*forward)(decibel_fft *, const float *, float *, float *);
    void (*inverse)(decibel_fft *, const float *, const float *, float *);
};

#define REVERSED(v) __builtin_shufflevector((v), (v), 7, 6, 5, 4, 3, 2, 1, 0)

#define KERNEL(name) name##_avx2
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#include "decibel_fft_kernels.h"
#pragma clang attribute pop
#undef KERNEL

#define KERNEL(name) name##_baseline
#include "decibel_fft_kernels.h"
#undef KERNEL

static int is_power_of_two(int value) { return value > 0 && (value & (value - 1)) == 0; }

/// Lays out the passes and returns how many twiddle floats they need.
static size_t plan_stages(decibel_fft *fft) {
    size_t floats = 0;
    int n = fft->half, stride = 1;
    fft->stage_count = 0;
    while (n >= 4) {
        int span = n / 4;
        fft->stages[fft->stage_count++] = (decibel_fft_stage){.radix = 4, .stride = stride, .span = span};
        floats += 6 * (size_t)(stride < 8 ? fft->quarter : span);
        stride *= 4;
        n /= 4;
    }
    if (n == 2) fft->stages[fft->stage_count++] = (decibel_fft_stage){.radix = 2, .stride = stride};
    return floats;
}

/// Fills a radix-4 pass's twiddles W_n^(r·p), r = 1…3, real and imaginary, either one per p or
/// expanded to one per i = s·p + q (the interleaved passes read them as vectors along i).
static void fill_twiddles(decibel_fft *fft, decibel_fft_stage *stage, float *out) {
    int n = stage->span * 4, count = stage->stride < 8 ? fft->quarter : stage->span;
    for (int index = 0; index < count; index++) {
        int p = stage->stride < 8 ? index / stage->stride : index;
        for (int r = 1; r <= 3; r++) {
            double angle = -2.0 * M_PI * (double)(r * p) / n;
            out[(2 * r - 2) * count + index] = (float)cos(angle);
            out[(2 * r - 1) * count + index] = (float)sin(angle);
        }
    }
    stage->twiddles = out;
}

static int cpu_has_avx2(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}

static decibel_fft *create(int size, int allow_avx2) {
    if (size < DECIBEL_FFT_MINIMUM_SIZE || size > (1 << 26) || !is_power_of_two(size)) return NULL;
    decibel_fft *fft = calloc(1, sizeof(decibel_fft));
    if (!fft) return NULL;
    fft->size = size;
    fft->half = size / 2;
    fft->quarter = size / 8;
    size_t twiddle_floats = plan_stages(fft);
    size_t post_floats = (size_t)(fft->half / 2 + 8);  // padded: the vector loops read a little past
    size_t total = 4 * (size_t)fft->half + twiddle_floats + 2 * post_floats;
    fft->memory = aligned_alloc(64, ((total * sizeof(float)) + 63) / 64 * 64);
    if (!fft->memory) {
        free(fft);
        return NULL;
    }
    memset(fft->memory, 0, total * sizeof(float));
    float *cursor = fft->memory;
    for (int index = 0; index < 4; index++, cursor += fft->half) fft->buffers[index] = cursor;
    for (int index = 0; index < fft->stage_count; index++) {
        decibel_fft_stage *stage = &fft->stages[index];
        if (stage->radix != 4) continue;
        fill_twiddles(fft, stage, cursor);
        cursor += 6 * (stage->stride < 8 ? fft->quarter : stage->span);
    }
    fft->post_real = cursor;
    fft->post_imaginary = cursor + post_floats;
    for (int k = 0; k <= fft->half / 2; k++) {
        double angle = -2.0 * M_PI * k / size;
        fft->post_real[k] = (float)cos(angle);
        fft->post_imaginary[k] = (float)sin(angle);
    }
    fft->uses_avx2 = allow_avx2 && cpu_has_avx2();
    fft->forward = fft->uses_avx2 ? forward_avx2 : forward_baseline;
    fft->inverse = fft->uses_avx2 ? inverse_avx2 : inverse_baseline;
    return fft;
}

decibel_fft *decibel_fft_create(int size) { return create(size, 1); }

decibel_fft *decibel_fft_create_portable(int size) { return create(size, 0); }

void decibel_fft_destroy(decibel_fft *fft) {
    if (!fft) return;
    free(fft->memory);
    free(fft);
}

int decibel_fft_uses_avx2(const decibel_fft *fft) { return fft->uses_avx2; }

void decibel_fft_forward(decibel_fft *fft, const float *input, float *real, float *imaginary) {
    fft->forward(fft, input, real, imaginary);
}

void decibel_fft_inverse(decibel_fft *fft, const float *real, const float *imaginary, float *output) {
    fft->inverse(fft, real, imaginary, output);
}
