#include "graph_bench_floor.h"

void decibel_bench_mix(const float *const *left, const float *const *right, int count, int length,
                       int *positions, float *out_left, float *out_right, int frames) {
    for (int i = 0; i < frames; i++) { out_left[i] = 0; out_right[i] = 0; }
    for (int s = 0; s < count; s++) {
        int position = positions[s];
        int done = 0;
        while (done < frames) {
            int run = length - position;
            if (run > frames - done) run = frames - done;
            const float *l = left[s] + position, *r = right[s] + position;
            for (int i = 0; i < run; i++) { out_left[done + i] += l[i]; out_right[done + i] += r[i]; }
            done += run;
            position += run;
            if (position == length) position = 0;
        }
        positions[s] = position;
    }
}

float *decibel_bench_gain_chain(float *a_left, float *a_right, float *b_left, float *b_right,
                                int n, float gain, int frames, float **result_right) {
    float *in_l = a_left, *in_r = a_right, *out_l = b_left, *out_r = b_right;
    for (int stage = 0; stage < n; stage++) {
        for (int i = 0; i < frames; i++) { out_l[i] = in_l[i] * gain; out_r[i] = in_r[i] * gain; }
        float *t = in_l; in_l = out_l; out_l = t;
        t = in_r; in_r = out_r; out_r = t;
    }
    *result_right = in_r;
    return in_l;
}
