#ifndef GRAPH_BENCH_FLOOR_H
#define GRAPH_BENCH_FLOOR_H

/// Mixes `count` looping stereo sources (planes `left[i]`, `right[i]`, `length` frames each, read
/// position `positions[i]`) into `out_left`/`out_right` (overwritten) for `frames` frames.
void decibel_bench_mix(const float *const *left, const float *const *right, int count, int length,
                       int *positions, float *out_left, float *out_right, int frames);

/// Applies `n` gain stages of `gain` to a stereo block, each stage copying into the next buffer as a
/// graph of separate nodes does (`a` and `b` alternate), and returns the buffer holding the result.
float *decibel_bench_gain_chain(float *a_left, float *a_right, float *b_left, float *b_right,
                                int n, float gain, int frames, float **result_right);

#endif
