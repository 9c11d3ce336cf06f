import CALSA
import DecibelCore
#if canImport(Glibc)
import Glibc
#endif

/// The alsa-lib functions DecibelALSA calls, resolved with `dlsym` from the library `ALSALibrary` loaded.
///
/// Each type comes from alsa-lib's own prototype (see `decibel_alsa.h`), so a pointer is always called
/// with the signature the library was built with.
struct ALSAFunctions: @unchecked Sendable {
    let snd_strerror: decibel_alsa_snd_strerror_fn
    let snd_asoundlib_version: decibel_alsa_snd_asoundlib_version_fn
    let snd_lib_error_set_handler: decibel_alsa_snd_lib_error_set_handler_fn
    let snd_pcm_open: decibel_alsa_snd_pcm_open_fn
    let snd_pcm_close: decibel_alsa_snd_pcm_close_fn
    let snd_pcm_nonblock: decibel_alsa_snd_pcm_nonblock_fn
    let snd_pcm_prepare: decibel_alsa_snd_pcm_prepare_fn
    let snd_pcm_drop: decibel_alsa_snd_pcm_drop_fn
    let snd_pcm_drain: decibel_alsa_snd_pcm_drain_fn
    let snd_pcm_recover: decibel_alsa_snd_pcm_recover_fn
    let snd_pcm_state: decibel_alsa_snd_pcm_state_fn
    let snd_pcm_avail_update: decibel_alsa_snd_pcm_avail_update_fn
    let snd_pcm_writei: decibel_alsa_snd_pcm_writei_fn
    let snd_pcm_readi: decibel_alsa_snd_pcm_readi_fn
    let snd_pcm_writen: decibel_alsa_snd_pcm_writen_fn
    let snd_pcm_readn: decibel_alsa_snd_pcm_readn_fn
    let snd_pcm_link: decibel_alsa_snd_pcm_link_fn
    let snd_pcm_poll_descriptors_count: decibel_alsa_snd_pcm_poll_descriptors_count_fn
    let snd_pcm_poll_descriptors: decibel_alsa_snd_pcm_poll_descriptors_fn
    let snd_pcm_poll_descriptors_revents: decibel_alsa_snd_pcm_poll_descriptors_revents_fn
    let snd_pcm_hw_params_malloc: decibel_alsa_snd_pcm_hw_params_malloc_fn
    let snd_pcm_hw_params_free: decibel_alsa_snd_pcm_hw_params_free_fn
    let snd_pcm_hw_params_any: decibel_alsa_snd_pcm_hw_params_any_fn
    let snd_pcm_hw_params: decibel_alsa_snd_pcm_hw_params_fn
    let snd_pcm_hw_params_test_access: decibel_alsa_snd_pcm_hw_params_test_access_fn
    let snd_pcm_hw_params_set_access: decibel_alsa_snd_pcm_hw_params_set_access_fn
    let snd_pcm_hw_params_test_format: decibel_alsa_snd_pcm_hw_params_test_format_fn
    let snd_pcm_hw_params_set_format: decibel_alsa_snd_pcm_hw_params_set_format_fn
    let snd_pcm_hw_params_get_channels_min: decibel_alsa_snd_pcm_hw_params_get_channels_min_fn
    let snd_pcm_hw_params_get_channels_max: decibel_alsa_snd_pcm_hw_params_get_channels_max_fn
    let snd_pcm_hw_params_set_channels: decibel_alsa_snd_pcm_hw_params_set_channels_fn
    let snd_pcm_hw_params_get_rate_min: decibel_alsa_snd_pcm_hw_params_get_rate_min_fn
    let snd_pcm_hw_params_get_rate_max: decibel_alsa_snd_pcm_hw_params_get_rate_max_fn
    let snd_pcm_hw_params_test_rate: decibel_alsa_snd_pcm_hw_params_test_rate_fn
    let snd_pcm_hw_params_set_rate_near: decibel_alsa_snd_pcm_hw_params_set_rate_near_fn
    let snd_pcm_hw_params_set_period_size_near: decibel_alsa_snd_pcm_hw_params_set_period_size_near_fn
    let snd_pcm_hw_params_set_buffer_size_near: decibel_alsa_snd_pcm_hw_params_set_buffer_size_near_fn
    let snd_pcm_hw_params_get_period_size: decibel_alsa_snd_pcm_hw_params_get_period_size_fn
    let snd_pcm_hw_params_get_buffer_size: decibel_alsa_snd_pcm_hw_params_get_buffer_size_fn
    let snd_pcm_sw_params_malloc: decibel_alsa_snd_pcm_sw_params_malloc_fn
    let snd_pcm_sw_params_free: decibel_alsa_snd_pcm_sw_params_free_fn
    let snd_pcm_sw_params_current: decibel_alsa_snd_pcm_sw_params_current_fn
    let snd_pcm_sw_params_set_avail_min: decibel_alsa_snd_pcm_sw_params_set_avail_min_fn
    let snd_pcm_sw_params_set_start_threshold: decibel_alsa_snd_pcm_sw_params_set_start_threshold_fn
    let snd_pcm_sw_params_set_stop_threshold: decibel_alsa_snd_pcm_sw_params_set_stop_threshold_fn
    let snd_pcm_sw_params: decibel_alsa_snd_pcm_sw_params_fn
    let snd_device_name_hint: decibel_alsa_snd_device_name_hint_fn
    let snd_device_name_get_hint: decibel_alsa_snd_device_name_get_hint_fn
    let snd_device_name_free_hint: decibel_alsa_snd_device_name_free_hint_fn
    let snd_card_next: decibel_alsa_snd_card_next_fn
    let snd_card_get_name: decibel_alsa_snd_card_get_name_fn
    let snd_ctl_open: decibel_alsa_snd_ctl_open_fn
    let snd_ctl_close: decibel_alsa_snd_ctl_close_fn
    let snd_ctl_card_info_malloc: decibel_alsa_snd_ctl_card_info_malloc_fn
    let snd_ctl_card_info_free: decibel_alsa_snd_ctl_card_info_free_fn
    let snd_ctl_card_info: decibel_alsa_snd_ctl_card_info_fn
    let snd_ctl_card_info_get_id: decibel_alsa_snd_ctl_card_info_get_id_fn
    let snd_ctl_pcm_next_device: decibel_alsa_snd_ctl_pcm_next_device_fn
    let snd_ctl_pcm_info: decibel_alsa_snd_ctl_pcm_info_fn
    let snd_pcm_info_malloc: decibel_alsa_snd_pcm_info_malloc_fn
    let snd_pcm_info_free: decibel_alsa_snd_pcm_info_free_fn
    let snd_pcm_info_set_device: decibel_alsa_snd_pcm_info_set_device_fn
    let snd_pcm_info_set_subdevice: decibel_alsa_snd_pcm_info_set_subdevice_fn
    let snd_pcm_info_set_stream: decibel_alsa_snd_pcm_info_set_stream_fn
    let snd_pcm_info_get_name: decibel_alsa_snd_pcm_info_get_name_fn

