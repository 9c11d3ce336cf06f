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
    if (sum_of_squares) *sum_of_squares += (double)squares;
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
                fold(values, frames, minimum + channel, maximum + channel, sum_of_squares ? sum_of_squares + channel : 0);
            }
        }
    }
}

// Interleaved 16-bit frames of one or two channels, the case of nearly every WAV: folded in vectors of
// 16 samples without the planar copy. Minimum and maximum work lane by lane on the interleaved samples
// (even lanes are the left channel, odd the right); squares are exact 64-bit integer sums.
typedef short v16s __attribute__((vector_size(32), aligned(2)));
typedef short v8s __attribute__((vector_size(16)));
typedef int v8i __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));

// Vectors pass by pointer: these helpers are also built for the baseline, where a 32-byte vector argument
// would have another ABI (always inlined, so no copy is made).
static inline __attribute__((always_inline)) void add_squares(const v8i *values, v4l *sum0, v4l *sum1) {
    v8i squares = *values * *values;  // |value| ≤ 32768: a square fits an int
    *sum0 += __builtin_convertvector(__builtin_shufflevector(squares, squares, 0, 1, 2, 3), v4l);
    *sum1 += __builtin_convertvector(__builtin_shufflevector(squares, squares, 4, 5, 6, 7), v4l);
}

static inline __attribute__((always_inline)) long long total_of(const v4l *a, const v4l *b) {
    v4l sum = *a + *b;
    return sum[0] + sum[1] + sum[2] + sum[3];
}

