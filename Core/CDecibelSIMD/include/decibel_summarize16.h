// audiowaveform's waveform data computed exactly: decoded float samples made 16-bit by the rule the
// decoder's 16-bit output follows, channels mixed in integers, minimum, maximum and sum of squares per
// bucket. Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_SUMMARIZE16_H
#define DECIBEL_SUMMARIZE16_H

#ifdef __cplusplus
extern "C" {
#endif

/// How a float sample in -1…1 becomes a 16-bit sample (clamped to -32768…32767; NaN becomes 0).
typedef enum {
    /// floor(x × 32768): what libsndfile's 16-bit read gives for integer PCM (the top 16 bits), and
    /// libmad's shift for MP3.
    decibel_int16_floor = 0,
    /// (int)(x × 32767), toward zero: audiowaveform's own conversion of float and double files.
    decibel_int16_truncate = 1,
    /// lrintf(x × 32767): libsndfile's 16-bit read of Vorbis and Opus.
    decibel_int16_round = 2,
} decibel_int16_rule;

/// Folds `count` frames of `channel_count` planar channels (each pointer advanced by `offset`) into
/// running 16-bit summaries. With `mix` set there is one summary: per frame the channels' 16-bit samples
/// summed and divided by `channel_count`, truncated toward zero, as audiowaveform mixes to mono; else
/// one summary per channel. `minimum`, `maximum` and `sum_of_squares` hold one slot per summary;
/// `sum_of_squares` may be NULL when only the extremes are wanted. Neither allocates nor locks.
void decibel_summarize_int16(
    const float *const *channels, long channel_count, long offset, long count, decibel_int16_rule rule, int mix,
    int *minimum, int *maximum, double *sum_of_squares);

/// The same over `count` interleaved 16-bit frames of `channel_count` channels (libsndfile's 16-bit read
/// of integer PCM, already the floor rule's values).
void decibel_summarize_interleaved_int16(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares);

#ifdef __cplusplus
}
#endif
#endif
