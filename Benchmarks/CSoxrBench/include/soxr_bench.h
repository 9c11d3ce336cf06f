#ifndef SOXR_BENCH_H
#define SOXR_BENCH_H

/// The work of Decibel's stream adapters done with libsoxr from plain C, the peer they are measured
/// against. Each runs `warmup` untimed blocks, then `blocks` timed ones, and returns the timed seconds.

/// Capture: 48 kHz stereo blocks of `frames` averaged to mono, then resampled to 16 kHz (soxr VHQ).
double soxr_bench_capture(int warmup, int blocks, int frames);
/// Playback: 44.1 kHz stereo blocks of `frames` resampled to 48 kHz (soxr VHQ).
double soxr_bench_playback(int warmup, int blocks, int frames);
/// Two clocks, the input's `drift` (1e-4 is 100 ppm) fast: stereo blocks of `frames` copied into a ring on
/// the input's clock and read out on the output's through soxr's variable-rate mode (HQ) at the ratio
/// 1 + drift, set every block; `blocks` counts output blocks.
double soxr_bench_bridge(int warmup, int blocks, int frames, double drift);

#endif
