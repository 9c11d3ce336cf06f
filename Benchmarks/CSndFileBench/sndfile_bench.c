#include "sndfile_bench.h"

#include <math.h>
#include <samplerate.h>
#include <sndfile.h>
#include <stdlib.h>
#include <time.h>

static double decibel_bench_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

decibel_bench_result decibel_bench_sndfile_decode(const char *path, int block_frames) {
    decibel_bench_result result = {0, 0, 0, 0};
    double start = decibel_bench_now();
    SF_INFO info = {0};
    SNDFILE *file = sf_open(path, SFM_READ, &info);
    if (file == NULL) {
        result.error = sf_error(NULL);
        return result;
    }
    float *block = malloc(sizeof(float) * (size_t)block_frames * (size_t)info.channels);
    sf_count_t got;
    while ((got = sf_readf_float(file, block, block_frames)) > 0) {
        result.frames += got;
        result.checksum += block[0];
    }
    free(block);
    sf_close(file);
    result.seconds = decibel_bench_now() - start;
    return result;
}

decibel_bench_result decibel_bench_libsamplerate(int input_rate, int output_rate, int seconds, int best) {
    decibel_bench_result result = {0, 0, 0, 0};
    const long frames = (long)input_rate * seconds;
    const double ratio = (double)output_rate / input_rate;
    float *input = malloc(sizeof(float) * 2 * (size_t)frames);
    long capacity = (long)(frames * ratio) + 4096;
    float *output = malloc(sizeof(float) * 2 * (size_t)capacity);
    for (long i = 0; i < frames; i++) {
        input[2 * i] = input[2 * i + 1] = (float)(0.5 * sin(2 * M_PI * 1000.0 * i / input_rate));
    }
    int error = 0;
    SRC_STATE *state = src_new(best ? SRC_SINC_BEST_QUALITY : SRC_SINC_MEDIUM_QUALITY, 2, &error);
    if (state == NULL) {
        result.error = error;
        free(input);
        free(output);
        return result;
    }
    double start = decibel_bench_now();
    long consumed = 0, produced = 0;
    SRC_DATA data = {0};
    data.src_ratio = ratio;
    while (consumed < frames) {
        long block = frames - consumed < 512 ? frames - consumed : 512;
        data.data_in = input + 2 * consumed;
        data.input_frames = block;
        data.data_out = output + 2 * produced;
        data.output_frames = capacity - produced;
        data.end_of_input = 0;
        if ((result.error = src_process(state, &data)) != 0) break;
        consumed += data.input_frames_used;
        produced += data.output_frames_gen;
    }
    result.seconds = decibel_bench_now() - start;
    result.frames = produced;
    result.checksum = produced > 0 ? output[produced] : 0;
    src_delete(state);
    free(input);
    free(output);
    return result;
}
