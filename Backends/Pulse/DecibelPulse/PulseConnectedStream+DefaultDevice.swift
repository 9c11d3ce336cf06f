import CPulse
import DecibelCore

/// A stream opened without a device follows the server's default: when the default sink or source
/// changes, the stream is moved there (PulseAudio 15+ may already have moved it; then nothing happens).
extension PulseConnectedStream {
    /// Subscribes to server changes. Mainloop lock held.
    func followDefaults() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        api.pa_context_set_subscribe_callback(
            connection.context,
            { context, type, _, userdata in
                guard let context, let userdata,
                    decibel_pulse_event_facility(type) == PA_SUBSCRIPTION_EVENT_SERVER.rawValue
                else { return }
                let connected = Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue()
                let operation = connected.api.pa_context_get_server_info(
                    context,
                    { _, info, userdata in
                        guard let info = info?.pointee, let userdata else { return }
                        Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue()
                            .defaultsChanged(
                                sink: pulseString(info.default_sink_name), source: pulseString(info.default_source_name)
                            )
                    }, userdata)
                if let operation { connected.api.pa_operation_unref(operation) }
            }, me)
        let mask = pa_subscription_mask_t(rawValue: PA_SUBSCRIPTION_MASK_SERVER.rawValue)
        if let operation = api.pa_context_subscribe(connection.context, mask, nil, nil) {
            api.pa_operation_unref(operation)
        }
    }

    /// Mainloop thread: moves each default-following stream whose device is no longer the default.
    private func defaultsChanged(sink: String?, source: String?) {
        if setup.outputDevice == nil, let stream = playback, let sink,
            pulseString(api.pa_stream_get_device_name(stream)) != sink
        {
            let operation = api.pa_context_move_sink_input_by_name(
                connection.context, api.pa_stream_get_index(stream), sink, nil, nil)
            if let operation { api.pa_operation_unref(operation) }
        }
        if setup.inputDevice == nil, let stream = record, let source,
            pulseString(api.pa_stream_get_device_name(stream)) != source
        {
            let operation = api.pa_context_move_source_output_by_name(
                connection.context, api.pa_stream_get_index(stream), source, nil, nil)
            if let operation { api.pa_operation_unref(operation) }
        }
    }
}
