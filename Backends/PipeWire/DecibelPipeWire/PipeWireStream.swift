internal import CPipeWire
import DecibelCore

/// A playback, capture or duplex stream on a PipeWire daemon: one `pw_stream` per direction on a
/// connection of its own, float32 planar, driven by PipeWire's real-time process callbacks.
///
/// `format.bufferSize` becomes the stream's `node.latency` (`frames/rate`), so the graph runs at that
/// quantum when nothing asks for less; the render callback gets what each graph cycle carries (the
/// quantum, at most `format.maximumFrameCount` per call). Duplex runs a capture and a playback stream;
/// captured audio reaches the playback callback through a ring after a cushion of two quanta.
/// When the daemon goes away the stream posts `serverShutDown` within one loop wake-up and becomes
/// `invalidated`; open a new stream once the daemon is back.
public final class PipeWireStream: AudioStream, @unchecked Sendable {
    public let configuration: StreamConfiguration

    private let options: PipeWireBackend.Options
    private let library: PipeWireLibrary
    private let status: StreamStatus
    private let renderer: PipeWireRenderPath
    private let outputTarget: (node: String, monitor: Bool)?
    private let inputTarget: (node: String, monitor: Bool)?
    private let latencyFrames: Int?
    private let lock = ControlLock()
    // Under `lock`.
    private var connection: PipeWireConnection?
    private var outputStream: OpaquePointer?
    private var inputStream: OpaquePointer?

    init(configuration: StreamConfiguration, backend: PipeWireBackend) throws(AudioError) {
        try configuration.validate(backend: "pipewire")
        let maximumChannels = Int(DECIBEL_PIPEWIRE_MAX_CHANNELS)
        if max(configuration.outputChannelCount, configuration.inputChannelCount) > maximumChannels {
            throw AudioError(
                .unsupportedConfiguration, "PipeWire streams carry at most \(maximumChannels) channels here",
                backend: "pipewire")
        }
        self.configuration = configuration
        options = backend.options
        library = try PipeWireLibrary.load(path: options.libraryPath)

        let probe = try backend.connect(
            name: configuration.name,
            watchRegistry: configuration.outputDevice != nil || configuration.inputDevice != nil)
        let (devices, properties) = probe.withLock { (probe.devices(), probe.serverProperties) }
        probe.close()
        func target(_ id: String?, input: Bool) throws(AudioError) -> (node: String, monitor: Bool)? {
            guard let id else { return nil }
            guard
                let device = devices.first(where: {
                    $0.id == id && (input ? $0.direction.hasInput : $0.direction.hasOutput)
                })
            else {
                throw AudioError.deviceNotFound(
                    id, backend: "pipewire",
                    available: devices.filter { input ? $0.direction.hasInput : $0.direction.hasOutput }.map(\.id))
            }
            return device.isMonitor ? (String(device.id.dropLast(".monitor".count)), true) : (device.id, false)
        }
        outputTarget = configuration.direction.hasOutput ? try target(configuration.outputDevice, input: false) : nil
        inputTarget = configuration.direction.hasInput ? try target(configuration.inputDevice, input: true) : nil

        let rate = configuration.sampleRate ?? properties["default.clock.rate"].flatMap(Double.init) ?? 48000
        latencyFrames = configuration.bufferSize.frames(atSampleRate: rate)
        let quantum = latencyFrames ?? properties["default.clock.quantum"].flatMap(Int.init) ?? 1024
        let limit = properties["default.clock.quantum-limit"].flatMap(Int.init) ?? 8192
        let format = StreamFormat(
            sampleRate: rate, inputChannelCount: configuration.inputChannelCount,
            outputChannelCount: configuration.outputChannelCount, bufferSize: quantum,
            maximumFrameCount: max(quantum, limit), deviceSampleType: .float32)
        status = try StreamStatus(name: "pipewire", format: format, handler: configuration.onEvent)
        renderer = PipeWireRenderPath(format: format, status: status, render: configuration.render)
    }

    /// Dropping the stream closes it (stopping audio and freeing its threads).
    deinit { close() }

