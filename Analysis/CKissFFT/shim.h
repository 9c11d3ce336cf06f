// KissFFT (BSD-3-Clause), single precision, real-input transform, for DecibelAnalysis.
#ifndef DECIBEL_CKISSFFT_SHIM_H
#define DECIBEL_CKISSFFT_SHIM_H
#include <kissfft/kiss_fftr.h>

/// Releases a configuration from kiss_fftr_alloc (`kiss_fftr_free` is a macro Swift cannot call).
static inline void decibel_kissfft_free(kiss_fftr_cfg configuration) { kiss_fftr_free(configuration); }
#endif