/// Two channels kept apart (mix 0), two mixed as audiowaveform does ((l + r) / 2 toward zero), or one.
/// Without `sum_of_squares` (NULL) only the extremes are folded, three vector operations per 16 samples.
static inline __attribute__((always_inline)) long fold_vectors(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    const int measure = sum_of_squares != 0;
    long samples = count * channel_count, index = 0;
    if (samples < 16) return 0;
    if (channel_count == 2 && mix) {
        v8i low = (v8i){} + 32767, high = (v8i){} - 32768;
        v4l sum0 = {}, sum1 = {};
        for (; index + 16 <= samples; index += 16) {
            v16s x = *(const v16s *)(frames + index);
            v8i left = __builtin_convertvector(__builtin_shufflevector(x, x, 0, 2, 4, 6, 8, 10, 12, 14), v8i);
            v8i right = __builtin_convertvector(__builtin_shufflevector(x, x, 1, 3, 5, 7, 9, 11, 13, 15), v8i);
            v8i mixed = (left + right) / 2;
            low = __builtin_elementwise_min(low, mixed);
            high = __builtin_elementwise_max(high, mixed);
            if (measure) add_squares(&mixed, &sum0, &sum1);
        }
        low = __builtin_elementwise_min(low, __builtin_shufflevector(low, low, 4, 5, 6, 7, 0, 1, 2, 3));
        high = __builtin_elementwise_max(high, __builtin_shufflevector(high, high, 4, 5, 6, 7, 0, 1, 2, 3));
        low = __builtin_elementwise_min(low, __builtin_shufflevector(low, low, 2, 3, 0, 1, 2, 3, 0, 1));
        high = __builtin_elementwise_max(high, __builtin_shufflevector(high, high, 2, 3, 0, 1, 2, 3, 0, 1));
        int lowest = low[0] < low[1] ? low[0] : low[1], highest = high[0] > high[1] ? high[0] : high[1];
        if (lowest < minimum[0]) minimum[0] = lowest;
        if (highest > maximum[0]) maximum[0] = highest;
        if (measure) sum_of_squares[0] += (double)total_of(&sum0, &sum1);
        return index / 2;
    }
    if (channel_count > 2) return 0;
    // Neutral lanes: the running values are merged once at the end.
    v16s low = (v16s){} + (short)32767, high = (v16s){} + (short)-32768;
    v4l even0 = {}, even1 = {}, odd0 = {}, odd1 = {};
    for (; index + 16 <= samples; index += 16) {
        v16s x = *(const v16s *)(frames + index);
        low = __builtin_elementwise_min(low, x);
        high = __builtin_elementwise_max(high, x);
        if (!measure) continue;
        v8i left = __builtin_convertvector(__builtin_shufflevector(x, x, 0, 2, 4, 6, 8, 10, 12, 14), v8i);
        v8i right = __builtin_convertvector(__builtin_shufflevector(x, x, 1, 3, 5, 7, 9, 11, 13, 15), v8i);
        add_squares(&left, &even0, &even1);
        add_squares(&right, &odd0, &odd1);
    }
    long long even = total_of(&even0, &even1), odd = total_of(&odd0, &odd1);
    // Halving keeps each lane's parity, so lanes 0 and 1 end as the left and right channel.
    v8s low8 = __builtin_elementwise_min(
        __builtin_shufflevector(low, low, 0, 1, 2, 3, 4, 5, 6, 7),
        __builtin_shufflevector(low, low, 8, 9, 10, 11, 12, 13, 14, 15));
    v8s high8 = __builtin_elementwise_max(
        __builtin_shufflevector(high, high, 0, 1, 2, 3, 4, 5, 6, 7),
        __builtin_shufflevector(high, high, 8, 9, 10, 11, 12, 13, 14, 15));
    v8s low4 = __builtin_elementwise_min(low8, __builtin_shufflevector(low8, low8, 4, 5, 6, 7, 0, 1, 2, 3));
    v8s high4 = __builtin_elementwise_max(high8, __builtin_shufflevector(high8, high8, 4, 5, 6, 7, 0, 1, 2, 3));
    v8s low2 = __builtin_elementwise_min(low4, __builtin_shufflevector(low4, low4, 2, 3, 0, 1, 2, 3, 0, 1));
    v8s high2 = __builtin_elementwise_max(high4, __builtin_shufflevector(high4, high4, 2, 3, 0, 1, 2, 3, 0, 1));
    if (channel_count == 1) {
        int lowest = low2[0] < low2[1] ? low2[0] : low2[1], highest = high2[0] > high2[1] ? high2[0] : high2[1];
        if (lowest < minimum[0]) minimum[0] = lowest;
        if (highest > maximum[0]) maximum[0] = highest;
        if (measure) sum_of_squares[0] += (double)(even + odd);
        return index;
    }
    for (int channel = 0; channel < 2; channel++) {
        if (low2[channel] < minimum[channel]) minimum[channel] = low2[channel];
        if (high2[channel] > maximum[channel]) maximum[channel] = high2[channel];
    }
    if (measure) {
        sum_of_squares[0] += (double)even;
        sum_of_squares[1] += (double)odd;
    }
    return index / 2;
}

typedef long (*fold_function)(const short *, long, long, int, int *, int *, double *);

static long fold_baseline(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    return fold_vectors(frames, channel_count, count, mix, minimum, maximum, sum_of_squares);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"))) static long fold_avx(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    return fold_vectors(frames, channel_count, count, mix, minimum, maximum, sum_of_squares);
}
#endif

static fold_function pick_fold(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return fold_avx;
#endif
    return fold_baseline;
}

/// Frames folded by the vector kernel (from the start); the caller folds the rest.
static long fold_interleaved_vectors(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    // Picked once; a racing first call picks the same function, so a relaxed store is enough.
    static fold_function chosen = 0;
    fold_function function = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (!function) {
        function = pick_fold();
        __atomic_store_n(&chosen, function, __ATOMIC_RELAXED);
    }
    return function(frames, channel_count, count, mix, minimum, maximum, sum_of_squares);
}

void decibel_summarize_interleaved_int16(
    const short *frames, long channel_count, long count, int mix, int *minimum, int *maximum,
    double *sum_of_squares) {
    int values[chunk_frames];
    long first = fold_interleaved_vectors(frames, channel_count, count, mix, minimum, maximum, sum_of_squares);
    for (long start = first; start < count; start += chunk_frames) {
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
                fold(values, chunk, minimum + channel, maximum + channel, sum_of_squares ? sum_of_squares + channel : 0);
            }
        }
    }
}
