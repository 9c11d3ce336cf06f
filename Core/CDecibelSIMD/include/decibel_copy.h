// Sample copies for planar rings: every channel's run in one call, mid-length runs on AMD without a library call.
// Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_COPY_H
#define DECIBEL_COPY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The run lengths, in samples, that `decibel_copy_planes` hands to `decibel_copy_planes_mid`.
enum { DECIBEL_COPY_MID_SHORTEST = 512, DECIBEL_COPY_MID_LONGEST = 4096 };

/// Runs of `DECIBEL_COPY_MID_SHORTEST` to `DECIBEL_COPY_MID_LONGEST` samples, out of line.
void decibel_copy_planes_mid(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count);

/// Copies `count` samples of each of `channels` channels: from `sources[c] + source_offset` to
/// `destinations[c] + destination_offset`. Source and destination runs must not overlap. On AMD CPUs with AVX2,
/// mid-length runs (see above) are moved in vector registers (glibc's `rep movsb` is slower there), others by
/// `memcpy`; the choice is made once. Neither allocates nor locks.
/// Inline, so a short copy is the caller's `memcpy` calls and no call around them: at 64 frames a ring's
/// write and read are a few dozen nanoseconds, and a call with its saved registers was a third of them.
static inline void decibel_copy_planes(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count) {
    if (count >= DECIBEL_COPY_MID_SHORTEST && count <= DECIBEL_COPY_MID_LONGEST) {
        decibel_copy_planes_mid(destinations, destination_offset, sources, source_offset, channels, count);
        return;
    }
    for (long c = 0; c < channels; c++) {
        __builtin_memcpy(
            destinations[c] + destination_offset, sources[c] + source_offset, (size_t)count * sizeof(float));
    }
}

/// The same with the baseline (16-byte) vectors whatever the CPU has, for tests of that path.
void decibel_copy_planes_portable(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count);

#ifdef __cplusplus
}
#endif
#endif
