#ifndef DECIBEL_JACK_RING_BENCH_H
#define DECIBEL_JACK_RING_BENCH_H
#include <stdint.h>

/// Moves `total_frames` interleaved stereo float frames through a jack_ringbuffer_t of
/// `capacity_frames` frames, from a producer thread writing blocks of `block_frames` to a consumer
/// thread reading blocks of the same size. Returns the elapsed seconds, or -1 on error. The consumer
/// checks the sequence, so a broken run is reported as -2.
double decibel_bench_jack_ringbuffer(int64_t total_frames, int block_frames, int capacity_frames);
#endif
