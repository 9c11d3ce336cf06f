#include "decibel_true_peak.h"

#include <string.h>

// The phases of one output sample as one vector (clang's extension: vector code in debug builds too).
typedef float phases __attribute__((ext_vector_type(DECIBEL_TRUE_PEAK_PHASES)));

float decibel_true_peak_block(
    const float *restrict coefficients, float *restrict history, int position, const float *restrict samples,
    int count) {
    // A constant tap count lets the compiler unroll the filter and keep its coefficients in registers.
    enum { taps = DECIBEL_TRUE_PEAK_TAPS };
    phases row[taps];
    memcpy(row, coefficients, sizeof row);
    phases highest = 0, lowest = 0;
    int slot = position;
    for (int i = 0; i < count; i++) {
        history[slot] = samples[i];
        history[slot + taps] = samples[i];
        if (++slot == taps) slot = 0;
        // history[slot .. slot + taps) holds the newest `taps` inputs, oldest first.
        const float *newest = history + slot + taps - 1;
        phases y = 0;
        for (int tap = 0; tap < taps; tap++) {
            y += row[tap] * newest[-tap];  // multiply, then add (no fused multiply-add), as the Swift version did
        }
        highest = y > highest ? y : highest;
        lowest = y < lowest ? y : lowest;
    }
    float peak = 0;
    for (int phase = 0; phase < DECIBEL_TRUE_PEAK_PHASES; phase++) {
        if (highest[phase] > peak) peak = highest[phase];
        if (-lowest[phase] > peak) peak = -lowest[phase];
    }
    return peak;
}
