// aubio's pitch detector driven from C, the peer DecibelAnalysis's PitchDetector is measured against
// (analysis-bench only; nothing in Decibel links aubio).
#ifndef DECIBEL_AUBIO_BENCH_H
#define DECIBEL_AUBIO_BENCH_H

/// Runs aubio_pitch_do (`method`, e.g. "yinfft" or "yin") over `frames` samples in hops of `hop` with a
/// `buffer`-sample window, `repeats` times; writes the last pass's estimate per hop (Hz, 0 for none) to
/// `estimates` (frames / hop values) and returns the microseconds per hop.
double decibel_bench_aubio_pitch(const char *method, const float *samples, int frames, int buffer, int hop,
                                 int sample_rate, int repeats, float *estimates);

#endif
