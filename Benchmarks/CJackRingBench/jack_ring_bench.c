#include "jack_ring_bench.h"
#include <jack/ringbuffer.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
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
    float *block = malloc(sizeof(float) * 2 * (size_t)b->block);
    size_t bytes = sizeof(float) * 2 * (size_t)b->block;
    for (int64_t next = 0; next < b->total; next += b->block) {
        for (int i = 0; i < b->block; i++) {
            block[2 * i] = (float)((next + i) & 0xFFFFFF);
            block[2 * i + 1] = -block[2 * i];
        }
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
