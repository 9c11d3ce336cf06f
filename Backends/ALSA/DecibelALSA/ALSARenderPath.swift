import CALSA
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The body of a stream's render thread: wait for the PCM, read, call the render callback, write.
///
/// Everything it touches is allocated before it starts. The Decibel part of each period (conversion and
/// the user's callback) runs inside `RealtimeSanitizer.enter()`/`exit()`; alsa-lib's I/O and waits run
/// outside it. It never throws: xruns are counted on the stream's status and recovered from, and a PCM
/// that fails for good (`-ENODEV`, a vanished server) invalidates the stream with a `deviceLost` event.
///
/// The whole cycle is Swift: alsa-lib's reads, writes and waits are plain functions Swift calls directly.
/// (PipeWire's is partly C; `decibel_pipewire.h` says why.)
final class ALSARenderPath: RenderWarmUp, @unchecked Sendable {
    let input: ALSAEndpoint?
    let output: ALSAEndpoint?
    private let status: StreamStatus
    private let render: RenderCallback
    private let frames: Int
    private let bufferFrames: Int
    private let sampleRate: Double
    private let periodNanoseconds: UInt64
    private let bufferNanoseconds: UInt64
    private let pollTimeoutMilliseconds: Int32
    /// An eventfd the control thread writes to wake the render thread out of `poll`.
    let wakeDescriptor: Int32
    private let running = Atomic<Bool>(false)
    /// Set by `requestDiscard()`, taken by the render thread (which alone touches the PCM while it runs).
    private let discardRequested = Atomic<Bool>(false)
    private var sampleTime: Int64 = 0
    private var pacingDeadline: UInt64 = 0
    /// The missing side of a one-way stream (not `AudioBufferView.empty`: a global's first use locks).
    private let noChannels = AudioBufferView(channelPointers: nil, channelCount: 0, frameCount: 0)
    /// The alsa-lib code that ended the loop for good (0 when it ended by request). Read after join.
    private(set) var failure: Int32 = 0

    init(
        input: ALSAEndpoint?, output: ALSAEndpoint?, status: StreamStatus, render: @escaping RenderCallback,
        wakeDescriptor: Int32
    ) {
        self.input = input
        self.output = output
        self.status = status
        self.render = render
        self.wakeDescriptor = wakeDescriptor
        let reference = output?.negotiated ?? input?.negotiated
        frames = reference?.periodFrames ?? 1
        bufferFrames = reference?.bufferFrames ?? 1
        sampleRate = reference?.sampleRate ?? 48_000
        periodNanoseconds = UInt64(Double(frames) / sampleRate * 1e9)
        bufferNanoseconds = UInt64(Double(bufferFrames) / sampleRate * 1e9)
        pollTimeoutMilliseconds = Int32(max(100, 4 * Double(bufferFrames) / sampleRate * 1000))
        warmUp(frames: frames)
    }

    /// One period's conversion on the endpoints' buffers (`RenderWarmUp`); nothing reaches the PCM.
    func runCycleWithoutCallback(frames: Int) { renderPeriod(callingRender: false) }

    func forgetWarmUpCycle() { sampleTime = 0 }

    /// Control thread: arms the loop before its thread starts.
    func arm() {
        takeWakes()  // forget an old stop request
        failure = 0
        pacingDeadline = 0
        discardRequested.store(false, ordering: .relaxed)
        running.store(true, ordering: .releasing)
    }

    /// Control thread: asks the loop to drop what the playback PCM holds, and wakes it if it waits. Not on a
    /// duplex stream: its PCMs are linked, so the drop would throw captured frames away too (and it queues
    /// only the two periods of its prefill).
    func requestDiscard() {
        guard output != nil, input == nil else { return }
        discardRequested.store(true, ordering: .releasing)  // before the wake: a wake taken shows the request
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    /// Control thread: asks the loop to end and wakes it if it waits.
    func requestStop() {
        running.store(false, ordering: .releasing)
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, 8)
    }

