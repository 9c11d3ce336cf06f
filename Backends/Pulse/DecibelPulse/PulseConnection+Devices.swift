import CPulse
import DecibelCore

/// What `pa_context_get_server_info` says, reduced to what Decibel uses.
struct PulseServerInfo: Sendable {
    var name: String
    var version: String
    var sampleRate: Double
    var defaultSink: String?
    var defaultSource: String?
}

/// Sample rates a PulseAudio server accepts from a client (it resamples to the device's rate).
let pulseSampleRates: [Double] = [8000, 11025, 16000, 22050, 32000, 44100, 48000, 88200, 96000, 176400, 192000]

/// Encodings a PulseAudio stream accepts (the server converts to the device's).
let pulseSampleTypes: [SampleType] = [.float32, .int16, .int24, .int32]

func pulseString(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

/// A sink as a Decibel output device.
func pulseDevice(sink info: pa_sink_info) -> AudioDevice {
    let name = pulseString(info.name) ?? "sink-\(info.index)"
    return AudioDevice(
        id: name, name: pulseString(info.description) ?? name, backend: "pulse", direction: .output,
        outputChannelCount: Int(info.sample_spec.channels),
        sampleRates: pulseSampleRates, preferredSampleRate: Double(info.sample_spec.rate), sampleTypes: pulseSampleTypes
    )
}

/// A source (a microphone or a sink's monitor) as a Decibel input device.
func pulseDevice(source info: pa_source_info) -> AudioDevice {
    let name = pulseString(info.name) ?? "source-\(info.index)"
    return AudioDevice(
        id: name, name: pulseString(info.description) ?? name, backend: "pulse", direction: .input,
        inputChannelCount: Int(info.sample_spec.channels),
        sampleRates: pulseSampleRates, preferredSampleRate: Double(info.sample_spec.rate),
        sampleTypes: pulseSampleTypes,
        isMonitor: info.monitor_of_sink != decibel_pulse_invalid_index())
}

extension PulseConnection {
    /// The server's name, version, rate and default devices.
    func serverInfo() throws(AudioError) -> PulseServerInfo {
        let reply = PulseReply<PulseServerInfo?>(nil, connection: self)
        let info = try perform("pa_context_get_server_info", reply) { context, userdata in
            api.pa_context_get_server_info(
                context,
                { _, info, userdata in
                    guard let reply = PulseReply<PulseServerInfo?>.from(userdata) else { return }
                    if let info = info?.pointee {
                        reply.value = PulseServerInfo(
                            name: pulseString(info.server_name) ?? "PulseAudio",
                            version: pulseString(info.server_version) ?? "?",
                            sampleRate: Double(info.sample_spec.rate),
                            defaultSink: pulseString(info.default_sink_name),
                            defaultSource: pulseString(info.default_source_name))
                    }
                    reply.finish()
                }, userdata)
        }
        guard let info else { throw AudioError(.backendError, "the server sent no server info", backend: "pulse") }
        return info
    }

    /// Every sink, as output devices (defaults not yet marked).
    func sinks() throws(AudioError) -> [(index: UInt32, device: AudioDevice)] {
        let reply = PulseReply<[(index: UInt32, device: AudioDevice)]>([], connection: self)
        return try perform("pa_context_get_sink_info_list", reply) { context, userdata in
            api.pa_context_get_sink_info_list(
                context,
                { _, info, eol, userdata in
                    guard let reply = PulseReply<[(index: UInt32, device: AudioDevice)]>.from(userdata) else { return }
                    if let info = info?.pointee { reply.value.append((info.index, pulseDevice(sink: info))) }
                    if eol != 0 { reply.finish() }
                }, userdata)
        }
    }

    /// Every source, monitors included, as input devices (defaults not yet marked).
    func sources() throws(AudioError) -> [(index: UInt32, device: AudioDevice)] {
        let reply = PulseReply<[(index: UInt32, device: AudioDevice)]>([], connection: self)
        return try perform("pa_context_get_source_info_list", reply) { context, userdata in
            api.pa_context_get_source_info_list(
                context,
                { _, info, eol, userdata in
                    guard let reply = PulseReply<[(index: UInt32, device: AudioDevice)]>.from(userdata) else { return }
                    if let info = info?.pointee { reply.value.append((info.index, pulseDevice(source: info))) }
                    if eol != 0 { reply.finish() }
                }, userdata)
        }
    }

    /// Sinks then sources, with the server's defaults marked.
    func devices() throws(AudioError) -> [AudioDevice] {
        let server = try serverInfo()
        var devices = try sinks().map(\.device) + sources().map(\.device)
        for index in devices.indices {
            devices[index].isDefaultOutput =
                devices[index].direction == .output && devices[index].id == server.defaultSink
            devices[index].isDefaultInput =
                devices[index].direction == .input && devices[index].id == server.defaultSource
        }
        return devices
    }
}
