#ifndef DECIBEL_SNDFILE_H
#define DECIBEL_SNDFILE_H

#include <sndfile.h>
#include <soxr.h>

// Things Swift cannot see through the plain headers: function-like macros and unsigned casts.

/// The major (container) part of a libsndfile format word.
static inline int decibel_sndfile_major(int format) { return format & SF_FORMAT_TYPEMASK; }
/// The subtype (encoding) part of a libsndfile format word.
static inline int decibel_sndfile_subtype(int format) { return format & SF_FORMAT_SUBMASK; }
/// The endianness part of a libsndfile format word.
static inline int decibel_sndfile_endian(int format) { return format & SF_FORMAT_ENDMASK; }

/// `SOXR_VHQ`, `SOXR_HQ` as plain values (they are macros over an enum in soxr.h).
static inline unsigned long decibel_soxr_quality_vhq(void) { return SOXR_VHQ; }
static inline unsigned long decibel_soxr_quality_hq(void) { return SOXR_HQ; }
static inline unsigned long decibel_soxr_quality_mq(void) { return SOXR_MQ; }
/// `SOXR_VR`: a converter whose ratio `soxr_set_io_ratio` may change while it runs.
static inline unsigned long decibel_soxr_flag_variable_rate(void) { return SOXR_VR; }
/// Non-interleaved ("split") 32-bit float in and out.
static inline soxr_io_spec_t decibel_soxr_float_split_io(void) {
    return soxr_io_spec(SOXR_FLOAT32_S, SOXR_FLOAT32_S);
}

#endif
