#include "decibel_ffmpeg_library.h"

#include <stdio.h>
#include <string.h>

#if DECIBEL_HAVE_FFMPEG

decibel_av_api decibel_av;
int decibel_av_installed;

#define DECIBEL_AV_COUNT(name) +1
_Static_assert(0 DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_COUNT) == DECIBEL_AVUTIL_FUNCTION_COUNT, "libavutil's count");
_Static_assert(0 DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_COUNT) == DECIBEL_AVCODEC_FUNCTION_COUNT, "libavcodec's count");
_Static_assert(0 DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_COUNT) == DECIBEL_AVFORMAT_FUNCTION_COUNT,
               "libavformat's count");

#define DECIBEL_AV_NAME(name) #name,
static const char *const util_names[] = {DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_NAME) NULL};
static const char *const codec_names[] = {DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_NAME) NULL};
static const char *const format_names[] = {DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_NAME) NULL};

int decibel_av_has_headers(void) { return 1; }

int decibel_av_major(decibel_av_library library) {
    switch (library) {
    case DECIBEL_AVUTIL: return LIBAVUTIL_VERSION_MAJOR;
    case DECIBEL_AVCODEC: return LIBAVCODEC_VERSION_MAJOR;
    case DECIBEL_AVFORMAT: return LIBAVFORMAT_VERSION_MAJOR;
    }
    return 0;
}

const char *decibel_av_function_name(decibel_av_library library, int index) {
    const char *const *names = library == DECIBEL_AVUTIL    ? util_names
                               : library == DECIBEL_AVCODEC ? codec_names
                                                            : format_names;
    return index >= 0 ? names[index] : NULL;
}

void decibel_av_install(
    const decibel_avutil_table *util, const decibel_avcodec_table *codec, const decibel_avformat_table *format) {
    int index = 0;
    // Each field takes the table's entry at its place in the list (object to function pointer: POSIX's dlsym rule).
#define DECIBEL_AV_TAKE(table, name) memcpy(&decibel_av.name, &(table)->functions[index++], sizeof decibel_av.name);
#define DECIBEL_AV_TAKE_UTIL(name) DECIBEL_AV_TAKE(util, name)
#define DECIBEL_AV_TAKE_CODEC(name) DECIBEL_AV_TAKE(codec, name)
#define DECIBEL_AV_TAKE_FORMAT(name) DECIBEL_AV_TAKE(format, name)
    DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_TAKE_UTIL)
    index = 0;
    DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_TAKE_CODEC)
    index = 0;
    DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_TAKE_FORMAT)
    // FFmpeg prints warnings about ordinary files on stderr; Decibel reports failures itself.
    decibel_av.av_log_set_level(AV_LOG_QUIET);
    decibel_av_installed = 1;
}

int decibel_av_ready(char *error, size_t error_size) {
    if (decibel_av_installed) return 1;
    if (error && error_size) snprintf(error, error_size, "FFmpeg's libraries are not loaded");
    return 0;
}

#else

int decibel_av_has_headers(void) { return 0; }
int decibel_av_major(decibel_av_library library) {
    (void)library;
    return 0;
}
const char *decibel_av_function_name(decibel_av_library library, int index) {
    (void)library, (void)index;
    return NULL;
}
void decibel_av_install(
    const decibel_avutil_table *util, const decibel_avcodec_table *codec, const decibel_avformat_table *format) {
    (void)util, (void)codec, (void)format;
}
int decibel_av_ready(char *error, size_t error_size) {
    if (error && error_size)
        snprintf(error, error_size,
                 "this Decibel was built without FFmpeg's headers (install libavformat-dev, libavcodec-dev and "
                 "libavutil-dev and rebuild) for AAC, ALAC and M4A files");
    return 0;
}

#endif
