#ifndef DECIBEL_SNDFILE_BENCH_H
#define DECIBEL_SNDFILE_BENCH_H

/// What one timed run did.
typedef struct {
    long long frames;   ///< frames decoded or produced
    double seconds;     ///< wall time on CLOCK_MONOTONIC
    double checksum;    ///< a sum over the output, so the work cannot be optimised away
    int error;          ///< 0, or libsndfile's / libsamplerate's error code
} decibel_bench_result;

/// The plain C baseline: `sf_open` + `sf_readf_float` in `block_frames`-frame blocks to the end of the file,
/// into one interleaved buffer (what any C program using libsndfile does).
decibel_bench_result decibel_bench_sndfile_decode(const char *path, int block_frames);

/// libsamplerate (SRC_SINC_BEST_QUALITY when `best`, else SRC_SINC_MEDIUM_QUALITY) converting `seconds` of a
/// stereo 1 kHz sine from `input_rate` to `output_rate` in 512-frame blocks, for the resampler comparison.
decibel_bench_result decibel_bench_libsamplerate(int input_rate, int output_rate, int seconds, int best);

#endif
