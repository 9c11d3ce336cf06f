// Counts heap allocations in the benchmark process: malloc, calloc, realloc and the aligned variants are
// wrapped (glibc's __libc_* entry points do the work), so a benchmark can read how many allocations a
// stretch of code made. Linked into an executable, these definitions take the place of libc's for the
// whole process, Swift's runtime included.
#ifndef DECIBEL_MALLOC_COUNT_H
#define DECIBEL_MALLOC_COUNT_H

/// Allocations made so far by every thread.
unsigned long decibel_bench_allocation_count(void);

#endif
