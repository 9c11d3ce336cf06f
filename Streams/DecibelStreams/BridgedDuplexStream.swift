import DecibelCore

/// A duplex stream over two devices with their own clocks — a USB microphone and the laptop's speakers,
/// two ALSA cards, a JACK server and an ALSA device: the output device's callback runs the application
/// with the input carried to the output's clock by a `ClockBridge` (adaptive resampling steered by the
/// fill of the ring between them), so that over hours the ring neither runs dry nor overflows.
///
/// ```swift
/// let duplex = try BridgedDuplexStream(
///     input: alsa, inputDevice: "hw:CARD=Mic", output: pulse, outputDevice: nil,
///     configuration: StreamConfiguration(direction: .duplex, sampleRate: 48_000, channelCount: 1) { context in
///         context.output.copy(from: context.input)   // monitor the microphone
///     })
/// try duplex.start()
/// print(duplex.bridge.report)   // drift 37.12 ppm, correction 37.4 ppm, fill 300…812 …
/// ```
///
/// The application runs at the configuration's rate (the output device's own if none is asked for), with
/// the configured input and output channel counts; either device may run at another rate or channel count
/// (the output through `makeAdaptedStream`, the input through the bridge's resampler). `latency.inputFrames`
/// includes the bridge's ring and filter.
public final class BridgedDuplexStream: AudioStream {
    /// The input device's stream (its own rate and channels).
    public let inputStream: any AudioStream
    /// The output device's stream; its callback runs the application.
    public let outputStream: any AudioStream
    /// The bridge between the two clocks, with its report.
    public let bridge: ClockBridge
    private let wanted: StreamConfiguration

    /// Opens the input on `input` (`inputDevice`, or its default) and the output on `output`. `clock` is
    /// where both sides read the time (nanoseconds); keep the default unless the devices are driven by a
    /// simulated clock.
    /// - Throws: `AudioError` of kind `invalidArgument` when `configuration` is not duplex or a channel count,
    ///   the rate or the buffer size is out of range; whatever `makeAdaptedStream(_:quality:conversion:)`
    ///   throws for either side (`deviceNotFound`, `backendUnavailable`, `unsupportedConfiguration`,
    ///   `backendError`, `timedOut`, …); or `unsupportedConfiguration` when libsoxr refuses the ratio between
    ///   the two devices' rates.
    public init(
        input: any AudioBackend, inputDevice: String?, output: any AudioBackend, outputDevice: String?,
        configuration: StreamConfiguration, clock: @escaping @Sendable () -> UInt64 = { MonotonicClock.now() }
    ) throws(AudioError) {
        guard configuration.direction == .duplex else {
            throw AudioError(.invalidArgument, "a bridged duplex stream needs a duplex configuration")
        }
        try configuration.validate(backend: output.id)
        let renderer = BridgeRenderPathSlot()
        var playback = configuration
        playback.direction = .output
        playback.inputChannelCount = 0
        playback.inputDevice = nil
        playback.outputDevice = outputDevice
        playback.render = { context in renderer.renderer?.renderOutput(context, at: clock()) }
        outputStream = try output.makeAdaptedStream(playback)
        var capture = configuration
        capture.direction = .input
        capture.outputChannelCount = 0
        capture.outputDevice = nil
        capture.inputDevice = inputDevice
        capture.sampleRate = nil  // the device's own: the bridge resamples anyway
        capture.render = { context in renderer.renderer?.bridge.write(context.input, at: clock()) }
        do {
            inputStream = try input.makeAdaptedStream(capture)
        } catch {
            outputStream.close()
            throw error
        }
        let inputFormat = inputStream.format, outputFormat = outputStream.format
        let inputFrames = max(inputFormat.maximumFrameCount, inputFormat.bufferSize)
        let outputFrames = max(outputFormat.maximumFrameCount, outputFormat.bufferSize)
        do {
            bridge = try ClockBridge(
                inputRate: inputFormat.sampleRate, outputRate: outputFormat.sampleRate,
                channelCount: configuration.inputChannelCount,
                inputFrames: inputFrames, outputFrames: outputFrames,
                // An output that resamples renders a block ahead of its device at times: room for it.
                marginFrames: max(inputFrames, outputFrames) * (outputStream is AdaptedStream ? 2 : 1))
        } catch {
            inputStream.close()
            outputStream.close()
            throw error
        }
        renderer.renderer = BridgeRenderPath(
            bridge: bridge, inputChannelCount: configuration.inputChannelCount,
            maximumFrames: max(outputFormat.maximumFrameCount, outputFormat.bufferSize),
            playbackAdapter: (outputStream as? AdaptedStream)?.adapter, render: configuration.render)
        wanted = configuration
    }

