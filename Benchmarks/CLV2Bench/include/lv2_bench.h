#ifndef LV2_BENCH_H
#define LV2_BENCH_H

/// An LV2 plugin run straight from C through lilv, the peer of Decibel's PluginNode: instantiates `uri`
/// at 48 kHz (URID map and bounded-block options as a host must give), connects one mono audio input
/// and output and every control port to its default, then times `blocks` calls of run(`frames`) after
/// `warmup` untimed ones. Returns the timed seconds, or a negative number when the plugin does not load.
double lv2_bench_run(const char *uri, int warmup, int blocks, int frames);

#endif