    /// Resolves every function from `handle`; throws naming the first one the library lacks.
    init(handle: UnsafeMutableRawPointer, path: String) throws(AudioError) {
        func resolve<Function>(_ name: String) throws(AudioError) -> Function {
            guard let symbol = dlsym(handle, name) else {
                throw AudioError(.backendUnavailable, "'\(path)' has no function \(name); alsa-lib 1.1 or newer is needed", backend: "alsa")
            }
            return unsafeBitCast(symbol, to: Function.self)
        }
        snd_strerror = try resolve("snd_strerror")
        snd_asoundlib_version = try resolve("snd_asoundlib_version")
        snd_lib_error_set_handler = try resolve("snd_lib_error_set_handler")
        snd_pcm_open = try resolve("snd_pcm_open")
        snd_pcm_close = try resolve("snd_pcm_close")
        snd_pcm_nonblock = try resolve("snd_pcm_nonblock")
        snd_pcm_prepare = try resolve("snd_pcm_prepare")
        snd_pcm_drop = try resolve("snd_pcm_drop")
        snd_pcm_drain = try resolve("snd_pcm_drain")
        snd_pcm_recover = try resolve("snd_pcm_recover")
        snd_pcm_state = try resolve("snd_pcm_state")
        snd_pcm_avail_update = try resolve("snd_pcm_avail_update")
        snd_pcm_writei = try resolve("snd_pcm_writei")
        snd_pcm_readi = try resolve("snd_pcm_readi")
        snd_pcm_writen = try resolve("snd_pcm_writen")
        snd_pcm_readn = try resolve("snd_pcm_readn")
        snd_pcm_link = try resolve("snd_pcm_link")
        snd_pcm_poll_descriptors_count = try resolve("snd_pcm_poll_descriptors_count")
        snd_pcm_poll_descriptors = try resolve("snd_pcm_poll_descriptors")
        snd_pcm_poll_descriptors_revents = try resolve("snd_pcm_poll_descriptors_revents")
        snd_pcm_hw_params_malloc = try resolve("snd_pcm_hw_params_malloc")
        snd_pcm_hw_params_free = try resolve("snd_pcm_hw_params_free")
        snd_pcm_hw_params_any = try resolve("snd_pcm_hw_params_any")
        snd_pcm_hw_params = try resolve("snd_pcm_hw_params")
        snd_pcm_hw_params_test_access = try resolve("snd_pcm_hw_params_test_access")
        snd_pcm_hw_params_set_access = try resolve("snd_pcm_hw_params_set_access")
        snd_pcm_hw_params_test_format = try resolve("snd_pcm_hw_params_test_format")
        snd_pcm_hw_params_set_format = try resolve("snd_pcm_hw_params_set_format")
        snd_pcm_hw_params_get_channels_min = try resolve("snd_pcm_hw_params_get_channels_min")
        snd_pcm_hw_params_get_channels_max = try resolve("snd_pcm_hw_params_get_channels_max")
        snd_pcm_hw_params_set_channels = try resolve("snd_pcm_hw_params_set_channels")
        snd_pcm_hw_params_get_rate_min = try resolve("snd_pcm_hw_params_get_rate_min")
        snd_pcm_hw_params_get_rate_max = try resolve("snd_pcm_hw_params_get_rate_max")
        snd_pcm_hw_params_test_rate = try resolve("snd_pcm_hw_params_test_rate")
        snd_pcm_hw_params_set_rate_near = try resolve("snd_pcm_hw_params_set_rate_near")
        snd_pcm_hw_params_set_period_size_near = try resolve("snd_pcm_hw_params_set_period_size_near")
        snd_pcm_hw_params_set_buffer_size_near = try resolve("snd_pcm_hw_params_set_buffer_size_near")
        snd_pcm_hw_params_get_period_size = try resolve("snd_pcm_hw_params_get_period_size")
        snd_pcm_hw_params_get_buffer_size = try resolve("snd_pcm_hw_params_get_buffer_size")
        snd_pcm_sw_params_malloc = try resolve("snd_pcm_sw_params_malloc")
        snd_pcm_sw_params_free = try resolve("snd_pcm_sw_params_free")
        snd_pcm_sw_params_current = try resolve("snd_pcm_sw_params_current")
        snd_pcm_sw_params_set_avail_min = try resolve("snd_pcm_sw_params_set_avail_min")
        snd_pcm_sw_params_set_start_threshold = try resolve("snd_pcm_sw_params_set_start_threshold")
        snd_pcm_sw_params_set_stop_threshold = try resolve("snd_pcm_sw_params_set_stop_threshold")
        snd_pcm_sw_params = try resolve("snd_pcm_sw_params")
        snd_device_name_hint = try resolve("snd_device_name_hint")
        snd_device_name_get_hint = try resolve("snd_device_name_get_hint")
        snd_device_name_free_hint = try resolve("snd_device_name_free_hint")
        snd_card_next = try resolve("snd_card_next")
        snd_card_get_name = try resolve("snd_card_get_name")
        snd_ctl_open = try resolve("snd_ctl_open")
        snd_ctl_close = try resolve("snd_ctl_close")
        snd_ctl_card_info_malloc = try resolve("snd_ctl_card_info_malloc")
        snd_ctl_card_info_free = try resolve("snd_ctl_card_info_free")
        snd_ctl_card_info = try resolve("snd_ctl_card_info")
        snd_ctl_card_info_get_id = try resolve("snd_ctl_card_info_get_id")
        snd_ctl_pcm_next_device = try resolve("snd_ctl_pcm_next_device")
        snd_ctl_pcm_info = try resolve("snd_ctl_pcm_info")
        snd_pcm_info_malloc = try resolve("snd_pcm_info_malloc")
        snd_pcm_info_free = try resolve("snd_pcm_info_free")
        snd_pcm_info_set_device = try resolve("snd_pcm_info_set_device")
        snd_pcm_info_set_subdevice = try resolve("snd_pcm_info_set_subdevice")
        snd_pcm_info_set_stream = try resolve("snd_pcm_info_set_stream")
        snd_pcm_info_get_name = try resolve("snd_pcm_info_get_name")
    }
}
