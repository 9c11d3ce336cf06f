// Sample copies for planar rings: every channel's run in one call, mid-length runs on AMD without a library call.
// Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_COPY_H
#define DECIBEL_COPY_H

#ifdef __cplusplus
extern "C" {
#endif

/// Copies `count` samples of each of `channels` channels: from `sources[c] + source_offset` to
/// `destinations[c] + destination_offset`. Source and destination runs must not overlap. On AMD CPUs with AVX2,
/// runs of 512 to 4096 samples are moved in vector registers (glibc's `rep movsb` is slower there), others by
/// `memcpy`; the choice is made once. Neither allocates nor locks.
void decibel_copy_planes(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count);

/// The same with the baseline (16-byte) vectors whatever the CPU has, for tests of that path.
void decibel_copy_planes_portable(
    float *const *destinations, long destination_offset, const float *const *sources, long source_offset,
    long channels, long count);

#ifdef __cplusplus
}
#endif
#endif
