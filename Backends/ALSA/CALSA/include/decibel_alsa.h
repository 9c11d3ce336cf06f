// CALSA: the alsa-lib declarations DecibelALSA builds against, plus the few helpers Swift cannot write.
//
// libasound.so.2 is never linked: DecibelALSA dlopens it and resolves each function it calls with dlsym,
// casting to the `decibel_alsa_<name>_fn` pointer types declared below (derived from alsa-lib's own
// prototypes, so a signature can never drift from the header).
#ifndef DECIBEL_ALSA_H
#define DECIBEL_ALSA_H

#include <alsa/asoundlib.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>

/// Function-pointer types for every alsa-lib function DecibelALSA resolves.
#define DECIBEL_ALSA_FN(name) typedef __typeof__(name) *decibel_alsa_##name##_fn;
DECIBEL_ALSA_FN(snd_strerror)
DECIBEL_ALSA_FN(snd_asoundlib_version)
DECIBEL_ALSA_FN(snd_lib_error_set_handler)
DECIBEL_ALSA_FN(snd_pcm_open)
DECIBEL_ALSA_FN(snd_pcm_close)
DECIBEL_ALSA_FN(snd_pcm_nonblock)
DECIBEL_ALSA_FN(snd_pcm_prepare)
DECIBEL_ALSA_FN(snd_pcm_drop)
DECIBEL_ALSA_FN(snd_pcm_drain)
DECIBEL_ALSA_FN(snd_pcm_recover)
DECIBEL_ALSA_FN(snd_pcm_state)
DECIBEL_ALSA_FN(snd_pcm_avail_update)
DECIBEL_ALSA_FN(snd_pcm_writei)
DECIBEL_ALSA_FN(snd_pcm_readi)
DECIBEL_ALSA_FN(snd_pcm_writen)
DECIBEL_ALSA_FN(snd_pcm_readn)
DECIBEL_ALSA_FN(snd_pcm_link)
DECIBEL_ALSA_FN(snd_pcm_poll_descriptors_count)
DECIBEL_ALSA_FN(snd_pcm_poll_descriptors)
DECIBEL_ALSA_FN(snd_pcm_poll_descriptors_revents)
DECIBEL_ALSA_FN(snd_pcm_hw_params_malloc)
DECIBEL_ALSA_FN(snd_pcm_hw_params_free)
DECIBEL_ALSA_FN(snd_pcm_hw_params_any)
DECIBEL_ALSA_FN(snd_pcm_hw_params)
DECIBEL_ALSA_FN(snd_pcm_hw_params_test_access)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_access)
DECIBEL_ALSA_FN(snd_pcm_hw_params_test_format)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_format)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_channels_min)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_channels_max)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_channels)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_rate_min)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_rate_max)
DECIBEL_ALSA_FN(snd_pcm_hw_params_test_rate)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_rate_near)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_period_size_near)
DECIBEL_ALSA_FN(snd_pcm_hw_params_set_buffer_size_near)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_period_size)
DECIBEL_ALSA_FN(snd_pcm_hw_params_get_buffer_size)
DECIBEL_ALSA_FN(snd_pcm_sw_params_malloc)
DECIBEL_ALSA_FN(snd_pcm_sw_params_free)
DECIBEL_ALSA_FN(snd_pcm_sw_params_current)
DECIBEL_ALSA_FN(snd_pcm_sw_params_set_avail_min)
DECIBEL_ALSA_FN(snd_pcm_sw_params_set_start_threshold)
DECIBEL_ALSA_FN(snd_pcm_sw_params_set_stop_threshold)
DECIBEL_ALSA_FN(snd_pcm_sw_params)
DECIBEL_ALSA_FN(snd_device_name_hint)
DECIBEL_ALSA_FN(snd_device_name_get_hint)
DECIBEL_ALSA_FN(snd_device_name_free_hint)
DECIBEL_ALSA_FN(snd_card_next)
DECIBEL_ALSA_FN(snd_card_get_name)
DECIBEL_ALSA_FN(snd_ctl_open)
DECIBEL_ALSA_FN(snd_ctl_close)
DECIBEL_ALSA_FN(snd_ctl_card_info_malloc)
DECIBEL_ALSA_FN(snd_ctl_card_info_free)
DECIBEL_ALSA_FN(snd_ctl_card_info)
DECIBEL_ALSA_FN(snd_ctl_card_info_get_id)
DECIBEL_ALSA_FN(snd_ctl_pcm_next_device)
DECIBEL_ALSA_FN(snd_ctl_pcm_info)
DECIBEL_ALSA_FN(snd_pcm_info_malloc)
DECIBEL_ALSA_FN(snd_pcm_info_free)
DECIBEL_ALSA_FN(snd_pcm_info_set_device)
DECIBEL_ALSA_FN(snd_pcm_info_set_subdevice)
DECIBEL_ALSA_FN(snd_pcm_info_set_stream)
DECIBEL_ALSA_FN(snd_pcm_info_get_name)
#undef DECIBEL_ALSA_FN

/// Receives one alsa-lib diagnostic, already formatted: source location, the error code and the text.
typedef void (*decibel_alsa_log_fn)(const char *file, int line, const char *function, int err, const char *message);

/// Routes alsa-lib's diagnostics (which it would print to stderr) to `sink`, through alsa-lib's
/// `snd_lib_error_set_handler` resolved by the caller. Its handler is variadic, which Swift cannot
/// implement, so a C handler formats the text and forwards it. Returns what `set_handler` returns.
int decibel_alsa_route_errors(decibel_alsa_snd_lib_error_set_handler_fn set_handler, decibel_alsa_log_fn sink);

#endif
