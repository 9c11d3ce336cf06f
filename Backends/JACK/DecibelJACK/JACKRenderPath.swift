import CJACK
import DecibelCore
import Synchronization

/// What a stream's JACK callbacks touch: the ports, the preallocated channel-pointer arrays, the user's
/// render callback, counters and the stream's `StreamStatus`.
///
/// JACK receives it as an unretained pointer; the owning `JACKStream` keeps it alive until
/// `jack_client_close` has returned (or forever, if that never returns).
///
/// The whole cycle is Swift: libjack hands each port's buffer over through a plain function
/// (`jack_port_get_buffer`) that Swift calls directly. (PipeWire's is partly C; `decibel_pipewire.h` says why.)
final class JACKRenderPath: RenderWarmUp, @unchecked Sendable {
    typealias GetBuffer = @convention(c) (OpaquePointer?, jack_nframes_t) -> UnsafeMutableRawPointer?

    // Render thread reads; set once before activation.
    private let getBuffer: GetBuffer
    let inputPorts: [OpaquePointer]
    let outputPorts: [OpaquePointer]
    private let inputPortTable: UnsafeMutablePointer<OpaquePointer>
    private let outputPortTable: UnsafeMutablePointer<OpaquePointer>
    private let inputCount: Int
    private let outputCount: Int
    /// JACK's port buffers for the current callback, one pointer per channel: the views handed to `render`.
    private let inputPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private let outputPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private let placeholder: UnsafeMutablePointer<Float>
    private let render: RenderCallback
    let status: StreamStatus

    // Render thread only.
    private var sampleTime: Int64 = 0

    // Shared between threads.
    private let sampleRateBits: Atomic<UInt64>
    private let callbacks = Atomic<Int>(0)
    private let worstNanoseconds = Atomic<UInt64>(0)
    private let lastFrameCount = Atomic<Int>(0)
    private let callbacksOverPeriod = Atomic<Int>(0)
    /// One period in nanoseconds at the current size and rate (0 when unknown).
    private let periodNanoseconds = Atomic<UInt64>(0)
    /// Set by the shutdown callback; the stream then never calls into its client again except to close it.
    let serverGone = Atomic<Bool>(false)
    /// The format, rewritten by the buffer-size and sample-rate callbacks (JACK's notification thread).
    let format: Locked<StreamFormat>

    init(
        api: decibel_jack_api, inputPorts: [OpaquePointer], outputPorts: [OpaquePointer], format: StreamFormat,
        render: @escaping RenderCallback, status: StreamStatus
    ) throws(AudioError) {
        self.getBuffer = api.jack_port_get_buffer
        self.inputPorts = inputPorts
        self.outputPorts = outputPorts
        inputCount = inputPorts.count
        outputCount = outputPorts.count
        inputPortTable = .allocate(capacity: max(1, inputCount))
        outputPortTable = .allocate(capacity: max(1, outputCount))
        inputPortTable.initialize(from: inputPorts, count: inputCount)
        outputPortTable.initialize(from: outputPorts, count: outputCount)
        placeholder = .allocate(capacity: 1)
        placeholder.initialize(to: 0)
        inputPointers = .allocate(capacity: max(1, inputCount))
        inputPointers.initialize(repeating: placeholder, count: max(1, inputCount))
        outputPointers = .allocate(capacity: max(1, outputCount))
        outputPointers.initialize(repeating: placeholder, count: max(1, outputCount))
        self.render = render
        self.status = status
        self.format = Locked(format)
        sampleRateBits = Atomic(format.sampleRate.bitPattern)
        publishPeriod(format)
    }

    private func publishPeriod(_ format: StreamFormat) {
        guard format.sampleRate > 0 else { return }
        periodNanoseconds.store(UInt64(Double(format.bufferSize) / format.sampleRate * 1e9), ordering: .relaxed)
    }

    deinit {
        inputPortTable.deallocate()
        outputPortTable.deallocate()
        inputPointers.deallocate()
        outputPointers.deallocate()
        placeholder.deallocate()
    }

    /// The process callback: points the views at JACK's buffers, zeroes the outputs, calls `render`.
    /// No allocation, no lock, no copy of audio.
    @inline(__always)
    func process(_ frames: jack_nframes_t) -> Int32 {
        RealtimeSanitizer.enter()
        cycle(frames, render: true)
        RealtimeSanitizer.exit()
        return 0
    }

    /// The Decibel part of a cycle (`RenderWarmUp`), over zero frames: the port buffers are the server's
    /// and may not be touched outside its cycle.
    func runCycleWithoutCallback(frames: Int) { cycle(0, render: false) }

