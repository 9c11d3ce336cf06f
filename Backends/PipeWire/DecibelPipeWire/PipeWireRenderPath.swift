internal import CPipeWire
import DecibelCore
import Synchronization

/// The render path of a PipeWire stream: what the `process` callbacks do on PipeWire's data thread, plus
/// the stream-state bookkeeping the loop thread does.
///
/// Everything the process path touches is allocated in `init`. PipeWire's buffers are handed to the
/// render callback in place (planar float32), so playback and capture copy nothing; duplex runs a capture
/// and a playback `pw_stream`, and the capture side feeds the playback side through Core's `DuplexCushion`.
/// The Swift part of each callback runs inside `RealtimeSanitizer.enter()`/`exit()`.
final class PipeWireRenderPath: RenderWarmUp, @unchecked Sendable {
    private let render: RenderCallback
    let status: StreamStatus
    /// The format the stream was opened with; its `bufferSize` is the quantum asked for.
    let requestedFormat: StreamFormat
    private let sampleRate: Double
    private let outputChannels: Int
    private let inputChannels: Int
    /// Duplex only. Capture and playback are two nodes: a cushion of two quanta makes a cycle's order
    /// not matter.
    private let duplex: DuplexCushion?

    // Data thread only (reset by the control thread while no stream exists).
    private var outputTime: Int64 = 0
    private var inputTime: Int64 = 0
    private var priming = false

    /// The frame count of the latest process callback, per direction (the graph's quantum, in effect).
    let lastOutputFrames = Atomic<Int>(0)
    let lastInputFrames = Atomic<Int>(0)
    /// Process callbacks that ran.
    let processCallbacks = Atomic<Int>(0)
    /// The graph's cycle length in the stream's frames since the stream last connected (0 before a cycle).
    let grantedQuantum = Atomic<Int>(0)

    // Loop thread, under the connection's lock.
    var outputState = PW_STREAM_STATE_UNCONNECTED
    var inputState = PW_STREAM_STATE_UNCONNECTED
    var stateError: String?
    /// Loop thread, lock held: a stream reported PW_STREAM_STATE_ERROR while running.
    var onStreamFailure: ((String) -> Void)?
    var negotiatedRate: UInt32 = 0

    init(format: StreamFormat, status: StreamStatus, render: @escaping RenderCallback) {
        self.render = render
        self.status = status
        requestedFormat = format
        sampleRate = format.sampleRate
        outputChannels = format.outputChannelCount
        inputChannels = format.inputChannelCount
        duplex =
            outputChannels > 0 && inputChannels > 0
            ? DuplexCushion(
                channelCount: inputChannels, cushionFrames: 2 * format.bufferSize,
                capacity: 4 * format.maximumFrameCount + 2 * format.bufferSize, maximumFrames: format.maximumFrameCount)
            : nil
        warmUp(frames: min(format.bufferSize, format.maximumFrameCount))
    }

    /// Both process paths once on scratch memory (`RenderWarmUp`).
    func runCycleWithoutCallback(frames: Int) {
        let scratch = AudioBuffer(channelCount: max(outputChannels, inputChannels, 1), frameCapacity: frames)
        priming = true
        if inputChannels > 0 { processInput(scratch.channelPointers, frames: frames) }
        if outputChannels > 0 { processOutput(scratch.channelPointers, frames: frames) }
        priming = false
    }

    func forgetWarmUpCycle() { reset() }

    /// Control thread, no stream connected: forgets what the last run left.
    func reset() {
        duplex?.reset()
        outputTime = 0
        inputTime = 0
        grantedQuantum.store(0, ordering: .relaxed)
        outputState = PW_STREAM_STATE_UNCONNECTED
        inputState = PW_STREAM_STATE_UNCONNECTED
        stateError = nil
    }

