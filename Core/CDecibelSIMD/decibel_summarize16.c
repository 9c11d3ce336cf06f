#include "decibel_summarize16.h"

#include <math.h>

// Frames mixed at a time: the integer sums live on the stack.
enum { chunk_frames = 256 };

static inline int to_int16(float sample, decibel_int16_rule rule) {
    float scaled;
    switch (rule) {
    case decibel_int16_truncate: scaled = truncf(sample * 32767.0f); break;
    case decibel_int16_round: scaled = rintf(sample * 32767.0f); break;
    default: scaled = floorf(sample * 32768.0f); break;
    }
    if (scaled != scaled) return 0;
    if (scaled < -32768.0f) return -32768;
    if (scaled > 32767.0f) return 32767;
    return (int)scaled;
}

static void fold(const int *values, long count, int *minimum, int *maximum, double *sum_of_squares) {
    int low = *minimum, high = *maximum;
    long long squares = 0;
    for (long i = 0; i < count; i++) {
        int value = values[i];
        low = value < low ? value : low;
        high = value > high ? value : high;
        squares += (long long)value * value;
    }
    *minimum = low;
    *maximum = high;
    *sum_of_squares += (double)squares;
}

void decibel_summarize_int16(
    const float *const *channels, long channel_count, long offset, long count, decibel_int16_rule rule, int mix,
    int *minimum, int *maximum, double *sum_of_squares) {
    int values[chunk_frames];
    for (long start = 0; start < count; start += chunk_frames) {
        long frames = count - start < chunk_frames ? count - start : chunk_frames;
        if (mix && channel_count > 1) {
            for (long i = 0; i < frames; i++) values[i] = 0;
            for (long channel = 0; channel < channel_count; channel++) {
                const float *samples = channels[channel] + offset + start;
                for (long i = 0; i < frames; i++) values[i] += to_int16(samples[i], rule);
            }
            int divisor = (int)channel_count;
            for (long i = 0; i < frames; i++) values[i] /= divisor;
            fold(values, frames, minimum, maximum, sum_of_squares);
        } else {
            for (long channel = 0; channel < channel_count; channel++) {
                const float *samples = channels[channel] + offset + start;
                for (long i = 0; i < frames; i++) values[i] = to_int16(samples[i], rule);
                fold(values, frames, minimum + channel, maximum + channel, sum_of_squares + channel);
            }
        }
    }
}

void decibel_summarize_interleaved_int16(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    int values[chunk_frames];
    for (long start = 0; start < count; start += chunk_frames) {
        long chunk = count - start < chunk_frames ? count - start : chunk_frames;
        const short *block = frames + start * channel_count;
        if (channel_count == 1) {
            for (long i = 0; i < chunk; i++) values[i] = block[i];
            fold(values, chunk, minimum, maximum, sum_of_squares);
        } else if (mix && channel_count == 2) {
            for (long i = 0; i < chunk; i++) values[i] = (block[2 * i] + block[2 * i + 1]) / 2;
            fold(values, chunk, minimum, maximum, sum_of_squares);
        } else if (mix) {
            int divisor = (int)channel_count;
            for (long i = 0; i < chunk; i++) {
                int sum = 0;
                for (long channel = 0; channel < channel_count; channel++) sum += block[i * channel_count + channel];
                values[i] = sum / divisor;
            }
            fold(values, chunk, minimum, maximum, sum_of_squares);
        } else {
            for (long channel = 0; channel < channel_count; channel++) {
                for (long i = 0; i < chunk; i++) values[i] = block[i * channel_count + channel];
                fold(values, chunk, minimum + channel, maximum + channel, sum_of_squares + channel);
            }
        }
    }
}
