import DecibelCore
import Synchronization

/// A stream on the Null device. With the real-time clock a thread calls back once per buffer period,
/// paced by `CLOCK_MONOTONIC` against absolute deadlines (no drift); a callback that runs past the next
/// deadline counts as an xrun and the clock skips the periods it missed instead of bursting to catch up.
/// With the manual clock, each `render(frames:)` is one callback on the caller's thread.
public final class NullStream: AudioStream, @unchecked Sendable {
    public let configuration: StreamConfiguration
    public let format: StreamFormat
    public var latency: StreamLatency {
        StreamLatency(
            inputFrames: format.inputChannelCount > 0 ? format.bufferSize : 0,
            outputFrames: format.outputChannelCount > 0 ? format.bufferSize : 0)
    }
    public var xrunCount: Int { status.xrunCount }
    public func events(capacity: Int) -> EventSequence<StreamEvent> { status.events(capacity: capacity) }
    public var state: StreamState { status.state }
    /// How the stream is clocked.
    public let clock: NullBackend.Clock

    private let status: StreamStatus
    /// The render path, its callback count and the clock loop: what the clock thread holds (never the
    /// stream itself, so a dropped stream's `deinit` runs elsewhere and can join the thread).
    private let loop: NullClockLoop
    private let control = Locked<AudioThread?>(nil)

    init(
        configuration: StreamConfiguration, format: StreamFormat, clock: NullBackend.Clock, inputSignal: TestSignal
    ) throws(AudioError) {
        self.configuration = configuration
        self.format = format
        self.clock = clock
        status = try StreamStatus(name: configuration.name, format: format, handler: configuration.onEvent)
        loop = NullClockLoop(
            cycle: NullRenderPath(format: format, signal: inputSignal, render: configuration.render), status: status,
            format: format)
    }

    deinit { close() }

    /// Callbacks made so far.
    public var callbackCount: Int { loop.callbacks.load(ordering: .relaxed) }

    /// Whether the render thread got real-time scheduling (always `false` for the manual clock).
    public var isRealtimeThread: Bool { control.withLock { $0?.isRealtime ?? false } }

    public func start() throws(AudioError) {
        try control.withLock { (thread: inout AudioThread?) throws(AudioError) in
            try status.refuseIfClosing(backend: "null")
            switch status.state {
            case .running: return
            case .closed, .invalidated:
                throw AudioError(
                    .invalidState, "cannot start a \(status.state) stream; open a new one", backend: "null")
            case .stopped: break
            }
            status.setState(.running)
            if clock == .realTime {
                loop.stopRequested.store(false, ordering: .relaxed)
                do throws(AudioError) {
                    let loop = self.loop
                    thread = try AudioThread(name: "null-render", realtimePriority: 10) { loop.run() }
                } catch {
                    status.setState(.stopped)
                    throw error
                }
            }
            // Posted under the lock, as stop() posts `.stopped`: a close() racing this start cannot post its
            // `.stopped` first.
            status.post(.started)
        }
    }

    public func stop() throws(AudioError) {
        try status.refuseIfClosed(backend: "null")
        control.withLock { thread in
            guard status.state == .running else { return }
            loop.stopRequested.store(true, ordering: .releasing)
            thread?.join()
            thread = nil
            status.setState(.stopped)
            status.post(.stopped)
        }
    }

    public func close() {
        guard status.state != .closed else { return }
        // A second close() racing this one stops and closes too: neither returns while the stream may run.
        status.beginClosing()
        try? stop()
        status.setState(.closed)
        status.shutdown()
    }

    /// Manual clock: runs one callback of `frames` frames on this thread and returns the output block,
    /// valid until the next call.
    /// - Throws: `AudioError` of kind `invalidState` when the stream runs on the real-time clock or is not
    ///   running, or `invalidArgument` when `frames` is outside `1...format.maximumFrameCount`.
    public func render(frames: Int) throws(AudioError) -> AudioBufferView {
        guard clock == .manual else {
            throw AudioError(
                .invalidState, "render(frames:) drives manually clocked streams; this one runs on its own thread",
                backend: "null")
        }
        guard status.state == .running else {
            throw AudioError(
                .invalidState, "render(frames:) needs a started stream (it is \(status.state))", backend: "null")
        }
        guard frames >= 1 && frames <= format.maximumFrameCount else {
            throw AudioError(
                .invalidArgument,
                "render(frames: \(frames)) is outside 1...\(format.maximumFrameCount), the stream's maximum",
                backend: "null")
        }
        loop.callbacks.wrappingAdd(1, ordering: .relaxed)
        return loop.cycle.run(frames: frames, hostTime: MonotonicClock.now())
    }
}

/// The real-time clock: one callback per period at absolute deadlines, on the stream's thread.
private final class NullClockLoop: Sendable {
    let cycle: NullRenderPath
    let status: StreamStatus
    let format: StreamFormat
    let stopRequested = Atomic<Bool>(false)
    let callbacks = Atomic<Int>(0)

    init(cycle: NullRenderPath, status: StreamStatus, format: StreamFormat) {
        self.cycle = cycle
        self.status = status
        self.format = format
    }

    func run() {
        let period = UInt64((Double(format.bufferSize) / format.sampleRate * 1e9).rounded())
        var deadline = MonotonicClock.now()
        while !stopRequested.load(ordering: .acquiring) {
            _ = cycle.run(frames: format.bufferSize, hostTime: deadline)
            callbacks.wrappingAdd(1, ordering: .relaxed)
            deadline &+= period
            let now = MonotonicClock.now()
            if now > deadline {
                // The callback overran its period: the device would have played a gap.
                status.recordXrunFromRenderThread()
                let missed = (now - deadline) / period + 1
                deadline &+= missed * period
            }
            MonotonicClock.sleep(until: deadline)
        }
    }
}
