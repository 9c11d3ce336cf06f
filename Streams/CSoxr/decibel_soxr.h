#ifndef DECIBEL_SOXR_H
#define DECIBEL_SOXR_H

#include <soxr.h>

// What Swift cannot see through soxr.h: its quality and flag words are macros over an enum.

/// `SOXR_VHQ`, `SOXR_HQ`, `SOXR_MQ` as plain values.
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
