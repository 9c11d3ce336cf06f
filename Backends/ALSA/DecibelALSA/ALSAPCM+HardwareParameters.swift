import CALSA
import DecibelCore

/// Which sample layout a stream asks alsa-lib for.
public enum ALSAAccess: String, Hashable, Sendable {
    /// Interleaved (`snd_pcm_writei`/`readi`) when offered, else non-interleaved.
    case interleavedFirst
    /// Non-interleaved (`snd_pcm_writen`/`readn`) when offered, else interleaved.
    case nonInterleavedFirst
}

/// What a stream asks of one PCM.
struct ALSARequest: Sendable {
    var channelCount: Int
    /// Frames per second; nil takes the rate nearest 48 kHz the device offers.
    var sampleRate: Double?
    /// Frames per period (one render callback).
    var periodFrames: Int
    /// Periods in the device buffer: the output latency is `periodFrames * periods`.
    var periods: Int = 2
    var sampleType: SampleType?
    var access: ALSAAccess = .interleavedFirst
}

/// What a PCM agreed to when the stream opened.
public struct ALSANegotiated: Hashable, Sendable {
    /// The sample format on the wire (converted to and from Float32 at the edge).
    public var format: ALSASampleFormat
    /// Whether the PCM takes interleaved frames (`writei`) or one buffer per channel (`writen`).
    public var isInterleaved: Bool
    /// Channels per frame the PCM opened with.
    public var channelCount: Int
    /// Frames per second.
    public var sampleRate: Double
    /// Frames per period: the render callback's block size.
    public var periodFrames: Int
    /// Frames in the whole ring the PCM keeps; a multiple of the period (never alsa-lib's seconds-long default).
    public var bufferFrames: Int
}

