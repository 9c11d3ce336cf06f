// Stereo Float to interleaved 16-bit samples with AVX2, for the streams that run at 16 bits (PulseAudio's
// and ALSA's usual format). Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_INTERLEAVE_H
#define DECIBEL_INTERLEAVE_H

#ifdef __cplusplus
extern "C" {
#endif

/// Encodes the first frames of `left` and `right` as interleaved 16-bit samples (L R L R …) into `destination`:
/// each sample times 32768, NaN as 0, clipped to -32768 … 32767, rounded to nearest-even, bit for bit as
/// `SampleCoding.int16(from:)`. Returns how many frames it encoded: a multiple of 8 up to `frames` where the
/// CPU has AVX2, else 0; the caller encodes the rest. `destination` needs no alignment. Neither allocates nor
/// locks.
long decibel_interleave_int16_stereo(const float *left, const float *right, long frames, void *destination);

#ifdef __cplusplus
}
#endif
#endif
