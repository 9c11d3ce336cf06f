import CALSA
import DecibelCore

extension ALSABackend {
    /// Rates tried when probing; a device's range is reported as the ones among these it accepts.
    static let probeRates: [Double] = [
        8_000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000, 88_200, 96_000, 176_400, 192_000, 352_800, 384_000,
    ]

    /// Opens the device for each direction it lists and asks alsa-lib what it accepts. alsa-lib's
    /// complaints go to `ALSADiagnostics`, never to stderr.
    static func probe(_ device: AudioDevice, library: ALSALibrary) throws(AudioError) -> AudioDevice {
        ALSADiagnostics.routeJACKMessages()
        var probed = device
        var rates = Set<Double>(), types: [SampleType] = []
        var firstError: AudioError?
        var opened = false
        for direction in [AudioDirection.output, .input]
        where device.direction == direction || device.direction == .duplex {
            do throws(AudioError) {
                let pcm = try ALSAPCM(library: library, name: device.id, direction: direction)
                defer { pcm.close() }
                let capabilities = try capabilities(of: pcm)
                opened = true
                if direction == .output {
                    probed.outputChannelCount = capabilities.maxChannels
                } else {
                    probed.inputChannelCount = capabilities.maxChannels
                }
                rates.formUnion(capabilities.rates)
                for type in capabilities.types where !types.contains(type) { types.append(type) }
            } catch {
                firstError = firstError ?? error
            }
        }
        guard opened else {
            throw firstError
                ?? AudioError(.deviceNotFound, "the ALSA PCM '\(device.id)' opens neither way", backend: "alsa")
        }
        probed.sampleRates = rates.sorted()
        probed.preferredSampleRate = rates.contains(48_000) ? 48_000 : (rates.contains(44_100) ? 44_100 : rates.max())
        probed.sampleTypes = types
        return probed
    }

    private struct Capabilities {
        var maxChannels = 0
        var rates: [Double] = []
        var types: [SampleType] = []
    }

    private static func capabilities(of pcm: ALSAPCM) throws(AudioError) -> Capabilities {
        let api = pcm.api
        guard let handle = pcm.handle else { return Capabilities() }
        var hw: OpaquePointer?
        try pcm.library.check(
            api.snd_pcm_hw_params_malloc(&hw), .backendError, "cannot allocate ALSA hardware parameters")
        defer { api.snd_pcm_hw_params_free(hw) }
        try pcm.library.check(
            api.snd_pcm_hw_params_any(handle, hw), .unsupportedConfiguration,
            "the ALSA PCM '\(pcm.name)' offers no configuration")
        var result = Capabilities()
        var channels: UInt32 = 0
        _ = api.snd_pcm_hw_params_get_channels_max(hw, &channels)
        result.maxChannels = Int(min(channels, 1024))  // plugins such as null answer "any number"
        result.rates = probeRates.filter { api.snd_pcm_hw_params_test_rate(handle, hw, UInt32($0), 0) == 0 }
        if result.rates.isEmpty {  // an unusual device: report the ends of its range instead
            var low: UInt32 = 0, high: UInt32 = 0, direction: Int32 = 0
            if api.snd_pcm_hw_params_get_rate_min(hw, &low, &direction) >= 0, low > 0 {
                result.rates.append(Double(low))
            }
            if api.snd_pcm_hw_params_get_rate_max(hw, &high, &direction) >= 0, high > low {
                result.rates.append(Double(high))
            }
        }
        for format in ALSASampleFormat.preference
        where api.snd_pcm_hw_params_test_format(handle, hw, format.alsaFormat) == 0 {
            if !result.types.contains(format.sampleType) { result.types.append(format.sampleType) }
        }
        return result
    }
}
