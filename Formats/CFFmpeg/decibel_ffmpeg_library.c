#define _GNU_SOURCE
#include "decibel_ffmpeg_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if DECIBEL_HAVE_FFMPEG

decibel_av_api decibel_av;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_failure[512];

#define DECIBEL_AV_STRINGIFY2(x) #x
#define DECIBEL_AV_STRINGIFY(x) DECIBEL_AV_STRINGIFY2(x)

/// Opens `lib<name>.so.<major>` (or the file the environment variable names) and resolves `symbols`.
static void *open_library(const char *variable, const char *soname, const char *package) {
    const char *override = getenv(variable);
    const char *path = override && *override ? override : soname;
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(load_failure, sizeof load_failure,
                 "FFmpeg's %s could not be loaded (%s); install %s for AAC, ALAC and M4A files%s%s", path,
                 why ? why : "not found", package, override && *override ? ", or unset " : "",
                 override && *override ? variable : "");
    }
    return handle;
}

static int resolve(void *handle, const char *name, void **slot, const char *library) {
    *slot = dlsym(handle, name);
    if (!*slot) {
        snprintf(load_failure, sizeof load_failure, "FFmpeg's %s lacks %s (a different FFmpeg version?)", library,
                 name);
        return 0;
    }
    return 1;
}

static void load(void) {
    const char *util_name = "libavutil.so." DECIBEL_AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR);
    const char *codec_name = "libavcodec.so." DECIBEL_AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR);
    const char *format_name = "libavformat.so." DECIBEL_AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR);
    void *util = open_library("DECIBEL_AVUTIL_LIBRARY", util_name,
                              "libavutil" DECIBEL_AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR));
    if (!util) return;
    void *codec = open_library("DECIBEL_AVCODEC_LIBRARY", codec_name,
                               "libavcodec" DECIBEL_AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR));
    if (!codec) return;
    void *format = open_library("DECIBEL_AVFORMAT_LIBRARY", format_name,
                                "libavformat" DECIBEL_AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR));
    if (!format) return;
#define DECIBEL_AV_RESOLVE(library, handle, name)                                                                      \
    if (!resolve(handle, #name, (void **)&decibel_av.name, library)) return;
    DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_RESOLVE, util_name, util)
    DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_RESOLVE, codec_name, codec)
    DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_RESOLVE, format_name, format)
    // FFmpeg prints warnings about ordinary files on stderr; Decibel reports failures itself.
    decibel_av.av_log_set_level(AV_LOG_QUIET);
    loaded = 1;
}

int decibel_av_load(char *reason, size_t reason_size) {
    pthread_once(&load_once, load);
    if (!loaded && reason && reason_size) snprintf(reason, reason_size, "%s", load_failure);
    return loaded;
}

#else

int decibel_av_load(char *reason, size_t reason_size) {
    if (reason && reason_size)
        snprintf(reason, reason_size,
                 "this Decibel was built without FFmpeg's headers (install libavformat-dev, libavcodec-dev and "
                 "libavutil-dev and rebuild) for AAC, ALAC and M4A files");
    return 0;
}

#endif
