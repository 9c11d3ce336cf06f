// CALSA: the alsa-lib declarations DecibelALSA builds against, plus the few helpers Swift cannot write.
//
// libasound.so.2 is never linked: DecibelALSA dlopen()s it and fills `decibel_alsa_api` with dlsym() (see
// BackendLibrary in DecibelCore), so a program with every backend starts where alsa-lib is missing.
// Never call the snd_* functions the headers declare directly; call them through `decibel_alsa_api`.
#ifndef DECIBEL_ALSA_H
#define DECIBEL_ALSA_H

#include <alsa/asoundlib.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>

/// Every alsa-lib function DecibelALSA calls, as an X-macro so the table and its names stay in step.
#define DECIBEL_ALSA_FUNCTIONS(X) \
    X(snd_strerror) \
    X(snd_asoundlib_version) \
    X(snd_lib_error_set_handler) \
    X(snd_pcm_open) \
    X(snd_pcm_close) \
    X(snd_pcm_nonblock) \
    X(snd_pcm_prepare) \
    X(snd_pcm_drop) \
    X(snd_pcm_drain) \
    X(snd_pcm_recover) \
    X(snd_pcm_state) \
    X(snd_pcm_avail_update) \
    X(snd_pcm_writei) \
    X(snd_pcm_readi) \
    X(snd_pcm_writen) \
    X(snd_pcm_readn) \
    X(snd_pcm_link) \
    X(snd_pcm_poll_descriptors_count) \
    X(snd_pcm_poll_descriptors) \
    X(snd_pcm_poll_descriptors_revents) \
    X(snd_pcm_hw_params_malloc) \
    X(snd_pcm_hw_params_free) \
    X(snd_pcm_hw_params_any) \
    X(snd_pcm_hw_params) \
    X(snd_pcm_hw_params_test_access) \
    X(snd_pcm_hw_params_set_access) \
    X(snd_pcm_hw_params_test_format) \
    X(snd_pcm_hw_params_set_format) \
    X(snd_pcm_hw_params_get_channels_min) \
    X(snd_pcm_hw_params_get_channels_max) \
    X(snd_pcm_hw_params_set_channels) \
    X(snd_pcm_hw_params_get_rate_min) \
    X(snd_pcm_hw_params_get_rate_max) \
    X(snd_pcm_hw_params_test_rate) \
    X(snd_pcm_hw_params_set_rate_near) \
    X(snd_pcm_hw_params_set_period_size_near) \
    X(snd_pcm_hw_params_set_buffer_size_near) \
    X(snd_pcm_hw_params_get_period_size) \
    X(snd_pcm_hw_params_get_buffer_size) \
    X(snd_pcm_sw_params_malloc) \
    X(snd_pcm_sw_params_free) \
    X(snd_pcm_sw_params_current) \
    X(snd_pcm_sw_params_set_avail_min) \
    X(snd_pcm_sw_params_set_start_threshold) \
    X(snd_pcm_sw_params_set_stop_threshold) \
    X(snd_pcm_sw_params) \
    X(snd_device_name_hint) \
    X(snd_device_name_get_hint) \
    X(snd_device_name_free_hint) \
    X(snd_card_next) \
    X(snd_card_get_name) \
    X(snd_ctl_open) \
    X(snd_ctl_close) \
    X(snd_ctl_card_info_malloc) \
    X(snd_ctl_card_info_free) \
    X(snd_ctl_card_info) \
    X(snd_ctl_card_info_get_id) \
    X(snd_ctl_pcm_next_device) \
    X(snd_ctl_pcm_info) \
    X(snd_pcm_info_malloc) \
    X(snd_pcm_info_free) \
    X(snd_pcm_info_set_device) \
    X(snd_pcm_info_set_subdevice) \
    X(snd_pcm_info_set_stream) \
    X(snd_pcm_info_get_name)

/// The alsa-lib functions DecibelALSA calls, resolved at run time (field names match the C functions).
/// Filled in declaration order from `decibel_alsa_function_name` and used only once every entry
/// resolved, so the fields are declared non-null.
typedef struct decibel_alsa_api {
#define DECIBEL_ALSA_FIELD(name) __typeof__(name) * _Nonnull name;
    DECIBEL_ALSA_FUNCTIONS(DECIBEL_ALSA_FIELD)
#undef DECIBEL_ALSA_FIELD
} decibel_alsa_api;

/// The name of `decibel_alsa_api`'s field number `index` (declaration order), or NULL past the last.
const char *_Nullable decibel_alsa_function_name(size_t index);

/// Receives one alsa-lib diagnostic, already formatted: source location, the error code and the text.
typedef void (*decibel_alsa_log_fn)(const char *_Nullable file, int line, const char *_Nullable function, int err, const char *_Nonnull message);

/// Routes alsa-lib's diagnostics (which it would print to stderr) to `sink`, through alsa-lib's
/// `snd_lib_error_set_handler` from the table. Its handler is variadic, which Swift cannot
/// implement, so a C handler formats the text and forwards it. Returns what `set_handler` returns.
int decibel_alsa_route_errors(const decibel_alsa_api *_Nonnull api, decibel_alsa_log_fn _Nullable sink);

#endif
