#include "decibel_ffmpeg_library.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if DECIBEL_HAVE_FFMPEG

struct decibel_av_writer {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    AVPacket *packet;
    AVFrame *frame;
    int channels;
    /// Samples per encoder frame, and how many of the current frame are filled.
    int frame_size;
    int filled;
    int64_t next_pts;
    int header_written;
};

static void free_writer(decibel_av_writer *w) {
    if (w->frame) decibel_av.av_frame_free(&w->frame);
    if (w->packet) decibel_av.av_packet_free(&w->packet);
    if (w->codec) decibel_av.avcodec_free_context(&w->codec);
    if (w->format) {
        if (w->format->pb) decibel_av.avio_closep(&w->format->pb);
        decibel_av.avformat_free_context(w->format);
    }
    free(w);
}

/// Hands every packet the encoder has ready to the muxer.
static int drain(decibel_av_writer *w, char *error, size_t error_size) {
    for (;;) {
        int status = decibel_av.avcodec_receive_packet(w->codec, w->packet);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return 0;
        if (status < 0) {
            decibel_av_describe(status, "FFmpeg could not encode", error, error_size);
            return -1;
        }
        decibel_av.av_packet_rescale_ts(w->packet, w->codec->time_base, w->stream->time_base);
        w->packet->stream_index = w->stream->index;
        status = decibel_av.av_interleaved_write_frame(w->format, w->packet);
        if (status < 0) {
            decibel_av_describe(status, "FFmpeg could not write (disk full?)", error, error_size);
            return -1;
        }
    }
}

static int send_frame(decibel_av_writer *w, char *error, size_t error_size) {
    w->frame->nb_samples = w->filled;
    w->frame->pts = w->next_pts;
    w->next_pts += w->filled;
    int status = decibel_av.avcodec_send_frame(w->codec, w->frame);
    w->filled = 0;
    if (status < 0) {
        decibel_av_describe(status, "FFmpeg could not encode", error, error_size);
        return -1;
    }
    return drain(w, error, error_size);
}

static int prepare_frame(decibel_av_writer *w, char *error, size_t error_size) {
    w->frame->nb_samples = w->frame_size;
    w->frame->format = w->codec->sample_fmt;
    w->frame->sample_rate = w->codec->sample_rate;
    int status = decibel_av.av_channel_layout_copy(&w->frame->ch_layout, &w->codec->ch_layout);
    if (status >= 0) status = decibel_av.av_frame_get_buffer(w->frame, 0);
    if (status < 0) decibel_av_describe(status, "FFmpeg", error, error_size);
    return status < 0 ? -1 : 0;
}

static enum AVSampleFormat pick_format(const AVCodec *encoder, int bits) {
    enum AVSampleFormat wanted = bits > 16 ? AV_SAMPLE_FMT_S32P : AV_SAMPLE_FMT_S16P;
    const enum AVSampleFormat *formats = encoder->sample_fmts;
    if (!formats) return AV_SAMPLE_FMT_FLTP;
    for (const enum AVSampleFormat *f = formats; *f != AV_SAMPLE_FMT_NONE; f++)
        if (*f == AV_SAMPLE_FMT_FLTP) return *f;
    for (const enum AVSampleFormat *f = formats; *f != AV_SAMPLE_FMT_NONE; f++)
        if (*f == wanted) return *f;
    return formats[0];
}

