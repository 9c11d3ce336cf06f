// The transform's kernels, included twice by decibel_fft.c: once for AVX2+FMA, once for the baseline.
// KERNEL(name) gives each copy its own names. No include guard, on purpose.
//
// Layout: complex data is split (real parts in one array, imaginary in another). The complex FFT of
// M = size / 2 points is Stockham's autosort form: radix-4 passes from stride 1 upwards, then one
// radix-2 pass if log2 M is odd; each pass reads one buffer and writes the other, in natural order.
// A pass with stride s computes, for p < n/4 and q < s (n = M / s, quarter = M / 4):
//   a, b, c, d = x[q + s·p + k·quarter], k = 0…3
//   y[q + s·(4p + r)] = W_n^(r·p) · (the r-th output of a 4-point DFT of a, b, c, d)

/// in: a, b, c, d as real, imaginary pairs; w: W^p, W^2p, W^3p likewise. Pointers, not vectors, as
/// arguments: passing 8-float vectors by value changes the ABI between the two builds.
static inline __attribute__((always_inline)) void KERNEL(butterfly4)(
    const v8 in[8], const v8 w[6], v8 yr[4], v8 yi[4]) {
    v8 ar = in[0], ai = in[1], br = in[2], bi = in[3], cr = in[4], ci = in[5], dr = in[6], di = in[7];
    v8 apcr = ar + cr, apci = ai + ci, amcr = ar - cr, amci = ai - ci;
    v8 bpdr = br + dr, bpdi = bi + di, bmdr = br - dr, bmdi = bi - di;
    yr[0] = apcr + bpdr;
    yi[0] = apci + bpdi;
    v8 y1r = amcr + bmdi, y1i = amci - bmdr;  // (a - c) - i(b - d)
    v8 y2r = apcr - bpdr, y2i = apci - bpdi;
    v8 y3r = amcr - bmdi, y3i = amci + bmdr;  // (a - c) + i(b - d)
    yr[1] = y1r * w[0] - y1i * w[1];
    yi[1] = y1r * w[1] + y1i * w[0];
    yr[2] = y2r * w[2] - y2i * w[3];
    yi[2] = y2r * w[3] + y2i * w[2];
    yr[3] = y3r * w[4] - y3i * w[5];
    yi[3] = y3r * w[5] + y3i * w[4];
}

static inline __attribute__((always_inline)) void KERNEL(load_quarters)(
    int quarter, int i, const float *xr, const float *xi, v8 in[8]) {
    for (int k = 0; k < 4; k++) {
        in[2 * k] = *(const v8 *)(xr + i + k * quarter);
        in[2 * k + 1] = *(const v8 *)(xi + i + k * quarter);
    }
}

/// A radix-4 pass with stride s ≥ 8: q runs along vectors, the twiddles are one per p (6 arrays of m).
static void KERNEL(radix4_strided)(
    int quarter, int s, int m, const float *twiddles, const float *xr, const float *xi, float *yr,
    float *yi) {
    for (int p = 0; p < m; p++) {
        v8 w[6];
        for (int k = 0; k < 6; k++) w[k] = (v8){} + twiddles[k * m + p];
        for (int q = 0; q < s; q += 8) {
            int i = s * p + q;
            v8 outr[4], outi[4];
            v8 in[8];
            KERNEL(load_quarters)(quarter, i, xr, xi, in);
            KERNEL(butterfly4)(in, w, outr, outi);
            int base = 4 * s * p + q;
            for (int r = 0; r < 4; r++) {
                *(v8 *)(yr + base + r * s) = outr[r];
                *(v8 *)(yi + base + r * s) = outi[r];
            }
        }
    }
}

