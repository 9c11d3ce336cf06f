// The inner loop of Decibel's true-peak meter (ITU-R BS.1770-4 Annex 2), in C so that it runs at a useful
// speed in a debug build too: as generic Swift SIMD code it was not optimised there, and the EBU loudness
// tests took 223 s in a debug build (14 s now). Written for Decibel; MIT-licensed with the package.
#ifndef DECIBEL_TRUE_PEAK_H
#define DECIBEL_TRUE_PEAK_H

#ifdef __cplusplus
extern "C" {
#endif

/// The number of interpolation phases the coefficients hold per tap (unused phases are zero).
#define DECIBEL_TRUE_PEAK_PHASES 4
/// The filter's length in input samples.
#define DECIBEL_TRUE_PEAK_TAPS 24

/// The largest magnitude of `count` samples interpolated by a polyphase FIR filter.
///
/// `coefficients` holds `DECIBEL_TRUE_PEAK_TAPS * DECIBEL_TRUE_PEAK_PHASES` floats, tap by tap, the phases
/// of a tap side by side. `history` holds `2 * DECIBEL_TRUE_PEAK_TAPS` floats: the channel's last inputs
/// written twice, so that a window is always contiguous; `position` is the slot the next input goes to (the
/// caller advances it by `count` modulo the taps after every channel of a block). Neither allocates nor locks.
float decibel_true_peak_block(
    const float *coefficients, float *history, int position, const float *samples, int count);

#ifdef __cplusplus
}
#endif

#endif