    /// The stream's format. `bufferSize` is the quantum asked for until the graph has run a cycle, then
    /// the quantum the graph runs at (changes are posted as `formatChanged`).
    public var format: StreamFormat {
        let granted = renderer.grantedQuantum.load(ordering: .relaxed)
        return granted > 0 ? renderer.format(quantum: granted) : renderer.requestedFormat
    }

    public var latency: StreamLatency {
        lock.withLock {
            guard let connection else { return StreamLatency() }
            return connection.withLock {
                StreamLatency(
                    inputFrames: inputStream.map(delayFrames) ?? 0, outputFrames: outputStream.map(delayFrames) ?? 0)
            }
        }
    }

    public var xrunCount: Int { status.xrunCount }
    public func events(capacity: Int) -> EventSequence<StreamEvent> { status.events(capacity: capacity) }
    public var state: StreamState { status.state }

    /// The frame count of the latest render callback (the graph's quantum while it runs), 0 before one.
    public var currentQuantum: Int {
        max(renderer.lastOutputFrames.load(ordering: .relaxed), renderer.lastInputFrames.load(ordering: .relaxed))
    }

    /// The daemon's node ids of the playback and capture streams (`nil` while not running).
    public var nodeIDs: (output: UInt32?, input: UInt32?) {
        lock.withLock {
            guard let connection else { return (nil, nil) }
            return connection.withLock {
                (outputStream.map(decibel_pipewire_stream_node_id), inputStream.map(decibel_pipewire_stream_node_id))
            }
        }
    }

    public func start() throws(AudioError) {
        // The state is checked and the connection made under one lock: two threads starting at once made
        // two connections, and the first kept running, unreachable (ThreadSanitizer, conformance suite).
        try lock.withLock { () throws(AudioError) in
            try status.refuseIfClosing(backend: "pipewire")
            switch status.state {
            case .running: return
            case .invalidated:
                throw AudioError(
                    .streamInvalidated, "the stream's daemon or device went away; open a new stream",
                    backend: "pipewire")
            case .closed: throw AudioError(.invalidState, "the stream is closed", backend: "pipewire")
            case .stopped: break
            }
            status.setState(.running)
            do throws(AudioError) {
                try connect()
            } catch {
                disconnect()
                status.transition(from: .running, to: .stopped)
                throw error
            }
            // Posted under the lock, as stop() and close() post `.stopped`: a racing close cannot post first.
            status.post(.started)
        }
    }

    public func stop() throws(AudioError) {
        try status.refuseIfClosed(backend: "pipewire")
        lock.withLock {
            disconnect()
            if status.transition(from: .running, to: .stopped) { status.post(.stopped) }
        }
    }

    public func close() {
        guard status.state != .closed else { return }
        // A second close() racing this one stops and closes too: neither returns while the stream may run.
        status.beginClosing()
        lock.withLock {
            disconnect()
            if status.transition(from: .running, to: .stopped) { status.post(.stopped) }
        }
        status.setState(.closed)
        status.shutdown()
    }

    // MARK: Connection life (under `lock`)

    private func connect() throws(AudioError) {
        renderer.reset()
        let targets = [outputTarget?.node, inputTarget?.node].compactMap { $0 }
        let connection = try PipeWireConnection(
            library: library, name: configuration.name, remote: options.remote, watchRegistry: !targets.isEmpty,
            timeoutNanoseconds: options.timeoutNanoseconds)
        self.connection = connection
        let status = status
        try connection.withLock { () throws(AudioError) in
            connection.onFailure = { reason in
                if status.transition(from: .running, to: .invalidated) { status.post(.serverShutDown(reason: reason)) }
            }
            // When the daemon dies a stream can report its error before the connection does; only a daemon
            // that still answers makes a failed stream a lost device.
            renderer.onStreamFailure = { [unowned connection] text in
                connection.afterRoundTripLocked {
                    if status.transition(from: .running, to: .invalidated) {
                        status.post(.deviceLost(reason: "the PipeWire stream failed: \(text)"))
                    }
                }
            }
            if !targets.isEmpty {
                // A named device that goes away ends the stream: PipeWire is told not to move it elsewhere.
                connection.onChange = { [unowned connection] in
                    let present = Set(connection.nodes.values.compactMap { $0["node.name"] })
                    guard let lost = targets.first(where: { !present.contains($0) }) else { return }
                    if status.transition(from: .running, to: .invalidated) {
                        status.post(.deviceLost(reason: "the PipeWire node \(lost) went away"))
                    }
                }
                connection.onChange?()
            }
            if configuration.direction.hasInput {
                inputStream = try makeStream(on: connection, capture: true)
            }
            if configuration.direction.hasOutput {
                outputStream = try makeStream(on: connection, capture: false)
            }
            let wantsInput = inputStream != nil, wantsOutput = outputStream != nil
            try connection.waitLocked("the PipeWire stream did not connect") {
                renderer.stateError != nil
                    || ((!wantsInput || renderer.inputState.rawValue >= PW_STREAM_STATE_PAUSED.rawValue)
                        && (!wantsOutput || renderer.outputState.rawValue >= PW_STREAM_STATE_PAUSED.rawValue))
            }
            if let error = renderer.stateError {
                throw AudioError(.backendError, "PipeWire refused the stream: \(error)", backend: "pipewire")
            }
        }
    }