    private var isRunning: Bool { running.load(ordering: .acquiring) }

    /// The render thread's body.
    func run() {
        if let output, input != nil { prefill(output) }
        while isRunning {
            if discardRequested.load(ordering: .relaxed), let code = discardIfRequested() { return end(code) }
            if let input, let code = transferPeriod(input), code != 0 { return end(code) }
            if let output, let code = waitForRoom(output), code != 0 { return end(code) }
            guard isRunning else { break }
            renderPeriod()
            if let output, let code = transferPeriod(output), code != 0 { return end(code) }
            pace()
        }
    }

    /// One period: decode, the callback, encode. The warm-up runs it outside the real-time section: the
    /// first-use work it is there to absorb would be reported inside.
    private func renderPeriod(callingRender: Bool = true) {
        let hostTime = MonotonicClock.now()
        if callingRender { RealtimeSanitizer.enter() }
        input?.decode(frames: frames)
        let outputView = output?.floats.view(frames: frames) ?? noChannels
        outputView.clear()
        let inputView = input?.floats.view(frames: frames) ?? noChannels
        if callingRender {
            render(
                RenderContext(
                    input: inputView, output: outputView, frameCount: frames,
                    timestamp: AudioTimestamp(sampleTime: sampleTime, hostTime: hostTime), sampleRate: sampleRate))
        }
        output?.encode(frames: frames)
        if callingRender { RealtimeSanitizer.exit() }
        sampleTime &+= Int64(frames)
    }

    /// Moves one period through `endpoint`, waiting and recovering as needed. Returns nil when done,
    /// 0 when asked to stop while waiting, or the alsa-lib code that could not be recovered from. A
    /// rendered period is always handed over: the stop request is only looked at while waiting.
    private func transferPeriod(_ endpoint: ALSAEndpoint) -> Int32? {
        var offset = 0
        while offset < frames {
            let moved = endpoint.transfer(offset: offset, count: frames - offset)
            if moved > 0 {
                offset += moved
                continue
            }
            let code = moved == 0 ? -EAGAIN : Int32(truncatingIfNeeded: moved)
            if code == -EAGAIN {
                if let stop = waitForEvent(endpoint) { return stop }
            } else if !recover(endpoint, code) {
                return code
            }
        }
        return nil
    }

    /// Waits until `endpoint` can take a whole period, so the callback renders as late as possible.
    private func waitForRoom(_ endpoint: ALSAEndpoint) -> Int32? {
        while isRunning {
            let available = endpoint.available()
            if available >= frames { return nil }
            if available < 0 {
                if !recover(endpoint, Int32(truncatingIfNeeded: available)) {
                    return Int32(truncatingIfNeeded: available)
                }
            } else if let stop = waitForEvent(endpoint) {
                return stop
            }
        }
        return 0
    }

    /// Polls the PCM and the wake descriptor. Returns 0 when asked to stop, a negative code when the
    /// PCM reports a state its transfer calls would fail with, nil to try again.
    private func waitForEvent(_ endpoint: ALSAEndpoint) -> Int32? {
        guard isRunning else { return 0 }  // a wake taken with a discard may have been a stop's too
        endpoint.refreshPollDescriptors()
        let descriptors = endpoint.pollDescriptors
        let count = endpoint.pcmPollCount
        let ready = poll(descriptors, nfds_t(count + 1), pollTimeoutMilliseconds)
        if !isRunning { return 0 }
        if descriptors[count].revents != 0 { return discardIfRequested() }
        // Plugins (pulse, jack) multiplex their own descriptors: only alsa-lib can say what they mean.
        let events = ready > 0 ? endpoint.pollEvents() : 0
        if ready == 0 || events & UInt16(POLLERR | POLLHUP | POLLNVAL) != 0 {
            switch endpoint.state {
            case SND_PCM_STATE_XRUN: return recover(endpoint, -EPIPE) ? nil : -EPIPE
            case SND_PCM_STATE_SUSPENDED: return recover(endpoint, -ESTRPIPE) ? nil : -ESTRPIPE
            case SND_PCM_STATE_DISCONNECTED: return -ENODEV
            default: break
            }
        }
        return nil
    }

