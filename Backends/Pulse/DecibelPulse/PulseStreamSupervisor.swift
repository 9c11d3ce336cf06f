import CPulse
import DecibelCore
import Synchronization

/// What a `PulseStream` does: its connection life (start, stop, failure, reconnection) and render state.
///
/// Kept apart from the public `PulseStream` because the supervisor thread holds the supervisor for its whole
/// life; the handle the user holds can then be dropped, and its deinit closes the supervisor.
final class PulseStreamSupervisor: @unchecked Sendable {
    let configuration: StreamConfiguration
    let format: StreamFormat

    private let setup: PulseStreamSetup
    private let options: PulseBackend.Options
    private let streamOptions: PulseStreamOptions
    private let library: PulseLibrary
    private let status: StreamStatus
    private let renderer: PulseRenderPath
    private let connected = Locked<PulseConnectedStream?>(nil)
    /// The connection `init` asked the server's devices through, kept for the first `start()`: one connection
    /// where there were two (each costs the client and the server a millisecond or two, as `paplay` makes one).
    private let spare: Locked<PulseConnection?>
    private let wantsRunning = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)
    private let serverGone = Atomic<Bool>(false)
    private let supervisorWake = WakeSignal()
    private var supervisor: AudioThread?

    init(configuration: StreamConfiguration, stream: PulseStreamOptions, backend: PulseBackend) throws(AudioError) {
        try configuration.validate(backend: "pulse")
        let maximumChannels = Int(PA_CHANNELS_MAX)
        if max(configuration.outputChannelCount, configuration.inputChannelCount) > maximumChannels {
            throw AudioError(
                .unsupportedConfiguration, "PulseAudio streams carry at most \(maximumChannels) channels",
                backend: "pulse")
        }
        self.configuration = configuration
        options = backend.options
        streamOptions = stream
        library = try PulseLibrary.load(path: options.libraryPath)
        let connection = try Self.connect(library: library, options: options, name: configuration.name)
        let (rate, sampleType) = try Self.negotiate(configuration, on: connection)
        spare = Locked(connection)
        let target = configuration.bufferSize.frames(atSampleRate: rate) ?? Int((rate * 0.02).rounded())
        format = StreamFormat(
            sampleRate: rate, inputChannelCount: configuration.inputChannelCount,
            outputChannelCount: configuration.outputChannelCount,
            bufferSize: target, maximumFrameCount: target, deviceSampleType: sampleType)
        setup = PulseStreamSetup(
            name: configuration.name, format: format, sampleType: sampleType, outputDevice: configuration.outputDevice,
            inputDevice: configuration.inputDevice, targetFrames: target,
            followsDefaultDevice: streamOptions.followsDefaultDevice)
        // Only a stream with both directions posts from the write and read callbacks (its cushion's xruns, as
        // PulseRenderPath builds one); underflows come through libpulse's own callback, which may signal.
        status = try StreamStatus(
            name: "pulse", format: format,
            rendersPostEvents: format.inputChannelCount > 0 && format.outputChannelCount > 0,
            handler: configuration.onEvent)
        renderer = PulseRenderPath(
            api: library.api, format: format, sampleType: sampleType, status: status, render: configuration.render)
        supervisor = try AudioThread(name: "pulse-supervise") { [unowned self] in self.supervise() }
    }

    var latency: StreamLatency { connected.withLock { $0?.latency } ?? StreamLatency() }
    var xrunCount: Int { status.xrunCount }
    func events(capacity: Int) -> EventSequence<StreamEvent> { status.events(capacity: capacity) }
    var state: StreamState { status.state }

    var currentDevices: (output: String?, input: String?) { connected.withLock { $0?.deviceNames } ?? (nil, nil) }

    var serverBufferFrames: (target: Int, minimumRequest: Int, fragment: Int)? {
        guard let attributes = connected.withLock({ $0?.bufferAttributes }) else { return nil }
        let bytes = format.deviceSampleType.bytesPerSample
        let output = max(1, format.outputChannelCount * bytes), input = max(1, format.inputChannelCount * bytes)
        return (Int(attributes.tlength) / output, Int(attributes.minreq) / output, Int(attributes.fragsize) / input)
    }

    func discardQueuedOutput() { connected.withLock { $0?.discardQueuedOutput() } }

    func start() throws(AudioError) {
        // Running before the streams exist, so a server that dies while they connect is reported. Moved only
        // from stopped: a close() or another start() that changed the state since it was read is looked at again
        // (set unconditionally, a start that read `stopped` could mark a stream that close() had just closed as
        // running).
        while !status.transition(from: .stopped, to: .running) {
            switch status.state {
            case .running: return
            case .invalidated:
                throw AudioError(
                    .streamInvalidated, "the stream's server or device went away; open a new stream", backend: "pulse")
            case .closed: throw AudioError(.invalidState, "the stream is closed", backend: "pulse")
            case .stopped: continue
            }
        }
        do {
            try connected.withLock { slot throws(AudioError) in
                // close() stops the stream under this lock: a start that waited here meanwhile leaves it closed
                // rather than connecting it again, to play on after close() returned.
                if closed.load(ordering: .acquiring) {
                    throw AudioError(.invalidState, "the stream is closed", backend: "pulse")
                }
                // A stop() that came after this start's move to running and took the lock first has the last
                // word: connecting now would play on with the state `stopped`.
                switch status.state {
                case .running: break
                case .invalidated:
                    throw AudioError(
                        .streamInvalidated, "the stream's server went away while it started; open a new stream",
                        backend: "pulse")
                case .stopped, .closed: return
                }
                wantsRunning.store(true, ordering: .releasing)
                slot?.close()
                slot = nil
                renderer.reset()
                slot = try openLive()
                // Posted under the lock disconnect() posts `.stopped` under: a racing close cannot post first.
                status.post(.started)
            }
        } catch {
            wantsRunning.store(false, ordering: .releasing)
            if closed.load(ordering: .acquiring) {
                status.setState(.closed)
            } else {
                status.transition(from: .running, to: .stopped)
            }
            throw error
        }
    }

    func stop() throws(AudioError) {
        try status.refuseIfClosed(backend: "pulse")
        disconnect()
    }

    /// Closes the stream's connection, if any, and moves a running stream to stopped.
    private func disconnect() {
        // Before the lock too, so a reconnection the supervisor is trying under it gives up rather than keep close()
        // waiting; set under the lock, where start() sets it, the last of a racing start and stop decides.
        wantsRunning.store(false, ordering: .releasing)
        connected.withLock { slot in
            wantsRunning.store(false, ordering: .releasing)
            slot?.close()
            slot = nil
            if status.transition(from: .running, to: .stopped) { status.post(.stopped) }
        }
    }

    func close() {
        let first = !closed.exchange(true, ordering: .acquiringAndReleasing)
        guard first || status.state != .closed else { return }
        // Not stop(), which refuses a stream already marked closed, as a start() that found this close begun
        // marks it: the connection another start() made before that one must still be closed. A second close()
        // racing this one waits in disconnect() for the connection lock the first closes the streams under, so
        // neither returns while the stream may run or before it is closed.
        disconnect()
        if first {
            supervisorWake.signal()
            supervisor?.join()
            spare.withLock { connection in
                connection?.close()
                connection = nil
            }
        }
        status.setState(.closed)
        status.shutdown()
    }

    // MARK: Connection life

    private func openLive() throws(AudioError) -> PulseConnectedStream {
        let kept = spare.withLock { connection in
            defer { connection = nil }
            return connection
        }
        // A server that went away since `init` (restarted, say) may be noticed only now: then a fresh connection.
        if let kept {
            if !kept.hasFailed {
                do { return try connectStream(on: kept) } catch { if !kept.hasFailed { throw error } }
            }
            kept.close()
        }
        return try connectStream(on: Self.connect(library: library, options: options, name: setup.name))
    }

    /// A new connection to the backend's server, named as the stream.
    private static func connect(
        library: PulseLibrary, options: PulseBackend.Options, name: String
    ) throws(AudioError) -> PulseConnection {
        try PulseConnection(
            library: library, server: options.server, name: name, timeoutNanoseconds: options.timeoutNanoseconds)
    }

    /// The stream on `connection`, watched for the server's going away only once it is set up: a kept connection
    /// found dead while the stream is set up on it is `openLive`'s to replace, not a failure of the running stream.
    private func connectStream(on connection: PulseConnection) throws(AudioError) -> PulseConnectedStream {
        let stream = try PulseConnectedStream(
            connection: connection, setup: setup, renderer: renderer, status: status,
            timeoutNanoseconds: options.timeoutNanoseconds)
        connection.onFailure { [weak self] reason in self?.serverLost(reason) }
        // A failure between the set-up and the handler is reported here (twice is harmless: one transition).
        if connection.hasFailed { serverLost("connection to the PulseAudio server lost") }
        return stream
    }

    /// Mainloop thread: the context died. Report it now; the supervisor frees the dead connection.
    private func serverLost(_ reason: String) {
        if status.transition(from: .running, to: .invalidated) { status.post(.serverShutDown(reason: reason)) }
        serverGone.store(true, ordering: .releasing)
        supervisorWake.signal()
    }

    /// Supervisor thread: frees dead connections and, when asked to, reconnects.
    private func supervise() {
        while !closed.load(ordering: .acquiring) {
            supervisorWake.wait(timeoutNanoseconds: nil)
            guard serverGone.exchange(false, ordering: .acquiringAndReleasing) else { continue }
            connected.withLock { slot in
                slot?.close()
                slot = nil
            }
            if streamOptions.reconnect { reconnect() }
        }
    }

    private func reconnect() {
        let interval = UInt64(max(0.01, streamOptions.reconnectInterval) * 1e9)
        while !closed.load(ordering: .acquiring), wantsRunning.load(ordering: .acquiring), status.state == .invalidated
        {
            supervisorWake.wait(timeoutNanoseconds: interval)
            let connected: Bool = connected.withLock { slot in
                guard slot == nil, wantsRunning.load(ordering: .acquiring), !closed.load(ordering: .acquiring) else {
                    return false
                }
                renderer.reset()
                slot = try? openLive()
                return slot != nil
            }
            if connected, status.transition(from: .invalidated, to: .running) {
                status.post(.reconnected)
                return
            }
        }
    }

    /// The stream's rate (the device's unless the caller asked for one) and encoding: the caller's, else the
    /// devices' own when every device the stream uses is found, has the same one, and runs at that rate
    /// (PulseAudio then converts nothing, as for paplay's 16-bit file on a 16-bit sink; PipeWire's pulse server
    /// mixes in floats whatever it is sent), else Float32. Like `PA_STREAM_FIX_FORMAT`, it is chosen once, when
    /// the stream opens: a stream the server later moves to another device keeps it, and the server converts.
    private static func negotiate(
        _ configuration: StreamConfiguration, on connection: PulseConnection
    ) throws(AudioError) -> (rate: Double, sampleType: SampleType) {
        let server = try connection.serverInfo()
        var chosen: [(device: AudioDevice, sampleType: SampleType?)] = []
        var everyDeviceFound = true
        if configuration.direction.hasOutput {
            let sinks = try connection.sinks()
            let wanted = configuration.outputDevice ?? server.defaultSink
            if let sink = sinks.first(where: { $0.device.id == wanted }) {
                chosen.append((sink.device, sink.sampleType))
            } else if let id = configuration.outputDevice {
                throw AudioError.deviceNotFound(id, backend: "pulse", available: sinks.map(\.device.id))
            } else {
                everyDeviceFound = false
            }
        }
        if configuration.direction.hasInput {
            let sources = try connection.sources()
            let wanted = configuration.inputDevice ?? server.defaultSource
            if let source = sources.first(where: { $0.device.id == wanted }) {
                chosen.append((source.device, source.sampleType))
            } else if let id = configuration.inputDevice {
                throw AudioError.deviceNotFound(id, backend: "pulse", available: sources.map(\.device.id))
            } else {
                everyDeviceFound = false
            }
        }
        let rate = configuration.sampleRate ?? chosen.first?.device.preferredSampleRate ?? server.sampleRate
        if let requested = configuration.sampleType { return (rate, requested == .float64 ? .float32 : requested) }
        let native = chosen.first?.sampleType
        let everyDeviceAgrees =
            everyDeviceFound && chosen.allSatisfy { $0.sampleType == native && $0.device.preferredSampleRate == rate }
        return (rate, everyDeviceAgrees ? native ?? .float32 : .float32)
    }
}