    func forgetWarmUpCycle() { sampleTime = 0 }

    @inline(__always)
    private func cycle(_ frames: jack_nframes_t, render callRender: Bool) {
        let started = MonotonicClock.now()
        let frameCount = Int(frames)
        var channel = 0
        while channel < inputCount {
            guard let buffer = getBuffer(inputPortTable[channel], frames) else {
                return status.recordXrunFromRenderThread()
            }
            inputPointers[channel] = buffer.assumingMemoryBound(to: Float.self)
            channel += 1
        }
        channel = 0
        while channel < outputCount {
            guard let buffer = getBuffer(outputPortTable[channel], frames) else {
                return status.recordXrunFromRenderThread()
            }
            let samples = buffer.assumingMemoryBound(to: Float.self)
            samples.update(repeating: 0, count: frameCount)
            outputPointers[channel] = samples
            channel += 1
        }
        let context = RenderContext(
            input: AudioBufferView(
                channelPointers: inputCount == 0 ? nil : UnsafePointer(inputPointers), channelCount: inputCount,
                frameCount: inputCount == 0 ? 0 : frameCount),
            output: AudioBufferView(
                channelPointers: outputCount == 0 ? nil : UnsafePointer(outputPointers), channelCount: outputCount,
                frameCount: outputCount == 0 ? 0 : frameCount),
            frameCount: frameCount,
            timestamp: AudioTimestamp(sampleTime: sampleTime, hostTime: started),
            sampleRate: Double(bitPattern: sampleRateBits.load(ordering: .relaxed)))
        if callRender { render(context) }
        sampleTime &+= Int64(frameCount)
        let elapsed = MonotonicClock.now() &- started
        guard callRender else { return }
        if elapsed > worstNanoseconds.load(ordering: .relaxed) { worstNanoseconds.store(elapsed, ordering: .relaxed) }
        let period = periodNanoseconds.load(ordering: .relaxed)
        if period > 0 && elapsed > period { callbacksOverPeriod.wrappingAdd(1, ordering: .relaxed) }
        lastFrameCount.store(frameCount, ordering: .relaxed)
        callbacks.wrappingAdd(1, ordering: .releasing)
    }

    var statistics: JACKStreamStatistics {
        let format = self.format.withLock { $0 }
        return JACKStreamStatistics(
            callbacks: callbacks.load(ordering: .acquiring),
            worstCallbackNanoseconds: worstNanoseconds.load(ordering: .relaxed),
            callbacksOverPeriod: callbacksOverPeriod.load(ordering: .relaxed),
            lastFrameCount: lastFrameCount.load(ordering: .relaxed),
            bufferSize: format.bufferSize, sampleRate: format.sampleRate, xruns: status.xrunCount)
    }

    /// Forgets the worst callback duration and the late-callback count (a soak test calls it once the
    /// stream has settled).
    func resetWorstCallback() {
        worstNanoseconds.store(0, ordering: .relaxed)
        callbacksOverPeriod.store(0, ordering: .relaxed)
    }

    // MARK: Notification-thread callbacks (JACK's non-real-time thread)

    /// JACK changed the period. Nothing in the render path is sized in frames (the views point at JACK's
    /// own buffers), so re-preparing means publishing the new format; the handler learns of it.
    func bufferSizeChanged(_ frames: jack_nframes_t) {
        let size = Int(frames)
        let changed: StreamFormat? = format.withLock { format in
            guard format.bufferSize != size, size > 0 else { return nil }
            format.bufferSize = size
            format.maximumFrameCount = size
            return format
        }
        guard let changed else { return }
        publishPeriod(changed)
        status.post(.formatChanged(changed))
    }

    /// JACK changed its rate: the render context reports the new rate from the next callback on.
    func sampleRateChanged(_ rate: jack_nframes_t) {
        let newRate = Double(rate)
        let changed: StreamFormat? = format.withLock { format in
            guard format.sampleRate != newRate, newRate > 0 else { return nil }
            format.sampleRate = newRate
            return format
        }
        guard let changed else { return }
        sampleRateBits.store(newRate.bitPattern, ordering: .relaxed)
        publishPeriod(changed)
        status.post(.formatChanged(changed))
    }

    /// The server went away: the stream is invalid. Never closes the client here (JACK forbids it).
    func serverShutDown(_ reason: String) {
        guard !serverGone.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let wasRunning = status.transition(from: .running, to: .invalidated)
        if !wasRunning { status.transition(from: .stopped, to: .invalidated) }
        status.post(.serverShutDown(reason: reason.isEmpty ? "the JACK server shut down" : reason))
        if wasRunning { status.post(.stopped) }
    }
}
