#ifndef DECIBEL_SNDFILE_H
#define DECIBEL_SNDFILE_H

#include <sndfile.h>

// Things Swift cannot see through the plain headers: function-like macros and unsigned casts.

/// The major (container) part of a libsndfile format word.
static inline int decibel_sndfile_major(int format) { return format & SF_FORMAT_TYPEMASK; }
/// The subtype (encoding) part of a libsndfile format word.
static inline int decibel_sndfile_subtype(int format) { return format & SF_FORMAT_SUBMASK; }
/// The endianness part of a libsndfile format word.
static inline int decibel_sndfile_endian(int format) { return format & SF_FORMAT_ENDMASK; }

#endif
