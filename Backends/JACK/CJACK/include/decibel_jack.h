// CJACK: JACK's headers (types and constants) plus a table of the libjack functions DecibelJACK calls.
// libjack is NOT linked: DecibelJACK dlopen()s libjack.so.0 and fills the table with dlsym() (see
// BackendLibrary in DecibelCore), so a program with every backend starts where libjack is missing.
// Never call the jack_* functions the headers declare directly; call them through `decibel_jack_api`.
//
// Also here, what Swift cannot express itself:
// - `jack_client_open` is variadic; `decibel_jack_client_open` calls it with or without a server name.
// - `JACK_DEFAULT_AUDIO_TYPE` is a macro; `decibel_jack_audio_type` returns it.
#ifndef DECIBEL_JACK_H
#define DECIBEL_JACK_H

#include <stddef.h>
#include <jack/jack.h>
#include <jack/types.h>

/// Every libjack function DecibelJACK calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_JACK_FUNCTIONS(X) \
    X(jack_client_open) \
    X(jack_client_close) \
    X(jack_get_client_name) \
    X(jack_activate) \
    X(jack_deactivate) \
    X(jack_get_sample_rate) \
    X(jack_get_buffer_size) \
    X(jack_port_register) \
    X(jack_port_get_buffer) \
    X(jack_port_name) \
    X(jack_port_by_name) \
    X(jack_port_flags) \
    X(jack_port_get_latency_range) \
    X(jack_get_ports) \
    X(jack_free) \
    X(jack_connect) \
    X(jack_set_process_callback) \
    X(jack_set_xrun_callback) \
    X(jack_on_info_shutdown) \
    X(jack_set_buffer_size_callback) \
    X(jack_set_sample_rate_callback) \
    X(jack_set_port_registration_callback) \
    X(jack_set_client_registration_callback) \
    X(jack_set_error_function) \
    X(jack_set_info_function)

/// The libjack functions DecibelJACK calls, resolved at run time (field names match the C functions).
/// Filled in declaration order from `decibel_jack_function_name` and used only once every entry
/// resolved, so the fields are declared non-null.
typedef struct decibel_jack_api {
#define DECIBEL_JACK_FIELD(name) __typeof__(name) * _Nonnull name;
    DECIBEL_JACK_FUNCTIONS(DECIBEL_JACK_FIELD)
#undef DECIBEL_JACK_FIELD
} decibel_jack_api;

/// The name of `decibel_jack_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_jack_function_name(size_t index);

/// Calls `jack_client_open` through the table, passing `JackServerName` and `server_name` when
/// `server_name` is not NULL. Returns NULL (with `*status` set) on failure.
jack_client_t *_Nullable decibel_jack_client_open(const decibel_jack_api *_Nonnull api, const char *_Nonnull client_name,
                                                  jack_options_t options, jack_status_t *_Nullable status,
                                                  const char *_Nullable server_name);

/// The file of the shared object that defines `symbol` (`dladdr`, which needs _GNU_SOURCE), or NULL.
const char *_Nullable decibel_jack_defining_file(const void *_Nullable symbol);

/// `JACK_DEFAULT_AUDIO_TYPE`: the type string of 32-bit float mono audio ports.
const char *_Nonnull decibel_jack_audio_type(void);

#endif
