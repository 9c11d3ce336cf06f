extension AudioEngine {
    /// An engine attached to a stream in the configuration's rate and channel counts, whatever the device
    /// runs: the stream comes from `makeAdaptedStream(_:quality:conversion:)`, which resamples and maps channels at
    /// the edge only when the device refuses the configuration as it is. `Microphone`, `Output`,
    /// `AudioPlayer` and the `decibel` CLI open their engines this way.
    public static func adapted(
        backend: any AudioBackend, configuration: StreamConfiguration, inputChannels: [Int]? = nil
    ) throws(AudioError) -> AudioEngine {
        try AudioEngine(configuration: configuration, inputChannels: inputChannels) {
            configuration throws(AudioError) in
            try backend.makeAdaptedStream(configuration)
        }
    }
}
