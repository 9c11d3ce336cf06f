import DecibelCore

/// A stream in the format the application asked for, running on a device or server that uses another
/// rate or channel count. Returned by `AudioBackend.makeAdaptedStream(_:quality:conversion:)`.
///
/// The render callback sees `format` (the application's rate and channels); `deviceFormat` is what the
/// device runs. Capture is resampled with libsoxr (`Resampler`) and mapped with `ChannelMap`, inside the
/// device's real-time callback and without allocating; playback renders the application's blocks ahead
/// into a small ring at the device's rate. `latency` includes what the conversion adds.
public final class AdaptedStream: AudioStream {
    /// The stream opened on the device, in the device's format.
    public let deviceStream: any AudioStream
    let adapter: StreamAdapter
    private let wanted: StreamConfiguration

    init(device: any AudioStream, adapter: StreamAdapter, configuration: StreamConfiguration) {
        deviceStream = device
        self.adapter = adapter
        wanted = configuration
    }

    /// The configuration the application asked for.
    public var configuration: StreamConfiguration { wanted }
    /// The application's side: its rate and channels.
    public var format: StreamFormat { adapter.application }
    /// What the device or server runs.
    public var deviceFormat: StreamFormat { deviceStream.format }
    /// The device's latency plus the conversion's, in frames of the application's rate.
    public var latency: StreamLatency {
        let device = deviceStream.latency
        let ratio = adapter.application.sampleRate / adapter.device.sampleRate
        let added = adapter.addedLatency
        return StreamLatency(
            inputFrames: Int((Double(device.inputFrames) * ratio).rounded()) + added.input,
            outputFrames: Int((Double(device.outputFrames) * ratio).rounded()) + added.output)
    }
    /// The device stream's underruns and overruns.
    public var xrunCount: Int { deviceStream.xrunCount }
    /// The device stream's state.
    public var state: StreamState { deviceStream.state }
    /// Starts the device stream.
    /// - Throws: What the device stream's `start()` throws: `AudioError` of kind `invalidState` when it was
    ///   closed, `streamInvalidated` when its device or server went away, or `backendError` when the backend
    ///   cannot start it; a PipeWire or PulseAudio stream, which connects to its server here, also
    ///   `backendUnavailable`, `timedOut` or (PulseAudio) `unsupportedConfiguration` when the server is gone,
    ///   does not answer in time or refuses the stream.
    public func start() throws(AudioError) { try deviceStream.start() }
    /// Stops the device stream.
    /// - Throws: What the device stream's `stop()` throws: `AudioError` of kind `invalidState` when a JACK
    ///   stream was closed, or `backendError` when JACK cannot deactivate its client (the other backends'
    ///   streams do not throw here).
    public func stop() throws(AudioError) { try deviceStream.stop() }
    /// Closes the device stream.
    public func close() { deviceStream.close() }
    /// The device stream's events.
    public func events(capacity: Int) -> EventSequence<StreamEvent> { deviceStream.events(capacity: capacity) }
}

/// Holds the adapter for the device callback, which exists before the adapter can (the adapter needs the
/// format the device granted). Set once, before the stream starts.
private final class AdapterSlot: @unchecked Sendable {
    var adapter: StreamAdapter?
}

/// Who converts the sample rate when the device or server could do it too.
public enum RateConversion: Sendable, Hashable {
    /// The device or server when it takes the asked rate (PulseAudio and PipeWire resample on the server,
    /// ALSA `plug` PCMs in alsa-lib), Decibel when it refuses. The default: no conversion in the process.
    case preferDevice
    /// Always Decibel's libsoxr at the asked quality: the stream opens at the device's own rate. For a
    /// server whose resampler is not transparent: PulseAudio's default (`speex-float-1`) measured 76 dB
    /// SNR taking a 44.1 kHz tone to a 48 kHz sink here, where Decibel's measures about 150 dB.
    case decibel
}

