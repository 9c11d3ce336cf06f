import Decibel
import DecibelToolSupport
import Synchronization

/// A stream with an engine, run until a duration passes, a condition holds, Ctrl-C, or the stream dies,
/// showing the status line meanwhile. Shared by `record`, `passthrough` and `demo`; `play` drives an
/// `AudioPlayer` instead and shares only `StreamFailure`.
final class PlaybackSession: @unchecked Sendable {
    let engine: AudioEngine
    let stream: any AudioStream
    let backend: any AudioBackend
    private let failure = StreamFailure()

    /// Opens the stream that `makeConfiguration` describes (given the event handler to install).
    init(
        backend: any AudioBackend, makeConfiguration: (@escaping @Sendable (StreamEvent) -> Void) -> StreamConfiguration
    ) throws {
        self.backend = backend
        let configuration = makeConfiguration(failure.handler)
        engine = try AudioEngine.adapted(backend: backend, configuration: configuration)
        guard let stream = engine.stream else { throw AudioError(.invalidState, "the engine has no stream") }
        self.stream = stream
    }

    deinit { stream.close() }

    /// Starts the stream and waits until `duration` seconds of stream time pass, `isDone(seconds)` says so,
    /// or Ctrl-C; refreshes the status line ~15 times a second. Throws if the stream dies.
    func run(
        label: String, duration: Double?, total: Double? = nil, position: (() -> Double)? = nil, meter: LevelMeter,
        isDone: (Double) -> Bool
    ) throws {
        Interrupt.install()
        var status = StatusLine()
        try stream.start()
        let rate = stream.format.sampleRate
        defer { status.finish() }
        while true {
            let elapsed = Double(engine.sampleTime) / rate
            let shown = position?() ?? elapsed
            status.show(
                position: shown, duration: total ?? duration,
                peaks: (0..<min(2, meter.channelCount)).map { Float(meter.peakDBFS(channel: $0)) }, label: label)
            if failure.hasEnded {
                status.finish()
                try failure.check("stopped", backend: backend.id)
            }
            if Interrupt.isRaised || isDone(shown) { break }
            if let duration, elapsed >= duration { break }
            MonotonicClock.sleep(nanoseconds: 66_000_000)
        }
        try stream.stop()
        if stream.xrunCount > 0 {
            status.finish()
            printError("decibel: \(stream.xrunCount) xrun(s)")
        }
    }
}

/// The event that ended a stream (server gone, device lost), set from its event thread.
final class StreamFailure: Sendable {
    private let event = Locked<StreamEvent?>(nil)

    /// The handler to install as the stream's `onEvent`.
    var handler: @Sendable (StreamEvent) -> Void {
        { [event] received in
            switch received {
            case .serverShutDown, .deviceLost:
                event.withLock { $0 = received }
                Interrupt.wake()  // a loop sleeping in Interrupt.sleep reports it now, not at its next look
            default: break
            }
        }
    }

    var hasEnded: Bool { event.withLock { $0 != nil } }

    /// Throws `streamInvalidated` saying `what` happened and why, once the stream has ended.
    func check(_ what: String, backend: String) throws(AudioError) {
        if let ended = event.withLock({ $0 }) {
            throw AudioError(.streamInvalidated, "\(what): \(ended)", backend: backend)
        }
    }
}
