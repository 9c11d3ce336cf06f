import CJACK
import DecibelCore
import Synchronization

/// A stream that is a JACK client: N registered ports per direction, whose buffers the render callback
/// reads and writes directly (no copy, no extra buffering: latency is JACK's own).
///
/// The server fixes rate and period: `format` reports them and follows changes (`formatChanged`).
/// When the server shuts down the stream becomes `invalidated` and posts `serverShutDown`; `stop()`
/// and `close()` still return promptly.
public final class JACKStream: AudioStream, @unchecked Sendable {
    /// The configuration the stream was opened with.
    public let configuration: StreamConfiguration
    /// The JACK options it was opened with.
    public let options: JACKStreamOptions
    /// The client name the server gave the stream.
    public var clientName: String { client.name }
    /// Full names of the stream's output ports (`client:out_1`, …).
    public let outputPortNames: [String]
    /// Full names of the stream's input ports (`client:in_1`, …).
    public let inputPortNames: [String]

    let client: JACKClient
    let context: JACKRenderPath
    let wiring: JACKPortWiring
    let status: StreamStatus
    /// Serialises start/stop/close. JACK callbacks never take it, so holding it across calls into libjack
    /// cannot deadlock against them.
    let control = Locked<Void>(())
    private let lastLatency = Locked(StreamLatency())

    init(
        configuration: StreamConfiguration, options: JACKStreamOptions, client: JACKClient, wiring: JACKPortWiring
    ) throws(AudioError) {
        self.configuration = configuration
        self.options = options
        self.client = client
        self.wiring = wiring
        let api = client.api
        if let wanted = configuration.sampleRate, wanted != client.sampleRate {
            throw AudioError(
                .unsupportedConfiguration,
                "the JACK server runs at \(Int(client.sampleRate)) Hz, not \(Int(wanted)) Hz; ask for nil (the server's rate) or restart jackd with -r \(Int(wanted))",
                backend: "jack")
        }
        func register(_ names: [String], input: Bool) throws(AudioError) -> [OpaquePointer] {
            var ports: [OpaquePointer] = []
            for name in names {
                let flags = UInt(input ? JackPortIsInput.rawValue : JackPortIsOutput.rawValue)
                guard let port = api.jack_port_register(client.handle, name, client.library.audioType, flags, 0) else {
                    throw AudioError(
                        .backendError,
                        "cannot register JACK port '\(client.name):\(name)'; the name may be too long or taken",
                        backend: "jack")
                }
                ports.append(port)
            }
            return ports
        }
        let outputs = try register(wiring.outputPortNames, input: false)
        let inputs = try register(wiring.inputPortNames, input: true)
        outputPortNames = wiring.outputPortNames.map { "\(client.name):\($0)" }
        inputPortNames = wiring.inputPortNames.map { "\(client.name):\($0)" }
        let format = StreamFormat(
            sampleRate: client.sampleRate, inputChannelCount: inputs.count, outputChannelCount: outputs.count,
            bufferSize: client.bufferSize, maximumFrameCount: client.bufferSize)
        status = try StreamStatus(name: client.name, format: format, handler: configuration.onEvent)
        context = try JACKRenderPath(
            api: api, inputPorts: inputs, outputPorts: outputs, format: format,
            render: configuration.render, status: status)
        try installCallbacks()
        context.warmUp(frames: 1)
    }

    deinit { close() }

    private func installCallbacks() throws(AudioError) {
        let api = client.api
        let handle = client.handle
        let argument = Unmanaged.passUnretained(context).toOpaque()
        func check(_ result: Int32?, _ what: String) throws(AudioError) {
            guard result == 0 else {
                throw AudioError(.backendError, "cannot set the JACK \(what) callback", backend: "jack", code: result)
            }
        }
        try check(
            api.jack_set_process_callback(
                handle,
                { frames, argument in
                    guard let argument else { return 0 }
                    return Unmanaged<JACKRenderPath>.fromOpaque(argument)._withUnsafeGuaranteedRef {
                        $0.process(frames)
                    }
                }, argument), "process")
        try check(
            api.jack_set_xrun_callback(
                handle,
                { argument in
                    guard let argument else { return 0 }
                    Unmanaged<JACKRenderPath>.fromOpaque(argument)._withUnsafeGuaranteedRef {
                        $0.status.recordXrunFromRenderThread()
                    }
                    return 0
                }, argument), "xrun")
        try check(
            api.jack_set_buffer_size_callback(
                handle,
                { frames, argument in
                    guard let argument else { return 0 }
                    Unmanaged<JACKRenderPath>.fromOpaque(argument).takeUnretainedValue().bufferSizeChanged(frames)
                    return 0
                }, argument), "buffer size")
        try check(
            api.jack_set_sample_rate_callback(
                handle,
                { rate, argument in
                    guard let argument else { return 0 }
                    Unmanaged<JACKRenderPath>.fromOpaque(argument).takeUnretainedValue().sampleRateChanged(rate)
                    return 0
                }, argument), "sample rate")
        api.jack_on_info_shutdown(
            handle,
            { _, reason, argument in
                guard let argument else { return }
                let text = reason.map { String(cString: $0) } ?? ""
                Unmanaged<JACKRenderPath>.fromOpaque(argument).takeUnretainedValue().serverShutDown(text)
            }, argument)
    }

    /// The format now: the server's rate and period (they follow server changes).
    public var format: StreamFormat { context.format.withLock { $0 } }

    /// Underruns and overruns the server reported since the stream opened.
    public var xrunCount: Int { status.xrunCount }
    public func events(capacity: Int) -> EventSequence<StreamEvent> { status.events(capacity: capacity) }

    /// Where the stream is in its life.
    public var state: StreamState { status.state }

    /// Counters about the process callback (calls, worst duration, current period).
    public var statistics: JACKStreamStatistics { context.statistics }

    /// Forgets the worst callback duration and the count of callbacks over a period measured so far.
    public func resetWorstCallbackDuration() { context.resetWorstCallback() }

    /// Latency from `jack_port_get_latency_range`: the largest capture latency of the input ports and the
    /// largest playback latency of the output ports (it depends on what they are connected to).
    public var latency: StreamLatency {
        control.withLock { _ in measuredLatency() }
    }

    /// The latency now (the caller holds `control`, so the ports cannot be closed underneath).
    func measuredLatency() -> StreamLatency {
        guard !context.serverGone.load(ordering: .acquiring), state != .closed else {
            return lastLatency.withLock { $0 }
        }
        let measured = StreamLatency(
            inputFrames: maximumLatency(context.inputPorts, mode: JackCaptureLatency),
            outputFrames: maximumLatency(context.outputPorts, mode: JackPlaybackLatency))
        lastLatency.withLock { $0 = measured }
        return measured
    }

    private func maximumLatency(_ ports: [OpaquePointer], mode: jack_latency_callback_mode_t) -> Int {
        var largest = 0
        for port in ports {
            var range = jack_latency_range_t(min: 0, max: 0)
            client.api.jack_port_get_latency_range(port, mode, &range)
            largest = max(largest, Int(range.max))
        }
        return largest
    }
}
