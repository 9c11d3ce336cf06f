#include "decibel_alsa.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

static _Atomic(decibel_alsa_log_fn) decibel_alsa_sink;

// alsa-lib calls this instead of printing. The text fits a stack buffer (alsa-lib's own messages are
// one short line); longer ones are cut rather than allocated for.
static void decibel_alsa_error_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    decibel_alsa_log_fn sink = atomic_load(&decibel_alsa_sink);
    if (sink == NULL) return;
    char message[512];
    va_list arguments;
    va_start(arguments, fmt);
    vsnprintf(message, sizeof message, fmt, arguments);
    va_end(arguments);
    sink(file, line, function, err, message);
}

int decibel_alsa_route_errors(decibel_alsa_snd_lib_error_set_handler_fn set_handler, decibel_alsa_log_fn sink) {
    atomic_store(&decibel_alsa_sink, sink);
    if (set_handler == NULL) return -1;
    return set_handler(decibel_alsa_error_handler);
}