decibel_av_writer *decibel_av_create(
    const char *path, const char *container, const char *codec, int sample_rate, int channels,
    int64_t bit_rate, int bits, const char *const *tags, char *error, size_t error_size) {
    if (!decibel_av_ready(error, error_size)) return NULL;
    const AVCodec *encoder = decibel_av.avcodec_find_encoder_by_name(codec);
    if (!encoder) {
        snprintf(error, error_size, "the installed FFmpeg has no %s encoder", codec);
        return NULL;
    }
    decibel_av_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->channels = channels;
    int status = decibel_av.avformat_alloc_output_context2(&w->format, NULL, container, path);
    if (status < 0 || !w->format) {
        decibel_av_describe(status < 0 ? status : AVERROR_MUXER_NOT_FOUND, "FFmpeg cannot write this container",
                            error, error_size);
        free_writer(w);
        return NULL;
    }
    w->codec = decibel_av.avcodec_alloc_context3(encoder);
    w->packet = decibel_av.av_packet_alloc();
    w->frame = decibel_av.av_frame_alloc();
    w->stream = decibel_av.avformat_new_stream(w->format, NULL);
    if (!w->codec || !w->packet || !w->frame || !w->stream) {
        decibel_av_describe(AVERROR(ENOMEM), "FFmpeg", error, error_size);
        free_writer(w);
        return NULL;
    }
    AVCodecContext *c = w->codec;
    c->sample_fmt = pick_format(encoder, bits);
    c->sample_rate = sample_rate;
    c->time_base = (AVRational){1, sample_rate};
    decibel_av.av_channel_layout_default(&c->ch_layout, channels);
    if (encoder->id == AV_CODEC_ID_AAC) c->bit_rate = bit_rate > 0 ? bit_rate : 128000 * (int64_t)channels;
    if (encoder->id == AV_CODEC_ID_ALAC) c->bits_per_raw_sample = bits > 16 ? 24 : 16;
    if (w->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    status = decibel_av.avcodec_open2(c, encoder, NULL);
    if (status < 0) {
        char what[160];
        snprintf(what, sizeof what, "FFmpeg's %s encoder refused %d Hz, %d channels", codec, sample_rate, channels);
        decibel_av_describe(status, what, error, error_size);
        free_writer(w);
        return NULL;
    }
    w->frame_size = c->frame_size > 0 && !(encoder->capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE) ? c->frame_size
                                                                                                      : 4096;
    status = decibel_av.avcodec_parameters_from_context(w->stream->codecpar, c);
    w->stream->time_base = c->time_base;
    for (const char *const *tag = tags; tag && tag[0] && tag[1]; tag += 2)
        decibel_av.av_dict_set(&w->format->metadata, tag[0], tag[1], 0);
    if (status >= 0) status = decibel_av.avio_open(&w->format->pb, path, AVIO_FLAG_WRITE);
    if (status < 0) {
        decibel_av_describe(status, "cannot be created for writing", error, error_size);
        free_writer(w);
        return NULL;
    }
    status = decibel_av.avformat_write_header(w->format, NULL);
    if (status < 0 || prepare_frame(w, error, error_size) < 0) {
        if (status < 0) decibel_av_describe(status, "FFmpeg could not write the header", error, error_size);
        free_writer(w);
        return NULL;
    }
    w->header_written = 1;
    return w;
}

static inline int32_t quantize(float x, double scale, double top) {
    double v = nearbyint((double)x * scale);
    return (int32_t)(v > top ? top : v < -top - 1 ? -top - 1 : v);
}

int decibel_av_write(decibel_av_writer *w, const float *interleaved, long frames, char *error, size_t error_size) {
    long done = 0;
    while (done < frames) {
        if (w->filled == 0 && decibel_av.av_frame_make_writable(w->frame) < 0) {
            decibel_av_describe(AVERROR(ENOMEM), "FFmpeg", error, error_size);
            return -1;
        }
        long count = w->frame_size - w->filled;
        if (count > frames - done) count = frames - done;
        for (int c = 0; c < w->channels; c++) {
            const float *in = interleaved + done * w->channels + c;
            uint8_t *plane = w->frame->extended_data[c];
            switch (w->codec->sample_fmt) {
            case AV_SAMPLE_FMT_FLTP: {
                float *out = (float *)plane + w->filled;
                for (long i = 0; i < count; i++) out[i] = in[i * w->channels];
                break;
            }
            case AV_SAMPLE_FMT_S16P: {
                int16_t *out = (int16_t *)plane + w->filled;
                for (long i = 0; i < count; i++) out[i] = (int16_t)quantize(in[i * w->channels], 32768.0, 32767.0);
                break;
            }
            case AV_SAMPLE_FMT_S32P: {
                // 24-bit samples in the top bits of 32, as FFmpeg's ALAC encoder takes them.
                int32_t *out = (int32_t *)plane + w->filled;
                for (long i = 0; i < count; i++)
                    out[i] = quantize(in[i * w->channels], 8388608.0, 8388607.0) * 256;
                break;
            }
            default:
                snprintf(error, error_size, "the encoder wants sample format %d, which Decibel does not write",
                         w->codec->sample_fmt);
                return -1;
            }
        }
        w->filled += (int)count;
        done += count;
        if (w->filled == w->frame_size && send_frame(w, error, error_size) < 0) return -1;
    }
    return 0;
}

int decibel_av_finish(decibel_av_writer *w, char *error, size_t error_size) {
    int result = 0;
    if (w->filled > 0 && send_frame(w, error, error_size) < 0) result = -1;
    if (result == 0) {
        decibel_av.avcodec_send_frame(w->codec, NULL);
        if (drain(w, error, error_size) < 0) result = -1;
    }
    if (w->header_written) {
        int status = decibel_av.av_write_trailer(w->format);
        if (status < 0 && result == 0) {
            decibel_av_describe(status, "FFmpeg could not finish the file", error, error_size);
            result = -1;
        }
    }
    free_writer(w);
    return result;
}

#else

decibel_av_writer *decibel_av_create(
    const char *path, const char *container, const char *codec, int sample_rate, int channels,
    int64_t bit_rate, int bits, const char *const *tags, char *error, size_t error_size) {
    (void)path, (void)container, (void)codec, (void)sample_rate, (void)channels, (void)bit_rate, (void)bits, (void)tags;
    decibel_av_ready(error, error_size);
    return NULL;
}
int decibel_av_write(decibel_av_writer *w, const float *interleaved, long frames, char *error, size_t error_size) {
    (void)w, (void)interleaved, (void)frames;
    decibel_av_ready(error, error_size);
    return -1;
}
int decibel_av_finish(decibel_av_writer *w, char *error, size_t error_size) {
    (void)w;
    decibel_av_ready(error, error_size);
    return -1;
}

#endif