    /// Takes the wake-ups waiting on the descriptor and, if a discard was asked for, drops the playback
    /// PCM's queue; the loop then fills its buffer again at once. nil, or the alsa-lib code that failed.
    private func discardIfRequested() -> Int32? {
        takeWakes()
        guard discardRequested.exchange(false, ordering: .acquiring), let output else { return nil }
        let code = output.discardQueued()
        guard code >= 0 else { return code }
        pacingDeadline = 0
        return nil
    }

    /// Empties the wake descriptor (an eventfd: one read takes every wake-up written since).
    private func takeWakes() {
        var counter: UInt64 = 0
        _ = read(wakeDescriptor, &counter, 8)
    }

    /// Counts and recovers from an xrun or suspend; false for errors that end the stream.
    private func recover(_ endpoint: ALSAEndpoint, _ code: Int32) -> Bool {
        switch code {
        case -EPIPE, -ESTRPIPE:
            status.recordXrunFromRenderThread()
        case -EINTR:
            break
        default:
            return false
        }
        guard endpoint.recover(code) >= 0 else { return false }
        if endpoint.isOutput && input != nil { prefill(endpoint) }
        return true
    }

    /// Duplex: queues silence so playback starts with a period of room once capture delivers.
    private func prefill(_ endpoint: ALSAEndpoint) {
        var remaining = bufferFrames - frames
        while remaining > 0 {
            let written = endpoint.writeSilence(frames: min(remaining, frames))
            if written <= 0 { return }
            remaining -= written
        }
    }

    /// Paces PCMs that have no clock. Right after a transfer, a clocked PCM cannot have a whole buffer
    /// free (playback) or ready (capture): before it starts the period just written occupies it, and
    /// once running a whole buffer of lag is an xrun (the stop threshold is one buffer). `null` and
    /// plugins over it report exactly that, so the loop keeps real time itself on the monotonic clock.
    private func pace() {
        guard let endpoint = output ?? input else { return }
        let state = endpoint.state
        guard state == SND_PCM_STATE_RUNNING || state == SND_PCM_STATE_PREPARED, endpoint.available() >= bufferFrames
        else {
            pacingDeadline = 0
            return
        }
        let now = MonotonicClock.now()
        if pacingDeadline != 0 && now > pacingDeadline &+ max(bufferNanoseconds, 4 &* periodNanoseconds) {
            // Behind by more than a buffer: a PCM with a clock would have run dry there (its stop threshold).
            status.recordXrunFromRenderThread()
            pacingDeadline = now
        } else if pacingDeadline == 0 {
            pacingDeadline = now
        }
        pacingDeadline &+= periodNanoseconds
        sleep(until: pacingDeadline)
    }

    /// Sleeps until `deadline` unless a stop request arrives first.
    private func sleep(until deadline: UInt64) {
        var wake = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
        let now = MonotonicClock.now()
        guard deadline > now, isRunning else { return }  // a stop's wake may have been taken with a discard's
        let milliseconds = Int32((deadline - now) / 1_000_000)
        if milliseconds > 0, poll(&wake, 1, milliseconds) != 0 {
            takeWakes()  // a stop, or a discard, which the loop takes next (its flag is set before the wake)
            return
        }
        if isRunning { MonotonicClock.sleep(until: deadline) }
    }

    /// Leaves the loop for good: the stream is invalid from here on.
    private func end(_ code: Int32) {
        guard code != 0, isRunning else { return }
        failure = code
        let reason =
            "the ALSA PCM '\((output ?? input)?.pcm.name ?? "?")' failed: \((output ?? input)?.pcm.library.errorText(code) ?? "error \(code)")"
        status.setState(.invalidated)
        status.postFromRenderThread(.deviceLost(reason: reason))
    }
}
