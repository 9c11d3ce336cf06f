#include "fft_compare.h"
#include <fftw3.h>
#include <kissfft/kiss_fftr.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

double decibel_bench_fftw_microseconds(int size, int iterations) {
    float *input = fftwf_alloc_real(size);
    fftwf_complex *output = fftwf_alloc_complex(size / 2 + 1);
    fftwf_plan plan = fftwf_plan_dft_r2c_1d(size, input, output, FFTW_MEASURE);
    for (int i = 0; i < size; i++) input[i] = sinf(i * 0.1f);
    double start = now_seconds();
    for (int i = 0; i < iterations; i++) fftwf_execute(plan);
    double elapsed = now_seconds() - start;
    fftwf_destroy_plan(plan);
    fftwf_free(input);
    fftwf_free(output);
    return elapsed / iterations * 1e6;
}

double decibel_bench_kissfft_microseconds(int size, int iterations) {
    float *input = malloc(sizeof(float) * size);
    kiss_fft_cpx *output = malloc(sizeof(kiss_fft_cpx) * (size / 2 + 1));
    kiss_fftr_cfg configuration = kiss_fftr_alloc(size, 0, NULL, NULL);
    for (int i = 0; i < size; i++) input[i] = sinf(i * 0.1f);
    double start = now_seconds();
    for (int i = 0; i < iterations; i++) kiss_fftr(configuration, input, output);
    double elapsed = now_seconds() - start;
    kiss_fftr_free(configuration);
    free(input);
    free(output);
    return elapsed / iterations * 1e6;
}
