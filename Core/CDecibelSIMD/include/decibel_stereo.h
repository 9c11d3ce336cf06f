// The stereo gain loop of Decibel's render graph: both channels in one pass. Written for Decibel;
// MIT-licensed with the rest of the package.
#ifndef DECIBEL_STEREO_H
#define DECIBEL_STEREO_H

typedef float decibel_v4 __attribute__((vector_size(16), aligned(4)));

/// Writes `left` × `gain_left` and `right` × `gain_right` into `out_left` and `out_right` over `frames`
/// frames, or adds them when `accumulate` is non-zero. An output may be its own input (each vector is read
/// before it is written) and `left` may be `right` (a mono source); other overlaps are not allowed. Each
/// sample is computed as the scalar `out = in * gain` or `out = out + in * gain`, never fused into one
/// multiply-add, so the result is bit-identical to Swift's scalar loop. Inline, so Swift's optimiser inlines
/// it into the node's code. Neither allocates nor locks.
static inline void decibel_scale_stereo(
    const float *left, const float *right, float *out_left, float *out_right, float gain_left, float gain_right,
    long frames, int accumulate) {
#pragma clang fp contract(off)
    const decibel_v4 gl = {gain_left, gain_left, gain_left, gain_left};
    const decibel_v4 gr = {gain_right, gain_right, gain_right, gain_right};
    long i = 0;
    // Eight frames a pass, every load before any store: in place, the stores change nothing read later.
    for (; i + 8 <= frames; i += 8) {
        decibel_v4 l0 = *(const decibel_v4 *)(left + i) * gl, l1 = *(const decibel_v4 *)(left + i + 4) * gl;
        decibel_v4 r0 = *(const decibel_v4 *)(right + i) * gr, r1 = *(const decibel_v4 *)(right + i + 4) * gr;
        if (accumulate) {
            l0 = *(const decibel_v4 *)(out_left + i) + l0;
            l1 = *(const decibel_v4 *)(out_left + i + 4) + l1;
            r0 = *(const decibel_v4 *)(out_right + i) + r0;
            r1 = *(const decibel_v4 *)(out_right + i + 4) + r1;
        }
        *(decibel_v4 *)(out_left + i) = l0;
        *(decibel_v4 *)(out_left + i + 4) = l1;
        *(decibel_v4 *)(out_right + i) = r0;
        *(decibel_v4 *)(out_right + i + 4) = r1;
    }
    for (; i < frames; i++) {
        float l = left[i] * gain_left, r = right[i] * gain_right;
        if (accumulate) {
            out_left[i] = out_left[i] + l;
            out_right[i] = out_right[i] + r;
        } else {
            out_left[i] = l;
            out_right[i] = r;
        }
    }
}

#endif