    private func makeStream(on connection: PipeWireConnection, capture: Bool) throws(AudioError) -> OpaquePointer {
        let api = library.api
        guard let properties = withUnsafePointer(to: api, { decibel_pipewire_properties_new($0) }) else {
            throw AudioError(.backendError, "cannot allocate PipeWire properties", backend: "pipewire")
        }
        func set(_ key: String, _ value: String) { _ = api.pw_properties_set(properties, key, value) }
        set("media.type", "Audio")
        set("media.category", capture ? "Capture" : "Playback")
        set("media.role", "Music")
        set("node.name", configuration.name)
        set("application.name", options.clientName)
        // Folding channels down (a stereo source captured as mono) averages them, as PulseAudio and
        // ChannelMap.standard do; PipeWire's own default adds them at -3 dB (0.707 each).
        set("channelmix.normalize", "true")
        let rate = Int(format.sampleRate)
        if let latencyFrames { set("node.latency", "\(latencyFrames)/\(rate)") }
        if configuration.sampleRate != nil { set("node.rate", "1/\(rate)") }
        if let target = capture ? inputTarget : outputTarget {
            set("target.object", target.node)
            set("node.dont-reconnect", "true")
            if target.monitor { set("stream.capture.sink", "true") }
        }
        let channels = capture ? configuration.inputChannelCount : configuration.outputChannelCount
        var events = capture ? PipeWireRenderPath.inputEvents : PipeWireRenderPath.outputEvents
        var code: Int32 = 0
        let stream = decibel_pipewire_stream_new(
            connection.handle!, configuration.name, properties, capture, UInt32(channels), UInt32(rate),
            UInt32(format.maximumFrameCount), !capture || !configuration.direction.hasOutput, &events,
            Unmanaged.passUnretained(renderer).toOpaque(), &code)
        guard let stream else {
            throw AudioError(
                .backendError, "PipeWire did not create the \(capture ? "capture" : "playback") stream",
                backend: "pipewire", code: code, codeDescription: pipewireErrorText(code))
        }
        return stream
    }

    private func disconnect() {
        guard let connection else { return }
        connection.withLock {
            connection.onFailure = nil
            connection.onChange = nil
            renderer.onStreamFailure = nil
            if let outputStream { decibel_pipewire_stream_free(outputStream) }
            if let inputStream { decibel_pipewire_stream_free(inputStream) }
        }
        outputStream = nil
        inputStream = nil
        connection.close()
        self.connection = nil
    }

    /// With the connection's lock held: the stream's latency in frames at the stream's rate: the graph's
    /// delay to the device plus what the stream itself holds.
    private func delayFrames(_ stream: OpaquePointer) -> Int {
        var delay: Int64 = 0, held: UInt64 = 0, rate: UInt32 = 0
        guard decibel_pipewire_stream_time(stream, &delay, &held, &rate), rate > 0 else { return 0 }
        return max(0, Int(Double(delay) * format.sampleRate / Double(rate))) + Int(held)
    }
}