extension ALSAPCM {
    /// Negotiates hardware parameters (access, format, channels, rate, period and buffer size) and then
    /// software parameters. Sizes always come from `request`: alsa-lib's own default buffer can be
    /// seconds long.
    func configure(_ request: ALSARequest) throws(AudioError) -> ALSANegotiated {
        guard let pcm = handle else {
            throw AudioError(.invalidState, "the ALSA PCM '\(name)' is closed", backend: "alsa")
        }
        var hw: OpaquePointer?
        try library.check(api.snd_pcm_hw_params_malloc(&hw), .backendError, "cannot allocate ALSA hardware parameters")
        defer { api.snd_pcm_hw_params_free(hw) }
        try library.check(
            api.snd_pcm_hw_params_any(pcm, hw), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' offers no configuration")

        let accesses =
            request.access == .interleavedFirst
            ? [SND_PCM_ACCESS_RW_INTERLEAVED, SND_PCM_ACCESS_RW_NONINTERLEAVED]
            : [SND_PCM_ACCESS_RW_NONINTERLEAVED, SND_PCM_ACCESS_RW_INTERLEAVED]
        guard let access = accesses.first(where: { api.snd_pcm_hw_params_test_access(pcm, hw, $0) == 0 }) else {
            throw AudioError(
                .unsupportedConfiguration,
                "the ALSA PCM '\(name)' offers neither interleaved nor non-interleaved read/write access",
                backend: "alsa")
        }
        try library.check(
            api.snd_pcm_hw_params_set_access(pcm, hw, access), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' refused its own access type")

        let candidates = ALSASampleFormat.candidates(preferring: request.sampleType)
        guard let format = candidates.first(where: { api.snd_pcm_hw_params_test_format(pcm, hw, $0.alsaFormat) == 0 })
        else {
            throw AudioError(
                .unsupportedConfiguration,
                "the ALSA PCM '\(name)' offers none of the formats Decibel converts (FLOAT_LE, S32_LE, S24_3LE, S24_LE, S16_LE); try 'plug:\(name)'",
                backend: "alsa")
        }
        try library.check(
            api.snd_pcm_hw_params_set_format(pcm, hw, format.alsaFormat), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' refused format \(format)")

        let channels = UInt32(request.channelCount)
        if api.snd_pcm_hw_params_set_channels(pcm, hw, channels) < 0 {
            var low: UInt32 = 0, high: UInt32 = 0
            _ = api.snd_pcm_hw_params_get_channels_min(hw, &low)
            _ = api.snd_pcm_hw_params_get_channels_max(hw, &high)
            throw AudioError(
                .unsupportedConfiguration,
                "the ALSA PCM '\(name)' cannot run \(channels) channel(s); it offers \(low)...\(high) (try 'plug:\(name)' to convert)",
                backend: "alsa")
        }

        let wanted = request.sampleRate ?? 48_000
        var rate = UInt32(wanted.rounded())
        var direction: Int32 = 0
        try library.check(
            api.snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &direction), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' offers no sample rate near \(Int(wanted)) Hz")
        if let asked = request.sampleRate, Double(rate) != asked.rounded() {
            throw AudioError(
                .unsupportedConfiguration,
                "the ALSA PCM '\(name)' cannot run at \(Int(asked)) Hz (nearest: \(rate) Hz); leave the rate unset or use 'plug:\(name)' to resample",
                backend: "alsa")
        }

        var period = snd_pcm_uframes_t(request.periodFrames)
        direction = 0
        try library.check(
            api.snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &direction), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' offers no period near \(request.periodFrames) frames")
        var buffer = period * snd_pcm_uframes_t(max(2, request.periods))
        try library.check(
            api.snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' offers no buffer near \(buffer) frames")
        try library.check(
            api.snd_pcm_hw_params(pcm, hw), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' rejected \(format), \(channels) ch, \(rate) Hz, period \(period), buffer \(buffer)")
        _ = api.snd_pcm_hw_params_get_period_size(hw, &period, &direction)
        _ = api.snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        guard period > 0, buffer >= period else {
            throw AudioError(
                .unsupportedConfiguration,
                "the ALSA PCM '\(name)' settled on an unusable period (\(period)) and buffer (\(buffer))",
                backend: "alsa")
        }

        let negotiated = ALSANegotiated(
            format: format, isInterleaved: access == SND_PCM_ACCESS_RW_INTERLEAVED, channelCount: Int(channels),
            sampleRate: Double(rate), periodFrames: Int(period), bufferFrames: Int(buffer))
        try configureSoftware(pcm, negotiated)
        return negotiated
    }

    /// Wake when a period is ready; playback starts once the buffer is full (so it never starts on a
    /// sliver); a full buffer of lag is an xrun, which `snd_pcm_recover` then handles.
    private func configureSoftware(_ pcm: OpaquePointer, _ negotiated: ALSANegotiated) throws(AudioError) {
        var sw: OpaquePointer?
        try library.check(api.snd_pcm_sw_params_malloc(&sw), .backendError, "cannot allocate ALSA software parameters")
        defer { api.snd_pcm_sw_params_free(sw) }
        try library.check(
            api.snd_pcm_sw_params_current(pcm, sw), .backendError, "cannot read the software parameters of '\(name)'")
        let buffer = snd_pcm_uframes_t(negotiated.bufferFrames)
        try library.check(
            api.snd_pcm_sw_params_set_avail_min(pcm, sw, snd_pcm_uframes_t(negotiated.periodFrames)),
            .unsupportedConfiguration, "'\(name)' refused its wake-up size")
        try library.check(
            api.snd_pcm_sw_params_set_start_threshold(pcm, sw, direction == .input ? 1 : buffer),
            .unsupportedConfiguration, "'\(name)' refused its start threshold")
        try library.check(
            api.snd_pcm_sw_params_set_stop_threshold(pcm, sw, buffer), .unsupportedConfiguration,
            "'\(name)' refused its stop threshold")
        try library.check(
            api.snd_pcm_sw_params(pcm, sw), .unsupportedConfiguration,
            "the ALSA PCM '\(name)' rejected its software parameters")
    }
}
