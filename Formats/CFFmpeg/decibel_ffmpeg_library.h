#ifndef DECIBEL_FFMPEG_LIBRARY_H
#define DECIBEL_FFMPEG_LIBRARY_H

// The FFmpeg functions Decibel calls, each library's as an X-macro list. DecibelFormats resolves them with
// Core's `BackendLibrary` from the libraries whose major versions match the headers it was built with
// (struct layouts change between majors) and hands the tables to `decibel_av_install`.

#include "include/decibel_ffmpeg.h"

#if defined __has_include
#if __has_include(<libavformat/avformat.h>) && __has_include(<libavcodec/avcodec.h>)
#define DECIBEL_HAVE_FFMPEG 1
#endif
#endif

#if DECIBEL_HAVE_FFMPEG
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>

#define DECIBEL_AVUTIL_FUNCTIONS(X)                                                                                    \
    X(av_frame_alloc)                                                                                                  \
    X(av_frame_free)                                                                                                   \
    X(av_frame_get_buffer)                                                                                             \
    X(av_frame_make_writable)                                                                                          \
    X(av_strerror)                                                                                                     \
    X(av_log_set_level)                                                                                                \
    X(av_dict_get)                                                                                                     \
    X(av_dict_set)                                                                                                     \
    X(av_channel_layout_default)                                                                                       \
    X(av_channel_layout_copy)                                                                                          \
    X(av_rescale_q)

#define DECIBEL_AVCODEC_FUNCTIONS(X)                                                                                   \
    X(avcodec_find_decoder)                                                                                            \
    X(avcodec_find_encoder_by_name)                                                                                    \
    X(avcodec_alloc_context3)                                                                                          \
    X(avcodec_free_context)                                                                                            \
    X(avcodec_parameters_to_context)                                                                                   \
    X(avcodec_parameters_from_context)                                                                                 \
    X(avcodec_open2)                                                                                                   \
    X(avcodec_send_packet)                                                                                             \
    X(avcodec_receive_frame)                                                                                           \
    X(avcodec_send_frame)                                                                                              \
    X(avcodec_receive_packet)                                                                                          \
    X(avcodec_flush_buffers)                                                                                           \
    X(av_packet_alloc)                                                                                                 \
    X(av_packet_free)                                                                                                  \
    X(av_packet_unref)                                                                                                 \
    X(av_packet_rescale_ts)

#define DECIBEL_AVFORMAT_FUNCTIONS(X)                                                                                  \
    X(avformat_open_input)                                                                                             \
    X(avformat_find_stream_info)                                                                                       \
    X(av_find_best_stream)                                                                                             \
    X(av_read_frame)                                                                                                   \
    X(av_seek_frame)                                                                                                   \
    X(avformat_close_input)                                                                                            \
    X(avformat_alloc_output_context2)                                                                                  \
    X(avformat_new_stream)                                                                                             \
    X(avformat_write_header)                                                                                           \
    X(av_interleaved_write_frame)                                                                                      \
    X(av_write_trailer)                                                                                                \
    X(avio_open)                                                                                                       \
    X(avio_closep)                                                                                                     \
    X(avformat_free_context)

#define DECIBEL_AV_POINTER(name) __typeof__(&name) name;
typedef struct decibel_av_api {
    DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_POINTER)
    DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_POINTER)
    DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_POINTER)
} decibel_av_api;

/// Filled by `decibel_av_install`; valid only once `decibel_av_installed` is 1.
extern decibel_av_api decibel_av;
extern int decibel_av_installed;


/// FFmpeg's text for `code`, after `what`.
void decibel_av_describe(int code, const char *what, char *error, size_t error_size);
#endif

/// 1 when the libraries are installed; otherwise 0 with the reason in `error`.
int decibel_av_ready(char *error, size_t error_size);

#endif
