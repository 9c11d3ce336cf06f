#include "jack_ring_bench.h"
#include <jack/ringbuffer.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    jack_ringbuffer_t *ring;
    int64_t total;
    int block;
    int broken;
} bench_t;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *produce(void *arg) {
    bench_t *b = arg;
    float *block = calloc(2 * (size_t)b->block, sizeof(float));
    size_t bytes = sizeof(float) * 2 * (size_t)b->block;
    for (int64_t next = 0; next < b->total; next += b->block) {
        // Stamp only the frames the consumer checks, exactly as the Swift producer does.
        block[0] = (float)(next & 0xFFFFFF);
        block[2 * b->block - 1] = -(float)((next + b->block - 1) & 0xFFFFFF);
        size_t sent = 0;
        while (sent < bytes) {
            size_t n = jack_ringbuffer_write(b->ring, (const char *)block + sent, bytes - sent);
            sent += n;
            if (n == 0) sched_yield();
        }
    }
    free(block);
    return NULL;
}

double decibel_bench_jack_ringbuffer(int64_t total_frames, int block_frames, int capacity_frames) {
    bench_t b = {0};
    b.ring = jack_ringbuffer_create(sizeof(float) * 2 * (size_t)capacity_frames);
    if (!b.ring) return -1;
    b.total = total_frames;
    b.block = block_frames;
    float *block = malloc(sizeof(float) * 2 * (size_t)block_frames);
    size_t bytes = sizeof(float) * 2 * (size_t)block_frames;
    pthread_t producer;
    double start = now();
    pthread_create(&producer, NULL, produce, &b);
    for (int64_t next = 0; next < total_frames; next += block_frames) {
        size_t got = 0;
        while (got < bytes) {
            size_t n = jack_ringbuffer_read(b.ring, (char *)block + got, bytes - got);
            got += n;
            if (n == 0) sched_yield();
        }
        if (block[0] != (float)(next & 0xFFFFFF) || block[2 * block_frames - 1] != -(float)((next + block_frames - 1) & 0xFFFFFF)) b.broken = 1;
    }
    double elapsed = now() - start;
    pthread_join(producer, NULL);
    free(block);
    jack_ringbuffer_free(b.ring);
    return b.broken ? -2 : elapsed;
}

double decibel_bench_jack_ringbuffer_single(int64_t total_frames, int block_frames, int capacity_frames) {
    jack_ringbuffer_t *ring = jack_ringbuffer_create(sizeof(float) * 2 * (size_t)capacity_frames);
    if (!ring) return -1;
    size_t bytes = sizeof(float) * 2 * (size_t)block_frames;
    float *in = calloc(2 * (size_t)block_frames, sizeof(float));
    float *out = calloc(2 * (size_t)block_frames, sizeof(float));
    int broken = 0;
    double start = now();
    for (int64_t next = 0; next < total_frames; next += block_frames) {
        in[0] = (float)(next & 0xFFFFFF);
        if (jack_ringbuffer_write(ring, (const char *)in, bytes) != bytes) broken = 1;
        if (jack_ringbuffer_read(ring, (char *)out, bytes) != bytes) broken = 1;
        if (out[0] != in[0]) broken = 1;
    }
    double elapsed = now() - start;
    free(in);
    free(out);
    jack_ringbuffer_free(ring);
    return broken ? -2 : elapsed;
}

double decibel_bench_memcpy_single(int64_t total_frames, int block_frames, int capacity_frames) {
    if (block_frames <= 0 || capacity_frames < block_frames || capacity_frames % block_frames != 0) return -1;
    size_t bytes = sizeof(float) * 2 * (size_t)block_frames;
    // The middle is as large as the ring's storage: a 1024-frame block copied through one 8 KB middle stays in
    // L1, where no ring of 8192 frames (64 KB) can be.
    int64_t slots = capacity_frames / block_frames;
    float *in = calloc(2 * (size_t)block_frames, sizeof(float));
    float *middle = calloc(2 * (size_t)capacity_frames, sizeof(float));
    float *out = calloc(2 * (size_t)block_frames, sizeof(float));
    int broken = 0;
    double start = now();
    int64_t slot = 0;
    for (int64_t next = 0; next < total_frames; next += block_frames) {
        float *place = middle + 2 * (size_t)block_frames * (size_t)slot;
        slot = slot + 1 == slots ? 0 : slot + 1;
        in[0] = (float)(next & 0xFFFFFF);
        memcpy(place, in, bytes);
        // Two real copies, as a ring's write and read make: `place` and `out` escape into the barrier.
        __asm__ volatile("" : : "r"(place), "r"(out) : "memory");
        memcpy(out, place, bytes);
        __asm__ volatile("" : : "r"(place), "r"(out) : "memory");
        if (out[0] != in[0]) broken = 1;
    }
    double elapsed = now() - start;
    free(in), free(middle), free(out);
    return broken ? -2 : elapsed;
}

double decibel_bench_jack_render_through(int64_t total_frames, int block_frames, int capacity_frames, double *sum) {
    jack_ringbuffer_t *ring = jack_ringbuffer_create(sizeof(float) * 2 * (size_t)capacity_frames);
    if (!ring) return -1;
    size_t bytes = sizeof(float) * 2 * (size_t)block_frames;
    float *rendered = calloc(2 * (size_t)block_frames, sizeof(float));
    float *out = calloc(2 * (size_t)block_frames, sizeof(float));
    float total = 0;
    double start = now();
    for (int64_t next = 0; next < total_frames; next += block_frames) {
        int32_t first = (int32_t)next;
        for (int32_t i = 0; i < block_frames; i++) {  // the render: a ramp, left and right inverted
            float value = (float)((first + i) & 0xFFFF) * (1.0f / 65536);
            rendered[2 * i] = value;
            rendered[2 * i + 1] = -value;
        }
        jack_ringbuffer_write(ring, (const char *)rendered, bytes);
        jack_ringbuffer_read(ring, (char *)out, bytes);
        total += out[0] - out[2 * block_frames - 1];  // the reader's look at the block, as on the Swift side
    }
    double elapsed = now() - start;
    *sum = total;
    free(rendered), free(out);
    jack_ringbuffer_free(ring);
    return elapsed;
}
