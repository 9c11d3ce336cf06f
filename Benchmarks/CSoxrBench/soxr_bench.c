#include "soxr_bench.h"

#include <math.h>
#include <soxr.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void fill_sine(float *samples, int frames, double step) {
    for (int i = 0; i < frames; i++) samples[i] = (float)(0.5 * sin(step * i));
}

static soxr_t make(double in, double out, unsigned channels, unsigned long recipe, unsigned long flags) {
    soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_S, SOXR_FLOAT32_S);
    soxr_quality_spec_t quality = soxr_quality_spec(recipe, flags);
    soxr_runtime_spec_t runtime = soxr_runtime_spec(1);
    return soxr_create(in, out, channels, NULL, &io, &quality, &runtime);
}

double soxr_bench_capture(int warmup, int blocks, int frames) {
    float *left = malloc(sizeof(float) * frames), *right = malloc(sizeof(float) * frames);
    float *mono = malloc(sizeof(float) * frames), *out = malloc(sizeof(float) * (frames + 64));
    fill_sine(left, frames, 0.13);
    fill_sine(right, frames, 0.13);
    soxr_t soxr = make(48000, 16000, 1, SOXR_VHQ, 0);
    double start = 0;
    for (int block = 0; block < warmup + blocks; block++) {
        if (block == warmup) start = now();
        for (int i = 0; i < frames; i++) mono[i] = 0.5f * (left[i] + right[i]);
        size_t offset = 0;
        while (offset < (size_t)frames) {
            const float *in[1] = {mono + offset};
            float *outs[1] = {out};
            size_t done = 0, made = 0;
            soxr_process(soxr, in, frames - offset, &done, outs, frames + 64, &made);
            offset += done;
            if (done == 0 && made == 0) break;
        }
    }
    double seconds = now() - start;
    soxr_delete(soxr);
    free(left), free(right), free(mono), free(out);
    return seconds;
}

double soxr_bench_playback(int warmup, int blocks, int frames) {
    float *in0 = malloc(sizeof(float) * frames), *in1 = malloc(sizeof(float) * frames);
    int capacity = frames * 2 + 64;
    float *out0 = malloc(sizeof(float) * capacity), *out1 = malloc(sizeof(float) * capacity);
    fill_sine(in0, frames, 0.07);
    fill_sine(in1, frames, 0.07);
    soxr_t soxr = make(44100, 48000, 2, SOXR_VHQ, 0);
    double start = 0;
    for (int block = 0; block < warmup + blocks; block++) {
        if (block == warmup) start = now();
        size_t offset = 0;
        while (offset < (size_t)frames) {
            const float *in[2] = {in0 + offset, in1 + offset};
            float *outs[2] = {out0, out1};
            size_t done = 0, made = 0;
            soxr_process(soxr, in, frames - offset, &done, outs, capacity, &made);
            offset += done;
            if (done == 0 && made == 0) break;
        }
    }
    double seconds = now() - start;
    soxr_delete(soxr);
    free(in0), free(in1), free(out0), free(out1);
    return seconds;
}

double soxr_bench_bridge(int warmup, int blocks, int frames, double drift) {
    enum { ringFrames = 1 << 16 };
    float *ring[2] = {calloc(ringFrames, sizeof(float)), calloc(ringFrames, sizeof(float))};
    float *in[2] = {malloc(sizeof(float) * frames), malloc(sizeof(float) * frames)};
    float *out[2] = {malloc(sizeof(float) * frames), malloc(sizeof(float) * frames)};
    fill_sine(in[0], frames, 0.05);
    fill_sine(in[1], frames, 0.05);
    soxr_t soxr = make(1.02, 1, 2, SOXR_HQ, SOXR_VR);
    soxr_set_io_ratio(soxr, 1 + drift, 0);
    size_t writeAt = 3 * frames, readAt = 0;
    double inputTime = 0, outputTime = 0, start = 0;
    int outputs = 0;
    while (outputs < warmup + blocks) {
        if (inputTime <= outputTime) {  // the input side: into the ring
            for (int c = 0; c < 2; c++) {
                size_t first = ringFrames - writeAt % ringFrames;
                if (first > (size_t)frames) first = frames;
                memcpy(ring[c] + writeAt % ringFrames, in[c], first * sizeof(float));
                memcpy(ring[c], in[c] + first, (frames - first) * sizeof(float));
            }
            writeAt += frames;
            inputTime += frames / (48000.0 * (1 + drift));
            continue;
        }
        if (outputs == warmup) start = now();
        soxr_set_io_ratio(soxr, 1 + drift, frames);
        size_t made = 0;
        while (made < (size_t)frames && readAt < writeAt) {  // the output side: through soxr
            size_t offset = readAt % ringFrames, available = writeAt - readAt;
            size_t chunk = ringFrames - offset < available ? ringFrames - offset : available;
            const float *from[2] = {ring[0] + offset, ring[1] + offset};
            float *to[2] = {out[0] + made, out[1] + made};
            size_t done = 0, produced = 0;
            soxr_process(soxr, from, chunk, &done, to, frames - made, &produced);
            readAt += done;
            made += produced;
            if (done == 0 && produced == 0) break;
        }
        outputs++;
        outputTime += frames / 48000.0;
    }
    double seconds = now() - start;
    soxr_delete(soxr);
    for (int c = 0; c < 2; c++) free(ring[c]), free(in[c]), free(out[c]);
    return seconds;
}
