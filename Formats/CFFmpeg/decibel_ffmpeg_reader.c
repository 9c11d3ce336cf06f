#include "decibel_ffmpeg_library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if DECIBEL_HAVE_FFMPEG

struct decibel_av_reader {
    char *path;
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    AVPacket *packet;
    AVFrame *frame;
    int stream_index;
    int channels;
    int sample_rate;
    /// Samples of `frame` already delivered; the frame is spent when this reaches its nb_samples.
    int frame_offset;
    int have_frame;
    /// The demuxer reached its end and the decoder was told to flush.
    int draining;
    int finished;
    /// File frames to drop from the next decoded frames (after a seek lands before its target).
    int64_t skip;
};

void decibel_av_describe(int code, const char *what, char *error, size_t error_size) {
    char text[256] = "unknown error";
    decibel_av.av_strerror(code, text, sizeof text);
    if (error && error_size) snprintf(error, error_size, "%s: %s", what, text);
}

static void copy_name(char *destination, size_t size, const char *name) {
    snprintf(destination, size, "%s", name ? name : "");
}

/// Converts `count` samples starting at sample `start` of `frame` (any of FFmpeg's PCM sample formats)
/// into interleaved float.
static int convert(const AVFrame *frame, int channels, int start, int count, float *out) {
    int source_channels = frame->ch_layout.nb_channels;
    int shared = source_channels < channels ? source_channels : channels;
    enum AVSampleFormat format = frame->format;
    int planar = format == AV_SAMPLE_FMT_FLTP || format == AV_SAMPLE_FMT_S16P || format == AV_SAMPLE_FMT_S32P ||
                 format == AV_SAMPLE_FMT_DBLP || format == AV_SAMPLE_FMT_U8P || format == AV_SAMPLE_FMT_S64P;
    for (int c = 0; c < channels; c++) {
        float *o = out + c;
        if (c >= shared) {
            for (int i = 0; i < count; i++, o += channels) *o = 0;
            continue;
        }
        const uint8_t *base = planar ? frame->extended_data[c] : frame->extended_data[0];
        int stride = planar ? 1 : source_channels, offset = planar ? 0 : c;
        for (int i = 0; i < count; i++, o += channels) {
            size_t index = (size_t)(start + i) * stride + offset;
            switch (format) {
            case AV_SAMPLE_FMT_FLT:
            case AV_SAMPLE_FMT_FLTP: *o = ((const float *)base)[index]; break;
            case AV_SAMPLE_FMT_DBL:
            case AV_SAMPLE_FMT_DBLP: *o = (float)((const double *)base)[index]; break;
            case AV_SAMPLE_FMT_S16:
            case AV_SAMPLE_FMT_S16P: *o = ((const int16_t *)base)[index] * (1.0f / 32768.0f); break;
            case AV_SAMPLE_FMT_S32:
            case AV_SAMPLE_FMT_S32P: *o = (float)(((const int32_t *)base)[index] * (1.0 / 2147483648.0)); break;
            case AV_SAMPLE_FMT_S64:
            case AV_SAMPLE_FMT_S64P: *o = (float)(((const int64_t *)base)[index] * (1.0 / 9223372036854775808.0)); break;
            case AV_SAMPLE_FMT_U8:
            case AV_SAMPLE_FMT_U8P: *o = (((const uint8_t *)base)[index] - 128) * (1.0f / 128.0f); break;
            default: return -1;
            }
        }
    }
    return 0;
}

static void fill_info(decibel_av_reader *r, const AVCodec *decoder, decibel_av_info *info) {
    memset(info, 0, sizeof *info);
    AVCodecParameters *par = r->stream->codecpar;
    info->sample_rate = r->sample_rate;
    info->channels = r->channels;
    info->bit_rate = par->bit_rate ? par->bit_rate : r->format->bit_rate;
    info->bits_per_sample = decoder->id == AV_CODEC_ID_ALAC || decoder->id == AV_CODEC_ID_FLAC
                                ? (par->bits_per_raw_sample ? par->bits_per_raw_sample : r->codec->bits_per_raw_sample)
                                : 0;
    int64_t duration = r->stream->duration;
    if (duration != AV_NOPTS_VALUE && duration > 0) {
        info->frames = decibel_av.av_rescale_q(duration, r->stream->time_base, (AVRational){1, r->sample_rate});
        // MP4-family sample tables give the exact count; other containers' durations are estimates.
        info->frames_exact = strstr(r->format->iformat->name, "mp4") != NULL;
    } else if (r->format->duration != AV_NOPTS_VALUE && r->format->duration > 0) {
        info->frames = decibel_av.av_rescale_q(r->format->duration, AV_TIME_BASE_Q, (AVRational){1, r->sample_rate});
    }
    copy_name(info->codec, sizeof info->codec, decoder->name);
    copy_name(info->codec_long, sizeof info->codec_long, decoder->long_name);
    copy_name(info->container, sizeof info->container, r->format->iformat->name);
    copy_name(info->container_long, sizeof info->container_long, r->format->iformat->long_name);
}