    /// Data thread: fills PipeWire's (zeroed) playback planes.
    func processOutput(_ planes: UnsafePointer<UnsafeMutablePointer<Float>>, frames: Int) {
        RealtimeSanitizer.enter()
        let output = AudioBufferView(channelPointers: planes, channelCount: outputChannels, frameCount: frames)
        let input = duplex?.read(frames: frames, countingUnderrunsOn: priming ? nil : status) ?? AudioBufferView.empty
        let context = RenderContext(
            input: input, output: output, frameCount: frames,
            timestamp: AudioTimestamp(sampleTime: outputTime, hostTime: MonotonicClock.now()), sampleRate: sampleRate)
        if !priming {
            render(context)
            lastOutputFrames.store(frames, ordering: .relaxed)
            processCallbacks.wrappingAdd(1, ordering: .relaxed)
        }
        outputTime &+= Int64(frames)
        RealtimeSanitizer.exit()
    }

    /// Data thread: hands PipeWire's capture planes to the render callback (duplex: to the ring).
    func processInput(_ planes: UnsafePointer<UnsafeMutablePointer<Float>>, frames: Int) {
        RealtimeSanitizer.enter()
        let input = AudioBufferView(channelPointers: planes, channelCount: inputChannels, frameCount: frames)
        if let duplex {
            if !duplex.write(input), !priming { status.recordXrunFromRenderThread() }
        } else {
            let context = RenderContext(
                input: input, output: .empty, frameCount: frames,
                timestamp: AudioTimestamp(sampleTime: inputTime, hostTime: MonotonicClock.now()), sampleRate: sampleRate
            )
            if !priming {
                render(context)
                processCallbacks.wrappingAdd(1, ordering: .relaxed)
            }
        }
        if !priming { lastInputFrames.store(frames, ordering: .relaxed) }
        inputTime &+= Int64(frames)
        RealtimeSanitizer.exit()
    }

    /// Data thread: a buffer was due and none was free, or the driver ran a cycle without this stream.
    func missedBuffer() { status.recordXrunFromRenderThread() }

    /// Data thread: the graph's cycle is now `frames` long at `rate`. Another client asking for less
    /// latency, or the daemon's limits, can give a quantum other than the one asked for; the handler
    /// learns of every change (`formatChanged`), the first one included.
    func graphQuantumChanged(frames: UInt32, rate: UInt32) {
        RealtimeSanitizer.enter()
        let quantum =
            Double(rate) == sampleRate ? Int(frames) : Int((Double(frames) * sampleRate / Double(rate)).rounded())
        let previous = grantedQuantum.exchange(quantum, ordering: .relaxed)
        if quantum != (previous == 0 ? requestedFormat.bufferSize : previous) {
            status.postFromRenderThread(.formatChanged(format(quantum: quantum)))
        }
        RealtimeSanitizer.exit()
    }

    /// The stream's format with the graph running at `quantum`.
    func format(quantum: Int) -> StreamFormat {
        var format = requestedFormat
        format.bufferSize = quantum
        return format
    }

    /// The C event tables; `data` is this renderer, unretained (the stream keeps it alive).
    static let outputEvents = decibel_pipewire_stream_events(
        process: { data, planes, frames in renderer(data).processOutput(planes, frames: Int(frames)) },
        xrun: { data in renderer(data).missedBuffer() },
        quantum: { data, frames, rate in renderer(data).graphQuantumChanged(frames: frames, rate: rate) },
        state: { data, _, state, error in renderer(data).stateChanged(output: true, state, error) },
        format: { data, rate, _ in renderer(data).negotiatedRate = rate })

    static let inputEvents = decibel_pipewire_stream_events(
        process: { data, planes, frames in renderer(data).processInput(planes, frames: Int(frames)) },
        xrun: { data in renderer(data).missedBuffer() },
        quantum: { data, frames, rate in renderer(data).graphQuantumChanged(frames: frames, rate: rate) },
        state: { data, _, state, error in renderer(data).stateChanged(output: false, state, error) },
        format: { data, rate, _ in renderer(data).negotiatedRate = rate })

    /// Loop thread, lock held.
    private func stateChanged(output: Bool, _ state: pw_stream_state, _ error: UnsafePointer<CChar>?) {
        if output { outputState = state } else { inputState = state }
        guard state == PW_STREAM_STATE_ERROR else { return }
        let text = error.map { String(cString: $0) } ?? "unknown error"
        stateError = text
        onStreamFailure?(text)
    }

    private static func renderer(_ data: UnsafeMutableRawPointer?) -> PipeWireRenderPath {
        Unmanaged<PipeWireRenderPath>.fromOpaque(data!).takeUnretainedValue()
    }
}