extension AudioBackend {
    /// Opens a stream in the configuration's rate and channel counts whatever the device runs.
    ///
    /// When the device takes the configuration as it is, this is `makeStream(_:)`. When it refuses the
    /// rate or the channel counts (a JACK server at 48 kHz asked for 16 kHz; a device with 8 inputs asked
    /// for mono), the stream opens at the device's own rate and channels and converts at the edge:
    /// libsoxr resampling at `quality` and `ChannelMap.standard(from:to:)` channel mapping. A duplex stream
    /// whose rate must change becomes a `BridgedDuplexStream` over the backend's input and output (the
    /// input reaches the application through a `ClockBridge`, which adds its ring to the input latency).
    ///
    /// With `conversion: .decibel` the stream always opens at the device's own rate and Decibel resamples,
    /// even where the server would have taken the asked rate.
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is
    ///   out of range; `unsupportedConfiguration` when the device refuses even its own rate with the channel
    ///   counts it lists (or refuses the configuration and is not listed, so there is nothing to fall back
    ///   on), or libsoxr refuses the conversion; and the backend's other errors from opening the stream or
    ///   listing its devices, such as `deviceNotFound`, `backendUnavailable`, `timedOut` or `backendError`. A
    ///   duplex stream whose rate must change throws what `BridgedDuplexStream`'s initialiser throws.
    public func makeAdaptedStream(
        _ configuration: StreamConfiguration, quality: Resampler.Quality = .veryHigh,
        conversion: RateConversion = .preferDevice
    ) throws(AudioError) -> any AudioStream {
        if conversion == .decibel, configuration.sampleRate != nil {
            return try openAdapted(
                configuration, quality: quality,
                refusal: AudioError(.unsupportedConfiguration, "the device's own rate was asked for"))
        }
        do {
            return try makeStream(configuration)
        } catch  where error.kind == .unsupportedConfiguration {
            return try openAdapted(configuration, quality: quality, refusal: error)
        }
    }

    private func openAdapted(
        _ wanted: StreamConfiguration, quality: Resampler.Quality, refusal: AudioError
    ) throws(AudioError) -> any AudioStream {
        let slot = AdapterSlot()
        var native = wanted
        native.sampleRate = nil
        native.render = { context in slot.adapter?.render(context) }
        let device: any AudioStream
        do {
            device = try makeStream(native)
        } catch  where error.kind == .unsupportedConfiguration {
            // The channel counts too: ask for what the device lists.
            let id = wanted.direction == .input ? wanted.inputDevice : wanted.outputDevice
            var listed = try devices().first { $0.id == id }
            if listed == nil { listed = try defaultDevice(for: wanted.direction) }
            guard let listed else { throw refusal }
            if wanted.direction.hasInput { native.inputChannelCount = max(1, listed.inputChannelCount) }
            if wanted.direction.hasOutput { native.outputChannelCount = max(1, listed.outputChannelCount) }
            device = try makeStream(native)
        }
        let granted = device.format
        if wanted.direction == .duplex, let rate = wanted.sampleRate, rate != granted.sampleRate {
            device.close()
            return try BridgedDuplexStream(
                input: self, inputDevice: wanted.inputDevice, output: self, outputDevice: wanted.outputDevice,
                configuration: wanted)
        }
        let rate = wanted.sampleRate ?? granted.sampleRate
        let ratio = rate / granted.sampleRate
        let application = StreamFormat(
            sampleRate: rate,
            inputChannelCount: wanted.direction.hasInput ? wanted.inputChannelCount : 0,
            outputChannelCount: wanted.direction.hasOutput ? wanted.outputChannelCount : 0,
            bufferSize: Int((Double(granted.bufferSize) * ratio).rounded()),
            maximumFrameCount: Int((Double(max(granted.maximumFrameCount, granted.bufferSize)) * ratio).rounded(.up))
                + 16,
            deviceSampleType: granted.deviceSampleType)
        let adapter: StreamAdapter
        do {
            adapter = try StreamAdapter(
                application: application, device: granted, quality: quality, callback: wanted.render)
        } catch {
            device.close()
            throw error
        }
        slot.adapter = adapter
        return AdaptedStream(device: device, adapter: adapter, configuration: wanted)
    }
}