/// Opens the demuxer and decoder of `r->path`. Returns 0, or -1 with the reason (the caller closes `r`).
static int open_streams(decibel_av_reader *r, const AVCodec **found, int *not_media, char *error, size_t error_size) {
    int status = decibel_av.avformat_open_input(&r->format, r->path, NULL, NULL);
    if (status < 0) {
        *not_media = status == AVERROR_INVALIDDATA;
        decibel_av_describe(status, "FFmpeg cannot open it", error, error_size);
        return -1;
    }
    status = decibel_av.avformat_find_stream_info(r->format, NULL);
    const AVCodec *decoder = NULL;
    if (status >= 0)
        status = decibel_av.av_find_best_stream(r->format, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0);
    if (status < 0 || !decoder) {
        *not_media = status == AVERROR_STREAM_NOT_FOUND;
        decibel_av_describe(status < 0 ? status : AVERROR_DECODER_NOT_FOUND, "FFmpeg finds no audio it can decode",
                            error, error_size);
        return -1;
    }
    r->stream_index = status;
    r->stream = r->format->streams[status];
    r->codec = decibel_av.avcodec_alloc_context3(decoder);
    if (!r->packet) r->packet = decibel_av.av_packet_alloc();
    if (!r->frame) r->frame = decibel_av.av_frame_alloc();
    if (!r->codec || !r->packet || !r->frame) {
        decibel_av_describe(AVERROR(ENOMEM), "FFmpeg", error, error_size);
        return -1;
    }
    status = decibel_av.avcodec_parameters_to_context(r->codec, r->stream->codecpar);
    if (status >= 0) status = decibel_av.avcodec_open2(r->codec, decoder, NULL);
    if (status < 0) {
        decibel_av_describe(status, "FFmpeg's decoder refused the stream", error, error_size);
        return -1;
    }
    r->channels = r->codec->ch_layout.nb_channels;
    r->sample_rate = r->codec->sample_rate;
    if (r->channels <= 0 || r->sample_rate <= 0) {
        snprintf(error, error_size, "the audio stream declares %d channels at %d Hz", r->channels, r->sample_rate);
        return -1;
    }
    r->have_frame = r->draining = r->finished = 0;
    r->skip = 0;
    *found = decoder;
    return 0;
}

decibel_av_reader *decibel_av_open(
    const char *path, decibel_av_info *info, int *not_media, char *error, size_t error_size) {
    *not_media = 0;
    if (!decibel_av_ready(error, error_size)) return NULL;
    decibel_av_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->path = strdup(path);
    const AVCodec *decoder = NULL;
    if (!r->path || open_streams(r, &decoder, not_media, error, error_size) < 0) {
        decibel_av_close(r);
        return NULL;
    }
    fill_info(r, decoder, info);
    return r;
}

int decibel_av_tag(decibel_av_reader *reader, int index, const char **key, const char **value) {
    const AVDictionaryEntry *entry = NULL;
    for (int i = 0; i <= index; i++) {
        entry = decibel_av.av_dict_get(reader->format->metadata, "", entry, AV_DICT_IGNORE_SUFFIX);
        if (!entry) return 0;
    }
    *key = entry->key;
    *value = entry->value;
    return 1;
}

/// Makes `frame` hold the next decoded samples. Returns 1, 0 at the end, or -1 with the reason.
static int next_frame(decibel_av_reader *r, char *error, size_t error_size) {
    for (;;) {
        int status = decibel_av.avcodec_receive_frame(r->codec, r->frame);
        if (status >= 0) {
            r->frame_offset = 0;
            return 1;
        }
        if (status == AVERROR_EOF) return 0;
        if (status != AVERROR(EAGAIN)) {
            decibel_av_describe(status, "FFmpeg could not decode the audio", error, error_size);
            return -1;
        }
        if (r->draining) return 0;
        status = decibel_av.av_read_frame(r->format, r->packet);
        if (status == AVERROR_EOF) {
            r->draining = 1;
            decibel_av.avcodec_send_packet(r->codec, NULL);
            continue;
        }
        if (status < 0) {
            decibel_av_describe(status, "FFmpeg could not read the file", error, error_size);
            return -1;
        }
        if (r->packet->stream_index == r->stream_index) {
            status = decibel_av.avcodec_send_packet(r->codec, r->packet);
            // A damaged packet is skipped, as players do; the decoder carries on with the next one.
            if (status < 0 && status != AVERROR_INVALIDDATA && status != AVERROR(EAGAIN)) {
                decibel_av.av_packet_unref(r->packet);
                decibel_av_describe(status, "FFmpeg could not decode the audio", error, error_size);
                return -1;
            }
        }
        decibel_av.av_packet_unref(r->packet);
    }
}