    /// The configuration asked for.
    public var configuration: StreamConfiguration { wanted }
    /// The application's side: the output's rate, the configured channel counts.
    public var format: StreamFormat {
        var format = outputStream.format
        format.inputChannelCount = wanted.inputChannelCount
        return format
    }
    /// The input device's latency and the bridge's (in output frames), and the output's.
    public var latency: StreamLatency {
        let ratio = outputStream.format.sampleRate / inputStream.format.sampleRate
        return StreamLatency(
            inputFrames: Int((Double(inputStream.latency.inputFrames) * ratio).rounded()) + bridge.latencyFrames,
            outputFrames: outputStream.latency.outputFrames)
    }
    /// Both devices' underruns and overruns.
    public var xrunCount: Int { inputStream.xrunCount + outputStream.xrunCount }
    /// The output stream's state.
    public var state: StreamState { outputStream.state }
    /// Starts the input, then the output.
    /// - Throws: What either stream's `start()` throws (the input is stopped again when the output fails):
    ///   `AudioError` of kind `invalidState` when it was closed, `streamInvalidated` when its device or server
    ///   went away, or `backendError` when the backend cannot start it; a PipeWire or PulseAudio stream, which
    ///   connects to its server here, also `backendUnavailable`, `timedOut` or (PulseAudio)
    ///   `unsupportedConfiguration` when the server is gone, does not answer in time or refuses the stream.
    public func start() throws(AudioError) {
        try inputStream.start()
        do {
            try outputStream.start()
        } catch {
            try? inputStream.stop()
            throw error
        }
    }
    /// Stops the output, then the input.
    /// - Throws: What either stream's `stop()` throws (an error from the output leaves the input running):
    ///   `AudioError` of kind `invalidState` when a JACK stream was closed, or `backendError` when JACK cannot
    ///   deactivate its client (the other backends' streams do not throw here).
    public func stop() throws(AudioError) {
        try outputStream.stop()
        try inputStream.stop()
    }
    /// Closes both streams.
    public func close() {
        outputStream.close()
        inputStream.close()
    }
    /// The output stream's events, and the input's that concern the whole: its xruns, a lost device or
    /// server, a reconnection (`inputStream.events()` has all of the input's). An xrun of either stream
    /// reports the total of both, as `xrunCount` does.
    public func events(capacity: Int) -> EventSequence<StreamEvent> {
        let input = inputStream.events(capacity: capacity), output = outputStream.events(capacity: capacity)
        let streams = (inputStream, outputStream)
        @Sendable func whole(_ event: StreamEvent) -> StreamEvent {
            if case .xrun = event { return .xrun(total: streams.0.xrunCount + streams.1.xrunCount) }
            return event
        }
        return EventSequence(capacity: capacity) { feed in
            let fromOutput = Task { for await event in output { feed.yield(whole(event)) } }
            let fromInput = Task {
                for await event in input {
                    switch event {
                    case .xrun, .deviceLost, .serverShutDown, .reconnected: feed.yield(whole(event))
                    default: break  // its start, stop, format and latency are the bridge's business
                    }
                }
            }
            return {
                fromOutput.cancel()
                fromInput.cancel()
            }
        }
    }
}

/// The output side's render-thread work: read the bridge, then run the application.
final class BridgeRenderPath: @unchecked Sendable {
    let bridge: ClockBridge
    private let carried: AudioBuffer
    private let render: RenderCallback
    /// The resampling adapter of the output, which renders ahead of its device in bursts.
    private let playbackAdapter: StreamAdapter?

    init(
        bridge: ClockBridge, inputChannelCount: Int, maximumFrames: Int, playbackAdapter: StreamAdapter?,
        render: @escaping RenderCallback
    ) {
        self.bridge = bridge
        carried = AudioBuffer(channelCount: inputChannelCount, frameCapacity: maximumFrames)
        self.playbackAdapter = playbackAdapter
        self.render = render
    }

    func renderOutput(_ context: RenderContext, at time: UInt64) {
        let input = carried.view(frames: context.frameCount)
        bridge.read(into: input, at: time, renderedAhead: playbackAdapter?.renderedAhead ?? 0)
        render(
            RenderContext(
                input: input, output: context.output, frameCount: context.frameCount, timestamp: context.timestamp,
                sampleRate: context.sampleRate))
    }
}

/// Holds the renderer for callbacks made before it exists (the streams must open first to tell their
/// formats). Set once, before either stream starts.
private final class BridgeRenderPathSlot: @unchecked Sendable {
    var renderer: BridgeRenderPath?
}
