// PitchDetector's 16-tap interpolation between lags (its weights and weighted sums), in SSE2 (the x86-64
// baseline), with a scalar fallback that gives the same bits.
// Written for Decibel; MIT-licensed with the rest of the package.
#ifndef DECIBEL_LAG_INTERPOLATION_H
#define DECIBEL_LAG_INTERPOLATION_H

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Σ values[i] × weights[i] and Σ weights[i].
typedef struct {
    double weighted;
    double weights;
} decibel_weighted_sum;

/// The sums of 16 lanes in double (a float times a float is exact there), each as a tree: lane i plus
/// lane i + 8, then i plus i + 4, then i plus i + 2, then the last pair; the same additions in the same
/// order with or without SSE2, so both give the same bits.
static inline decibel_weighted_sum decibel_weighted_sum16(const float *values, const float *weights) {
#if defined(__SSE2__)
    __m128d w[8], p[8];
    for (int quad = 0; quad < 4; quad++) {
        __m128 v4 = _mm_loadu_ps(values + 4 * quad), w4 = _mm_loadu_ps(weights + 4 * quad);
        w[2 * quad] = _mm_cvtps_pd(w4);
        w[2 * quad + 1] = _mm_cvtps_pd(_mm_movehl_ps(w4, w4));
        p[2 * quad] = _mm_mul_pd(_mm_cvtps_pd(v4), w[2 * quad]);
        p[2 * quad + 1] = _mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(v4, v4)), w[2 * quad + 1]);
    }
    // Pairs k and k + 4 (lanes i and i + 8), then pairs 0 + 2 and 1 + 3 (i and i + 4), then the two pairs.
    __m128d four_low = _mm_add_pd(_mm_add_pd(p[0], p[4]), _mm_add_pd(p[2], p[6]));
    __m128d four_high = _mm_add_pd(_mm_add_pd(p[1], p[5]), _mm_add_pd(p[3], p[7]));
    __m128d weights_low = _mm_add_pd(_mm_add_pd(w[0], w[4]), _mm_add_pd(w[2], w[6]));
    __m128d weights_high = _mm_add_pd(_mm_add_pd(w[1], w[5]), _mm_add_pd(w[3], w[7]));
    __m128d two = _mm_add_pd(four_low, four_high), weight_two = _mm_add_pd(weights_low, weights_high);
    decibel_weighted_sum result = {
        _mm_cvtsd_f64(two) + _mm_cvtsd_f64(_mm_unpackhi_pd(two, two)),
        _mm_cvtsd_f64(weight_two) + _mm_cvtsd_f64(_mm_unpackhi_pd(weight_two, weight_two)),
    };
    return result;
#else
    double p[16], w[16];
    for (int i = 0; i < 16; i++) {
        w[i] = (double)weights[i];
        p[i] = (double)values[i] * w[i];
    }
    for (int width = 8; width >= 2; width /= 2)
        for (int i = 0; i < width; i++) {
            p[i] += p[i + width];
            w[i] += w[i + width];
        }
    decibel_weighted_sum result = {p[0] + p[1], w[0] + w[1]};
    return result;
#endif
}

/// The 16 taps' weights for a point `fraction` (0 < fraction < 1) past the 8th: x = fraction − tap for tap in
/// −7…8, ±1 / x (the sinc's sine, the same for every tap, cancels in the weighted mean) under a (1 − (x/9)²)²
/// window, the sign alternating with the tap. In float: as precise as the float lags they weigh, and a third
/// of double divisions' time.
static inline void decibel_sinc_weights16(float fraction, float *weights) {
#if defined(__SSE2__)
    const __m128 one = _mm_set1_ps(1), ninth = _mm_set1_ps(1.0f / 9.0f), at = _mm_set1_ps(fraction);
    const __m128 signs = _mm_setr_ps(-1, 1, -1, 1);
    for (int quad = 0; quad < 4; quad++) {
        float first = (float)(4 * quad - 7);
        __m128 x = _mm_sub_ps(at, _mm_setr_ps(first, first + 1, first + 2, first + 3));
        __m128 edge = _mm_mul_ps(x, ninth);
        __m128 taper = _mm_sub_ps(one, _mm_mul_ps(edge, edge));
        _mm_storeu_ps(weights + 4 * quad, _mm_div_ps(_mm_mul_ps(_mm_mul_ps(signs, taper), taper), x));
    }
#else
    for (int tap = 0; tap < 16; tap++) {
        float x = fraction - (float)(tap - 7), edge = x * (1.0f / 9.0f);
        float square = edge * edge;  // its own statement: `1 - edge * edge` may be fused into an FMA
        float taper = 1 - square;
        weights[tap] = (tap % 2 ? 1.0f : -1.0f) * taper * taper / x;
    }
#endif
}

/// `decibel_weighted_sum16` of `values` with the weights for `fraction` (`decibel_sinc_weights16`).
static inline decibel_weighted_sum decibel_sinc_sum16(const float *values, float fraction) {
    float weights[16];
    decibel_sinc_weights16(fraction, weights);
    return decibel_weighted_sum16(values, weights);
}

#endif
