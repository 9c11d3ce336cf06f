#ifndef DECIBEL_FFMPEG_H
#define DECIBEL_FFMPEG_H

// AAC, ALAC and the MP4 family through FFmpeg's libavformat/libavcodec/libavutil (LGPL), loaded at run
// time: Decibel builds with FFmpeg's headers and runs without its libraries (files then say why they
// cannot be opened). No FFmpeg type crosses this header.

#include <stddef.h>
#include <stdint.h>

/// FFmpeg's three libraries, loaded by DecibelFormats with Core's `BackendLibrary` (as every backend loads
/// its own) and handed over with `decibel_av_install` before any other call below.
typedef enum decibel_av_library { DECIBEL_AVUTIL = 0, DECIBEL_AVCODEC = 1, DECIBEL_AVFORMAT = 2 } decibel_av_library;

/// How many functions Decibel calls from each library (checked against the lists in the shim).
#define DECIBEL_AVUTIL_FUNCTION_COUNT 11
#define DECIBEL_AVCODEC_FUNCTION_COUNT 16
#define DECIBEL_AVFORMAT_FUNCTION_COUNT 14

/// One library's functions, in `decibel_av_function_name` order: the table `BackendLibrary` fills.
typedef struct decibel_avutil_table {
    void *functions[DECIBEL_AVUTIL_FUNCTION_COUNT];
} decibel_avutil_table;
typedef struct decibel_avcodec_table {
    void *functions[DECIBEL_AVCODEC_FUNCTION_COUNT];
} decibel_avcodec_table;
typedef struct decibel_avformat_table {
    void *functions[DECIBEL_AVFORMAT_FUNCTION_COUNT];
} decibel_avformat_table;

/// 1 when this Decibel was built with FFmpeg's headers, 0 when M4A and AAC are out of its reach.
int decibel_av_has_headers(void);
/// The major version of `library` in the headers Decibel was built with (the file is `lib<name>.so.<major>`).
int decibel_av_major(decibel_av_library library);
/// The name of the `index`-th function Decibel calls from `library`; NULL past the last.
const char *decibel_av_function_name(decibel_av_library library, int index);
/// Takes the resolved functions and silences FFmpeg's own logging. Call once, before any reader or writer.
void decibel_av_install(
    const decibel_avutil_table *util, const decibel_avcodec_table *codec, const decibel_avformat_table *format);

/// What an opened file holds.
typedef struct decibel_av_info {
    int sample_rate;
    int channels;
    /// Frames per channel from the container's duration; exact for MP4/M4A (edit list applied).
    int64_t frames;
    /// 1 when `frames` comes from the container's sample tables, 0 when it is an estimate (ADTS AAC).
    int frames_exact;
    /// Bits per decoded sample for lossless codecs (ALAC 16/20/24/32), 0 for lossy ones.
    int bits_per_sample;
    int64_t bit_rate;
    char codec[32];
    char codec_long[96];
    char container[32];
    char container_long[96];
} decibel_av_info;

typedef struct decibel_av_reader decibel_av_reader;

/// Opens `path`'s first audio stream for decoding. On failure returns NULL with the reason in `error`
/// and `*not_media` set to 1 when FFmpeg did not recognise the file at all.
decibel_av_reader *decibel_av_open(
    const char *path, decibel_av_info *info, int *not_media, char *error, size_t error_size);
/// The file's `index`-th tag; 0 past the last.
int decibel_av_tag(decibel_av_reader *reader, int index, const char **key, const char **value);
/// Decodes up to `frames` interleaved float frames (-1…1). Returns the count (0 at the end) or -1 with
/// the reason in `error`.
long decibel_av_read(decibel_av_reader *reader, float *interleaved, long frames, char *error, size_t error_size);
/// Moves so that the next read starts at `frame` exactly. Returns 0, or -1 with the reason.
int decibel_av_seek(decibel_av_reader *reader, int64_t frame, char *error, size_t error_size);
void decibel_av_close(decibel_av_reader *reader);

typedef struct decibel_av_writer decibel_av_writer;

/// Creates `path` as `container` ("ipod" for .m4a, "mp4", "mov", "adts") holding `codec` ("aac" or
/// "alac"). `bit_rate` applies to AAC (0: 128 kb/s per channel), `bits` to ALAC (16 or 24).
/// `tags` is NULL or key, value, key, value, …, NULL.
decibel_av_writer *decibel_av_create(
    const char *path, const char *container, const char *codec, int sample_rate, int channels,
    int64_t bit_rate, int bits, const char *const *tags, char *error, size_t error_size);
/// Encodes `frames` interleaved float frames. Returns 0, or -1 with the reason.
int decibel_av_write(decibel_av_writer *writer, const float *interleaved, long frames, char *error, size_t error_size);
/// Encodes what is left, writes the index and closes the file; frees `writer` whatever the outcome.
/// Returns 0, or -1 with the reason.
int decibel_av_finish(decibel_av_writer *writer, char *error, size_t error_size);

#endif
