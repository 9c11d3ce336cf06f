#ifndef DECIBEL_FFMPEG_LIBRARY_H
#define DECIBEL_FFMPEG_LIBRARY_H

// The FFmpeg functions Decibel calls, resolved with dlsym from the libraries whose major versions match
// the headers it was built with (struct layouts change between majors).

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

#define DECIBEL_AVUTIL_FUNCTIONS(X, library, handle)                                                                   \
    X(library, handle, av_frame_alloc)                                                                                 \
    X(library, handle, av_frame_free)                                                                                  \
    X(library, handle, av_frame_get_buffer)                                                                            \
    X(library, handle, av_frame_make_writable)                                                                         \
    X(library, handle, av_strerror)                                                                                    \
    X(library, handle, av_log_set_level)                                                                               \
    X(library, handle, av_dict_get)                                                                                    \
    X(library, handle, av_dict_set)                                                                                    \
    X(library, handle, av_channel_layout_default)                                                                      \
    X(library, handle, av_channel_layout_copy)                                                                         \
    X(library, handle, av_rescale_q)

#define DECIBEL_AVCODEC_FUNCTIONS(X, library, handle)                                                                  \
    X(library, handle, avcodec_find_decoder)                                                                           \
    X(library, handle, avcodec_find_encoder_by_name)                                                                   \
    X(library, handle, avcodec_alloc_context3)                                                                         \
    X(library, handle, avcodec_free_context)                                                                           \
    X(library, handle, avcodec_parameters_to_context)                                                                  \
    X(library, handle, avcodec_parameters_from_context)                                                                \
    X(library, handle, avcodec_open2)                                                                                  \
    X(library, handle, avcodec_send_packet)                                                                            \
    X(library, handle, avcodec_receive_frame)                                                                          \
    X(library, handle, avcodec_send_frame)                                                                             \
    X(library, handle, avcodec_receive_packet)                                                                         \
    X(library, handle, avcodec_flush_buffers)                                                                          \
    X(library, handle, av_packet_alloc)                                                                                \
    X(library, handle, av_packet_free)                                                                                 \
    X(library, handle, av_packet_unref)                                                                                \
    X(library, handle, av_packet_rescale_ts)

#define DECIBEL_AVFORMAT_FUNCTIONS(X, library, handle)                                                                 \
    X(library, handle, avformat_open_input)                                                                            \
    X(library, handle, avformat_find_stream_info)                                                                      \
    X(library, handle, av_find_best_stream)                                                                            \
    X(library, handle, av_read_frame)                                                                                  \
    X(library, handle, av_seek_frame)                                                                                  \
    X(library, handle, avformat_close_input)                                                                           \
    X(library, handle, avformat_alloc_output_context2)                                                                 \
    X(library, handle, avformat_new_stream)                                                                            \
    X(library, handle, avformat_write_header)                                                                          \
    X(library, handle, av_interleaved_write_frame)                                                                     \
    X(library, handle, av_write_trailer)                                                                               \
    X(library, handle, avio_open)                                                                                      \
    X(library, handle, avio_closep)                                                                                    \
    X(library, handle, avformat_free_context)

#define DECIBEL_AV_POINTER(library, handle, name) __typeof__(&name) name;
typedef struct decibel_av_api {
    DECIBEL_AVUTIL_FUNCTIONS(DECIBEL_AV_POINTER, , )
    DECIBEL_AVCODEC_FUNCTIONS(DECIBEL_AV_POINTER, , )
    DECIBEL_AVFORMAT_FUNCTIONS(DECIBEL_AV_POINTER, , )
} decibel_av_api;

/// Filled by `decibel_av_load`; valid only after it returned 1.
extern decibel_av_api decibel_av;

/// FFmpeg's text for `code`, after `what`.
void decibel_av_describe(int code, const char *what, char *error, size_t error_size);
#endif

#endif
