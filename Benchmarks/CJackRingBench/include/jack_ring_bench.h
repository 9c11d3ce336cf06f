#ifndef DECIBEL_JACK_RING_BENCH_H
#define DECIBEL_JACK_RING_BENCH_H
#include <stdint.h>

/// Moves `total_frames` interleaved stereo float frames through a jack_ringbuffer_t of
/// `capacity_frames` frames, from a producer thread writing blocks of `block_frames` to a consumer
/// thread reading blocks of the same size. Returns the elapsed seconds, or -1 on error. The consumer
/// checks the sequence, so a broken run is reported as -2.
double decibel_bench_jack_ringbuffer(int64_t total_frames, int block_frames, int capacity_frames);

/// The ring's own cost without a second thread: one thread writes a block of `block_frames` interleaved
/// stereo frames and reads it back, `total_frames / block_frames` times, so cache-line transfers and
/// scheduling (which dominate and vary on virtual machines) stay out of the figure. Returns seconds,
/// -1 on error, -2 if a frame came back wrong.
double decibel_bench_jack_ringbuffer_single(int64_t total_frames, int block_frames, int capacity_frames);

/// Two plain `memcpy`s of `block_frames` stereo float frames per block (in → middle → out), as a ring's write
/// and read copy them, `total_frames / block_frames` times: the floor a copying ring is held to. `middle` holds
/// `capacity_frames` frames and each block goes to the next place in it, wrapping, as in a ring of that
/// capacity: the same bytes through the same amount of memory. `block_frames` must divide `capacity_frames`.
/// Seconds, -1 for sizes that do not fit, -2 if a frame came back wrong.
double decibel_bench_memcpy_single(int64_t total_frames, int block_frames, int capacity_frames);

/// What a producer without a zero-copy ring does: renders each block (a ramp, interleaved stereo) into a
/// buffer, writes it into a jack_ringbuffer, reads it back into another, and looks at its first and last
/// frame (the reader's work). Returns seconds (-1 on error) and the reader's checksum in `sum`, which the
/// Swift side must match.
double decibel_bench_jack_render_through(int64_t total_frames, int block_frames, int capacity_frames, double *sum);
#endif
