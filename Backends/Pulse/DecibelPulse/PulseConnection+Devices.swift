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

/// Encodings a PulseAudio stream accepts (the server converts to the device's), the device's own first.
func pulseSampleTypes(native format: pa_sample_format_t) -> [SampleType] {
    let accepted: [SampleType] = [.float32, .int16, .int24, .int32]
    guard let native = pulseSampleType(format) else { return accepted }
    return [native] + accepted.filter { $0 != native }
}

/// A sink or source as the server lists it: its index, the device, and the encoding it runs in (nil for one
/// Decibel does not write, such as big-endian or 8-bit).
typealias PulseDeviceEntry = (index: UInt32, device: AudioDevice, sampleType: SampleType?)

/// The little-endian encodings Decibel writes, by PulseAudio's name for them.
func pulseSampleType(_ format: pa_sample_format_t) -> SampleType? {
    switch format {
    case PA_SAMPLE_S16LE: .int16
    case PA_SAMPLE_S24LE: .int24
    case PA_SAMPLE_S32LE: .int32
    case PA_SAMPLE_FLOAT32LE: .float32
    default: nil
    }
}

func pulseString(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

/// A sink as a Decibel output device.
func pulseDevice(sink info: pa_sink_info) -> AudioDevice {
    let name = pulseString(info.name) ?? "sink-\(info.index)"
    return AudioDevice(
        id: name, name: pulseString(info.description) ?? name, backend: "pulse", direction: .output,
        outputChannelCount: Int(info.sample_spec.channels),
        sampleRates: pulseSampleRates, preferredSampleRate: Double(info.sample_spec.rate),
        sampleTypes: pulseSampleTypes(native: info.sample_spec.format))
}

/// A source (a microphone or a sink's monitor) as a Decibel input device.
func pulseDevice(source info: pa_source_info) -> AudioDevice {
    let name = pulseString(info.name) ?? "source-\(info.index)"
    return AudioDevice(
        id: name, name: pulseString(info.description) ?? name, backend: "pulse", direction: .input,
        inputChannelCount: Int(info.sample_spec.channels),
        sampleRates: pulseSampleRates, preferredSampleRate: Double(info.sample_spec.rate),
        sampleTypes: pulseSampleTypes(native: info.sample_spec.format),
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

    /// Every sink, as output devices (defaults not yet marked), with the encoding each runs in.
    func sinks() throws(AudioError) -> [PulseDeviceEntry] {
        let reply = PulseReply<[PulseDeviceEntry]>([], connection: self)
        return try perform("pa_context_get_sink_info_list", reply) { context, userdata in
            api.pa_context_get_sink_info_list(
                context,
                { _, info, eol, userdata in
                    guard let reply = PulseReply<[PulseDeviceEntry]>.from(userdata) else { return }
                    if let info = info?.pointee {
                        reply.value.append(
                            (info.index, pulseDevice(sink: info), pulseSampleType(info.sample_spec.format)))
                    }
                    if eol != 0 { reply.finish() }
                }, userdata)
        }
    }

    /// Every source, monitors included, as input devices (defaults not yet marked), with the encoding each
    /// runs in.
    func sources() throws(AudioError) -> [PulseDeviceEntry] {
        let reply = PulseReply<[PulseDeviceEntry]>([], connection: self)
        return try perform("pa_context_get_source_info_list", reply) { context, userdata in
            api.pa_context_get_source_info_list(
                context,
                { _, info, eol, userdata in
                    guard let reply = PulseReply<[PulseDeviceEntry]>.from(userdata) else { return }
                    if let info = info?.pointee {
                        reply.value.append(
                            (info.index, pulseDevice(source: info), pulseSampleType(info.sample_spec.format)))
                    }
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