/// Writes four vectors interleaved in runs of `s` lanes (s = 1 or 4): 32 floats from `out`.
static inline __attribute__((always_inline)) void KERNEL(store_interleaved)(int s, const v8 y[4], float *out) {
    if (s == 1) {
        v8 lo01 = __builtin_shufflevector(y[0], y[1], 0, 8, 1, 9, 2, 10, 3, 11);
        v8 hi01 = __builtin_shufflevector(y[0], y[1], 4, 12, 5, 13, 6, 14, 7, 15);
        v8 lo23 = __builtin_shufflevector(y[2], y[3], 0, 8, 1, 9, 2, 10, 3, 11);
        v8 hi23 = __builtin_shufflevector(y[2], y[3], 4, 12, 5, 13, 6, 14, 7, 15);
        *(v8 *)(out + 0) = __builtin_shufflevector(lo01, lo23, 0, 1, 8, 9, 2, 3, 10, 11);
        *(v8 *)(out + 8) = __builtin_shufflevector(lo01, lo23, 4, 5, 12, 13, 6, 7, 14, 15);
        *(v8 *)(out + 16) = __builtin_shufflevector(hi01, hi23, 0, 1, 8, 9, 2, 3, 10, 11);
        *(v8 *)(out + 24) = __builtin_shufflevector(hi01, hi23, 4, 5, 12, 13, 6, 7, 14, 15);
    } else {
        *(v8 *)(out + 0) = __builtin_shufflevector(y[0], y[1], 0, 1, 2, 3, 8, 9, 10, 11);
        *(v8 *)(out + 8) = __builtin_shufflevector(y[2], y[3], 0, 1, 2, 3, 8, 9, 10, 11);
        *(v8 *)(out + 16) = __builtin_shufflevector(y[0], y[1], 4, 5, 6, 7, 12, 13, 14, 15);
        *(v8 *)(out + 24) = __builtin_shufflevector(y[2], y[3], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

/// A radix-4 pass with stride 1 or 4: vectors run along i = s·p + q, the twiddles are expanded to one
/// per i (6 arrays of `quarter`), and the outputs are interleaved on the way out.
static void KERNEL(radix4_interleaved)(
    int quarter, int s, const float *twiddles, const float *xr, const float *xi, float *yr, float *yi) {
    for (int i = 0; i < quarter; i += 8) {
        v8 w[6];
        for (int k = 0; k < 6; k++) w[k] = *(const v8 *)(twiddles + k * quarter + i);
        v8 outr[4], outi[4];
        v8 in[8];
        KERNEL(load_quarters)(quarter, i, xr, xi, in);
        KERNEL(butterfly4)(in, w, outr, outi);
        KERNEL(store_interleaved)(s, outr, yr + 4 * i);
        KERNEL(store_interleaved)(s, outi, yi + 4 * i);
    }
}

/// The last pass when log2 M is odd: n = 2, stride M / 2, no twiddles.
static void KERNEL(radix2)(int s, const float *xr, const float *xi, float *yr, float *yi) {
    for (int q = 0; q < s; q += 8) {
        v8 ar = *(const v8 *)(xr + q), ai = *(const v8 *)(xi + q);
        v8 br = *(const v8 *)(xr + q + s), bi = *(const v8 *)(xi + q + s);
        *(v8 *)(yr + q) = ar + br;
        *(v8 *)(yi + q) = ai + bi;
        *(v8 *)(yr + q + s) = ar - br;
        *(v8 *)(yi + q + s) = ai - bi;
    }
}

/// Runs every pass on the data in buffer 0 (`re`, `im` as given) and returns which buffer holds the result.
static int KERNEL(complex_passes)(const decibel_fft *fft, float *re[2], float *im[2]) {
    int from = 0;
    for (int index = 0; index < fft->stage_count; index++) {
        const decibel_fft_stage *stage = &fft->stages[index];
        int to = 1 - from;
        if (stage->radix == 2) {
            KERNEL(radix2)(stage->stride, re[from], im[from], re[to], im[to]);
        } else if (stage->stride < 8) {
            KERNEL(radix4_interleaved)(
                fft->quarter, stage->stride, stage->twiddles, re[from], im[from], re[to], im[to]);
        } else {
            KERNEL(radix4_strided)(
                fft->quarter, stage->stride, stage->span, stage->twiddles, re[from], im[from], re[to], im[to]);
        }
        from = to;
    }
    return from;
}


static void KERNEL(forward)(decibel_fft *fft, const float *input, float *real, float *imaginary) {
    int half = fft->half;
    float *re[2] = {fft->buffers[0], fft->buffers[2]}, *im[2] = {fft->buffers[1], fft->buffers[3]};
    // Even samples become the real parts and odd ones the imaginary parts of a half-size complex input.
    for (int n = 0; n < half; n += 8) {
        v8 lo = *(const v8u *)(input + 2 * n), hi = *(const v8u *)(input + 2 * n + 8);
        *(v8 *)(re[0] + n) = __builtin_shufflevector(lo, hi, 0, 2, 4, 6, 8, 10, 12, 14);
        *(v8 *)(im[0] + n) = __builtin_shufflevector(lo, hi, 1, 3, 5, 7, 9, 11, 13, 15);
    }
    int result = KERNEL(complex_passes)(fft, re, im);
    const float *zr = re[result], *zi = im[result];
    const float *wr = fft->post_real, *wi = fft->post_imaginary;
    real[0] = zr[0] + zi[0];
    imaginary[0] = 0;
    real[half] = zr[0] - zi[0];
    imaginary[half] = 0;
    // Bin k and bin half − k come from Z[k] and Z[half − k]: with E = (Z[k] + conj Z[half−k]) / 2 and
    // O = (Z[k] − conj Z[half−k]) / 2i, X[k] = E + W^k·O and X[half−k] = conj(E − W^k·O).
    int k = 1;
    for (; k + 8 <= half / 2; k += 8) {
        v8 ar = *(const v8u *)(zr + k), ai = *(const v8u *)(zi + k);
        v8 br = REVERSED(*(const v8u *)(zr + half - k - 7));
        v8 bi = REVERSED(*(const v8u *)(zi + half - k - 7));
        v8 half8 = (v8){} + 0.5f;
        v8 er = (ar + br) * half8, ei = (ai - bi) * half8;
        v8 or_ = (ai + bi) * half8, oi = (br - ar) * half8;
        v8 twr = *(const v8u *)(wr + k), twi = *(const v8u *)(wi + k);
        v8 tr = twr * or_ - twi * oi, ti = twr * oi + twi * or_;
        *(v8u *)(real + k) = er + tr;
        *(v8u *)(imaginary + k) = ei + ti;
        *(v8u *)(real + half - k - 7) = REVERSED(er - tr);
        *(v8u *)(imaginary + half - k - 7) = REVERSED(ti - ei);
    }
    for (; k <= half / 2; k++) {
        float ar = zr[k], ai = zi[k], br = zr[half - k], bi = zi[half - k];
        float er = (ar + br) * 0.5f, ei = (ai - bi) * 0.5f, or_ = (ai + bi) * 0.5f, oi = (br - ar) * 0.5f;
        float tr = wr[k] * or_ - wi[k] * oi, ti = wr[k] * oi + wi[k] * or_;
        real[half - k] = er - tr;
        imaginary[half - k] = ti - ei;
        real[k] = er + tr;
        imaginary[k] = ei + ti;
    }
}

static void KERNEL(inverse)(decibel_fft *fft, const float *real, const float *imaginary, float *output) {
    int half = fft->half;
    // The complex inverse is the forward transform of the input with real and imaginary parts swapped,
    // whose output comes out swapped too: so the half-size input is written into (im, re).
    float *re[2] = {fft->buffers[1], fft->buffers[3]}, *im[2] = {fft->buffers[0], fft->buffers[2]};
    float *zr = fft->buffers[0], *zi = fft->buffers[1];
    const float *wr = fft->post_real, *wi = fft->post_imaginary;
    // Z[k] = E + i·O with E = X[k] + conj X[half−k] and O = (X[k] − conj X[half−k])·conj W^k, and
    // Z[half−k] = conj E + i·conj O. No 1/2: the result comes out scaled by size, as promised.
    {
        float er = real[0] + real[half], ei = 0;
        float dr = real[0] - real[half], di = 0;
        zr[0] = er - di;  // O = D at k = 0
        zi[0] = ei + dr;
    }
    int k = 1;
    for (; k + 8 <= half / 2; k += 8) {
        v8 ar = *(const v8u *)(real + k), ai = *(const v8u *)(imaginary + k);
        v8 br = REVERSED(*(const v8u *)(real + half - k - 7));
        v8 bi = REVERSED(*(const v8u *)(imaginary + half - k - 7));
        v8 er = ar + br, ei = ai - bi, dr = ar - br, di = ai + bi;
        v8 twr = *(const v8u *)(wr + k), twi = *(const v8u *)(wi + k);
        v8 or_ = dr * twr + di * twi, oi = di * twr - dr * twi;
        *(v8u *)(zr + k) = er - oi;
        *(v8u *)(zi + k) = ei + or_;
        *(v8u *)(zr + half - k - 7) = REVERSED(er + oi);
        *(v8u *)(zi + half - k - 7) = REVERSED(or_ - ei);
    }
    for (; k <= half / 2; k++) {
        float ar = real[k], ai = imaginary[k], br = real[half - k], bi = imaginary[half - k];
        float er = ar + br, ei = ai - bi, dr = ar - br, di = ai + bi;
        float or_ = dr * wr[k] + di * wi[k], oi = di * wr[k] - dr * wi[k];
        zr[half - k] = er + oi;
        zi[half - k] = or_ - ei;
        zr[k] = er - oi;
        zi[k] = ei + or_;
    }
    int result = KERNEL(complex_passes)(fft, re, im);
    const float *even = im[result], *odd = re[result];
    for (int n = 0; n < half; n += 8) {
        v8 e = *(const v8 *)(even + n), o = *(const v8 *)(odd + n);
        *(v8u *)(output + 2 * n) = __builtin_shufflevector(e, o, 0, 8, 1, 9, 2, 10, 3, 11);
        *(v8u *)(output + 2 * n + 8) = __builtin_shufflevector(e, o, 4, 12, 5, 13, 6, 14, 7, 15);
    }
}