long decibel_av_read(decibel_av_reader *r, float *interleaved, long frames, char *error, size_t error_size) {
    if (!r->format || !r->codec) {
        snprintf(error, error_size, "a failed seek left the file unreadable");
        return -1;
    }
    long done = 0;
    while (done < frames && !r->finished) {
        if (!r->have_frame || r->frame_offset >= r->frame->nb_samples) {
            int status = next_frame(r, error, error_size);
            if (status < 0) return -1;
            r->have_frame = status;
            if (!status) {
                r->finished = 1;
                break;
            }
        }
        int available = r->frame->nb_samples - r->frame_offset;
        if (r->skip > 0) {
            int dropped = r->skip < available ? (int)r->skip : available;
            r->frame_offset += dropped;
            r->skip -= dropped;
            continue;
        }
        int count = available < frames - done ? available : (int)(frames - done);
        if (convert(r->frame, r->channels, r->frame_offset, count, interleaved + done * r->channels) < 0) {
            snprintf(error, error_size, "FFmpeg decoded sample format %d, which Decibel does not convert",
                     r->frame->format);
            return -1;
        }
        r->frame_offset += count;
        done += count;
    }
    return done;
}

/// Back to the first frame: the file opened afresh, so the decoder sees the encoder's priming packet and
/// the demuxer trims it exactly as on the first open (a seek to time 0 skips that packet).
static int rewind_to_start(decibel_av_reader *r, char *error, size_t error_size) {
    if (r->codec) decibel_av.avcodec_free_context(&r->codec);
    if (r->format) decibel_av.avformat_close_input(&r->format);
    int channels = r->channels, rate = r->sample_rate, not_media = 0;
    const AVCodec *decoder = NULL;
    if (open_streams(r, &decoder, &not_media, error, error_size) < 0) return -1;
    if (r->channels != channels || r->sample_rate != rate) {
        snprintf(error, error_size, "the file changed while it was open");
        return -1;
    }
    return 0;
}

int decibel_av_seek(decibel_av_reader *r, int64_t frame, char *error, size_t error_size) {
    // Decoders need the packets before the target to rebuild their state (AAC's overlap, for one), so
    // seek a margin earlier, then decode and drop up to the frame asked for, using the decoded frames'
    // timestamps. Near the start, decoding from the beginning is exact and cheap.
    const int64_t margin = 8192;
    if (frame <= 4 * margin) {
        if (rewind_to_start(r, error, error_size) < 0) return -1;
        r->skip = frame;
        return 0;
    }
    AVRational samples = {1, r->sample_rate};
    int64_t start = r->stream->start_time != AV_NOPTS_VALUE ? r->stream->start_time : 0;
    int64_t target = start + decibel_av.av_rescale_q(frame - margin, samples, r->stream->time_base);
    int status = decibel_av.av_seek_frame(r->format, r->stream_index, target, AVSEEK_FLAG_BACKWARD);
    if (status < 0) {
        decibel_av_describe(status, "FFmpeg could not seek", error, error_size);
        return -1;
    }
    decibel_av.avcodec_flush_buffers(r->codec);
    r->have_frame = r->draining = r->finished = 0;
    r->skip = 0;
    // Decode until a frame with a timestamp shows where the stream landed.
    for (;;) {
        int got = next_frame(r, error, error_size);
        if (got < 0) return -1;
        if (!got) {
            r->finished = 1;
            return 0;
        }
        int64_t stamp = r->frame->best_effort_timestamp;
        if (stamp == AV_NOPTS_VALUE) continue;
        int64_t first = decibel_av.av_rescale_q(stamp - start, r->stream->time_base, samples);
        if (first > frame) {
            // Landed after the target (no index entry early enough): start over from the beginning.
            if (rewind_to_start(r, error, error_size) < 0) return -1;
            r->skip = frame;
            return 0;
        }
        r->have_frame = 1;
        r->skip = frame - first;
        return 0;
    }
}

void decibel_av_close(decibel_av_reader *r) {
    if (!r) return;
    if (r->frame) decibel_av.av_frame_free(&r->frame);
    if (r->packet) decibel_av.av_packet_free(&r->packet);
    if (r->codec) decibel_av.avcodec_free_context(&r->codec);
    if (r->format) decibel_av.avformat_close_input(&r->format);
    free(r->path);
    free(r);
}

#else

decibel_av_reader *decibel_av_open(
    const char *path, decibel_av_info *info, int *not_media, char *error, size_t error_size) {
    (void)path;
    (void)info;
    *not_media = 0;
    decibel_av_ready(error, error_size);
    return NULL;
}
int decibel_av_tag(decibel_av_reader *reader, int index, const char **key, const char **value) {
    (void)reader, (void)index, (void)key, (void)value;
    return 0;
}
long decibel_av_read(decibel_av_reader *reader, float *interleaved, long frames, char *error, size_t error_size) {
    (void)reader, (void)interleaved, (void)frames;
    decibel_av_ready(error, error_size);
    return -1;
}
int decibel_av_seek(decibel_av_reader *reader, int64_t frame, char *error, size_t error_size) {
    (void)reader, (void)frame;
    decibel_av_ready(error, error_size);
    return -1;
}
void decibel_av_close(decibel_av_reader *reader) { (void)reader; }

#endif
