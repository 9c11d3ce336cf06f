// Cache hints for render loops that know which memory the next block reads. Written for Decibel;
// MIT-licensed with the rest of the package.
#ifndef DECIBEL_PREFETCH_H
#define DECIBEL_PREFETCH_H

/// Asks the CPU to bring the `bytes` bytes at `address` into cache ahead of use. Only a hint: it never
/// faults, even past the end of a mapping, and changes no result.
static inline void decibel_prefetch(const void *address, long bytes) {
    const char *start = (const char *)address;
    for (long offset = 0; offset < bytes; offset += 64) __builtin_prefetch(start + offset, 0, 3);
}

#endif
