// CJACK: what DecibelJACK needs from <jack/jack.h> that Swift cannot express itself.
//
// - `decibel_jack_api` is a table of typed function pointers, typed with `__typeof__` from the real
//   prototypes so the signatures can never drift from the header. The Swift side fills it with dlsym.
// - `jack_client_open` is variadic, so Swift cannot call it; `decibel_jack_client_open` calls it through
//   the resolved pointer with or without a server name.
// - `JACK_DEFAULT_AUDIO_TYPE` is a macro; `decibel_jack_audio_type` returns it.
#ifndef DECIBEL_JACK_H
#define DECIBEL_JACK_H

#include <stddef.h>
#include <jack/jack.h>
#include <jack/types.h>

/// Every libjack function DecibelJACK calls, resolved with dlsym at run time.
typedef struct decibel_jack_api {
    void *client_open;  // variadic: call through decibel_jack_client_open
    __typeof__(jack_client_close) *client_close;
    __typeof__(jack_get_client_name) *get_client_name;
    __typeof__(jack_activate) *activate;
    __typeof__(jack_deactivate) *deactivate;
    __typeof__(jack_get_sample_rate) *get_sample_rate;
    __typeof__(jack_get_buffer_size) *get_buffer_size;
    __typeof__(jack_port_register) *port_register;
    __typeof__(jack_port_get_buffer) *port_get_buffer;
    __typeof__(jack_port_name) *port_name;
    __typeof__(jack_port_by_name) *port_by_name;
    __typeof__(jack_port_flags) *port_flags;
    __typeof__(jack_port_get_latency_range) *port_get_latency_range;
    __typeof__(jack_get_ports) *get_ports;
    __typeof__(jack_free) *free;
    __typeof__(jack_connect) *connect;
    __typeof__(jack_set_process_callback) *set_process_callback;
    __typeof__(jack_set_xrun_callback) *set_xrun_callback;
    __typeof__(jack_on_info_shutdown) *on_info_shutdown;
    __typeof__(jack_set_buffer_size_callback) *set_buffer_size_callback;
    __typeof__(jack_set_sample_rate_callback) *set_sample_rate_callback;
    __typeof__(jack_set_port_registration_callback) *set_port_registration_callback;
    __typeof__(jack_set_client_registration_callback) *set_client_registration_callback;
    __typeof__(jack_set_error_function) *set_error_function;
    __typeof__(jack_set_info_function) *set_info_function;
} decibel_jack_api;

/// Calls `jack_client_open` through `api->client_open`, passing `JackServerName` and `server_name`
/// when `server_name` is not NULL. Returns NULL (with `*status` set) on failure.
jack_client_t *decibel_jack_client_open(const decibel_jack_api *api, const char *client_name,
                                        jack_options_t options, jack_status_t *status, const char *server_name);

/// `JACK_DEFAULT_AUDIO_TYPE`: the type string of 32-bit float mono audio ports.
const char *decibel_jack_audio_type(void);

#endif
