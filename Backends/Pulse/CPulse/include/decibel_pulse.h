// CPulse: PulseAudio's headers (types and constants) plus a table of the libpulse functions DecibelPulse
// calls. The library is NOT linked: DecibelPulse dlopen()s libpulse.so.0 and fills the table with dlsym(),
// so a program with every backend starts where libpulse is missing. Never call the pa_* functions the
// headers declare directly; call them through `decibel_pulse_api`.
#ifndef DECIBEL_PULSE_H
#define DECIBEL_PULSE_H

#include <stdint.h>
#include <stddef.h>
#include <pulse/pulseaudio.h>

/// Every libpulse function DecibelPulse calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_PULSE_FUNCTIONS(X) \
    X(pa_get_library_version) \
    X(pa_strerror) \
    X(pa_threaded_mainloop_new) \
    X(pa_threaded_mainloop_free) \
    X(pa_threaded_mainloop_start) \
    X(pa_threaded_mainloop_stop) \
    X(pa_threaded_mainloop_lock) \
    X(pa_threaded_mainloop_unlock) \
    X(pa_threaded_mainloop_get_api) \
    X(pa_threaded_mainloop_in_thread) \
    X(pa_context_new) \
    X(pa_context_unref) \
    X(pa_context_connect) \
    X(pa_context_disconnect) \
    X(pa_context_get_state) \
    X(pa_context_errno) \
    X(pa_context_get_server) \
    X(pa_context_set_state_callback) \
    X(pa_context_set_subscribe_callback) \
    X(pa_context_subscribe) \
    X(pa_context_get_server_info) \
    X(pa_context_get_sink_info_list) \
    X(pa_context_get_source_info_list) \
    X(pa_context_get_sink_info_by_index) \
    X(pa_context_get_source_info_by_index) \
    X(pa_context_move_sink_input_by_name) \
    X(pa_context_move_source_output_by_name) \
    X(pa_operation_unref) \
    X(pa_operation_cancel) \
    X(pa_operation_get_state) \
    X(pa_channel_map_init_extend) \
    X(pa_stream_new) \
    X(pa_stream_unref) \
    X(pa_stream_connect_playback) \
    X(pa_stream_connect_record) \
    X(pa_stream_disconnect) \
    X(pa_stream_get_state) \
    X(pa_stream_get_index) \
    X(pa_stream_get_device_name) \
    X(pa_stream_get_sample_spec) \
    X(pa_stream_get_buffer_attr) \
    X(pa_stream_get_latency) \
    X(pa_stream_update_timing_info) \
    X(pa_stream_set_state_callback) \
    X(pa_stream_set_write_callback) \
    X(pa_stream_set_read_callback) \
    X(pa_stream_set_underflow_callback) \
    X(pa_stream_set_overflow_callback) \
    X(pa_stream_set_moved_callback) \
    X(pa_stream_begin_write) \
    X(pa_stream_cancel_write) \
    X(pa_stream_write) \
    X(pa_stream_flush) \
    X(pa_stream_peek) \
    X(pa_stream_drop)

/// The libpulse functions DecibelPulse calls, resolved at run time (field names match the C functions).
/// Swift fills it from `decibel_pulse_function_name` with dlsym(), in this order, and only uses it once
/// every entry resolved, so the fields are declared non-null.
typedef struct decibel_pulse_api {
#define DECIBEL_PULSE_FIELD(name) __typeof__(name) * _Nonnull name;
    DECIBEL_PULSE_FUNCTIONS(DECIBEL_PULSE_FIELD)
#undef DECIBEL_PULSE_FIELD
} decibel_pulse_api;

/// The name of `decibel_pulse_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_pulse_function_name(size_t index);

/// PA_INVALID_INDEX (a cast macro Swift does not import).
uint32_t decibel_pulse_invalid_index(void);

/// `(uint32_t) -1`: "let the server choose" for a pa_buffer_attr field.
uint32_t decibel_pulse_attr_default(void);

/// The facility bits of a subscription event (PA_SUBSCRIPTION_EVENT_FACILITY_MASK applied).
uint32_t decibel_pulse_event_facility(pa_subscription_event_type_t type);

/// The kind bits of a subscription event (PA_SUBSCRIPTION_EVENT_TYPE_MASK applied).
uint32_t decibel_pulse_event_kind(pa_subscription_event_type_t type);

#endif
