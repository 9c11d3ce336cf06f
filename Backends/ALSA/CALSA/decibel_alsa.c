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

int decibel_alsa_route_errors(const decibel_alsa_api *api, decibel_alsa_log_fn sink) {
    atomic_store(&decibel_alsa_sink, sink);
    return api->snd_lib_error_set_handler(decibel_alsa_error_handler);
}

#define DECIBEL_ALSA_NAME(name) #name,
static const char *const names[] = { DECIBEL_ALSA_FUNCTIONS(DECIBEL_ALSA_NAME) NULL };

const char *decibel_alsa_function_name(size_t index) {
    return index < sizeof(names) / sizeof(names[0]) ? names[index] : NULL;
}
