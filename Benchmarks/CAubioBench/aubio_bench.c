#include "aubio_bench.h"

#include <aubio/aubio.h>
#include <string.h>
#include <time.h>

static double now_microseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

double decibel_bench_aubio_pitch(const char *method, const float *samples, int frames, int buffer, int hop,
                                 int sample_rate, int repeats, float *estimates) {
    aubio_pitch_t *pitch = new_aubio_pitch(method, buffer, hop, sample_rate);
    if (!pitch) return -1;
    aubio_pitch_set_unit(pitch, "Hz");
    aubio_pitch_set_silence(pitch, -60);
    fvec_t *in = new_fvec(hop), *out = new_fvec(1);
    int hops = frames / hop;
    double started = now_microseconds();
    for (int pass = 0; pass < repeats; pass++) {
        for (int h = 0; h < hops; h++) {
            memcpy(in->data, samples + (size_t)h * hop, sizeof(float) * hop);
            aubio_pitch_do(pitch, in, out);
            estimates[h] = out->data[0];
        }
    }
    double elapsed = now_microseconds() - started;
    del_fvec(in);
    del_fvec(out);
    del_aubio_pitch(pitch);
    return elapsed / ((double)hops * repeats);
}
