extension AudioEngine {
    /// An engine attached to a stream in the configuration's rate and channel counts, whatever the device
    /// runs: the stream comes from `makeAdaptedStream(_:quality:conversion:)`, which resamples and maps channels at
    /// the edge only when the device refuses the configuration as it is. `Microphone`, `Output`,
    /// `AudioPlayer` and the `decibel` CLI open their engines this way.
    /// - Throws: `AudioError` of kind `invalidArgument` for `inputChannels` without an input direction or outside
    ///   0...1023, or a channel count, rate or buffer size out of range; or what `backend` throws opening the
    ///   stream: `backendUnavailable` when its library or server is missing, `deviceNotFound` for an unknown
    ///   device, `unsupportedConfiguration` when the device refuses even its own rate and channels, `timedOut` when
    ///   the server does not answer in time, `streamInvalidated` when a PulseAudio server goes away meanwhile, or
    ///   `backendError` when its library fails otherwise (a busy ALSA device, say) or a thread cannot start.
    public static func adapted(
        backend: any AudioBackend, configuration: StreamConfiguration, inputChannels: [Int]? = nil
    ) throws(AudioError) -> AudioEngine {
        try AudioEngine(configuration: configuration, inputChannels: inputChannels) {
            configuration throws(AudioError) in
            try backend.makeAdaptedStream(configuration)
        }
    }
}
