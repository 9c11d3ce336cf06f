import CPulse
import DecibelCore

/// The render path of a PulseAudio stream: what the write and read callbacks do on the mainloop thread.
///
/// Everything here is allocated in `init` (off the render thread) and reused for every callback and every
/// reconnection. The callbacks only call libpulse's own I/O (`pa_stream_begin_write`/`write`,
/// `pa_stream_peek`/`drop`, and a timing request when `PulseTimingSchedule` says one is due) outside the
/// real-time section; conversion and the user's render callback run inside `RealtimeSanitizer.enter()`/`exit()`.
///
/// The whole cycle is Swift: libpulse's I/O is plain functions Swift calls directly. (PipeWire's is partly
/// C; `decibel_pipewire.h` says why.)
final class PulseRenderPath: RenderWarmUp, @unchecked Sendable {
    private let api: decibel_pulse_api
    private let render: RenderCallback
    private let status: StreamStatus
    private let sampleRate: Double
    private let sampleType: SampleType
    /// Frames the render callback gets at most.
    let maximumFrames: Int
    /// Frames a playback callback gets at most: a player's second-long request is rendered in pieces this long
    /// straight into libpulse's buffer, so the render buffer stays 4096 frames whatever the latency. A duplex
    /// stream's are whole, since its cushion decides on a whole request whether captured audio is there for it.
    private let outputPieceFrames: Int
    /// Frames per capture delivery (input-only streams always get exactly this many).
    let blockFrames: Int
    let outputFrameBytes: Int
    let inputFrameBytes: Int

    private let output: AudioBuffer
    private let capture: AudioBuffer
    /// Duplex only: captured blocks waiting for the playback callback. The two streams tick on their own;
    /// one capture block left after each playback read keeps the reads whole.
    private let duplex: DuplexCushion?

    // Mainloop thread only (reset by the control thread while no callback runs).
    private var captureFilled = 0
    private var sampleTime: Int64 = 0
    /// True only during the warm-up cycle: the path runs without calling the user's callback.
    private var priming = false
    private var playbackTiming = PulseTimingSchedule()
    private var recordTiming = PulseTimingSchedule()

    /// Callbacks that ran, for tests and the RealtimeSanitizer scenario.
    private(set) var writeCallbacks = 0
    private(set) var readCallbacks = 0

    init(
        api: decibel_pulse_api, format: StreamFormat, sampleType: SampleType, status: StreamStatus,
        render: @escaping RenderCallback
    ) {
        self.api = api
        self.render = render
        self.status = status
        self.sampleRate = format.sampleRate
        self.sampleType = sampleType
        maximumFrames = format.maximumFrameCount
        blockFrames = format.bufferSize
        outputFrameBytes = format.outputChannelCount * sampleType.bytesPerSample
        inputFrameBytes = format.inputChannelCount * sampleType.bytesPerSample
        let isDuplex = format.inputChannelCount > 0 && format.outputChannelCount > 0
        outputPieceFrames = isDuplex ? maximumFrames : min(maximumFrames, StreamFormat.largestRenderPiece)
        output = AudioBuffer(channelCount: format.outputChannelCount, frameCapacity: outputPieceFrames)
        capture = AudioBuffer(channelCount: format.inputChannelCount, frameCapacity: blockFrames)
        duplex =
            isDuplex
            ? DuplexCushion(
                channelCount: format.inputChannelCount, cushionFrames: blockFrames,
                capacity: 8 * max(blockFrames, maximumFrames), maximumFrames: maximumFrames)
            : nil
        // Playback renders in pieces of `outputPieceFrames`, so one piece warms that path: a player's 2 s block
        // whole was 705 KB of scratch to fill and free, a millisecond and a half, and part of its peak memory.
        warmUp(frames: min(blockFrames, format.inputChannelCount > 0 ? maximumFrames : outputPieceFrames))
    }

    /// The conversion path once on scratch memory (`RenderWarmUp`).
    func runCycleWithoutCallback(frames: Int) {
        let scratch = UnsafeMutableRawPointer.allocate(
            byteCount: max(1, frames * max(outputFrameBytes, inputFrameBytes)), alignment: 16)
        defer { scratch.deallocate() }
        scratch.initializeMemory(
            as: UInt8.self, repeating: 0, count: max(1, frames * max(outputFrameBytes, inputFrameBytes)))
        priming = true
        if outputFrameBytes > 0 { renderOutput(frames: frames, into: scratch, hostTime: MonotonicClock.now()) }
        if inputFrameBytes > 0 {
            consumeCapture(UnsafeRawPointer(scratch), frames: frames)
            consumeCapture(nil, frames: frames)
        }
        priming = false
    }

    func forgetWarmUpCycle() {
        sampleTime = 0
        reset()
    }

    /// Control thread, no callback running: forgets partial blocks before a (re)start.
    func reset() {
        captureFilled = 0
        duplex?.reset()
        restartTimingUpdates()
    }

    /// The mainloop thread, a control thread holding the mainloop lock, or no callback running: the next callbacks
    /// ask for timing at once (after a start, a dropped queue, a move or an xrun, when the latency has changed).
    func restartTimingUpdates() {
        playbackTiming.restart()
        recordTiming.restart()
    }

    private func updateTiming(_ stream: OpaquePointer, _ schedule: inout PulseTimingSchedule, at now: UInt64) {
        guard schedule.isDue(at: now), let operation = api.pa_stream_update_timing_info(stream, nil, nil) else {
            return
        }
        api.pa_operation_unref(operation)
    }

    /// Write callback: renders exactly `bytes` (what the server asked for) straight into libpulse's buffers from
    /// `pa_stream_begin_write`, each in pieces of at most 4096 frames (duplex: whole). Each piece's host time is
    /// the callback's start plus the frames before it.
    func write(stream: OpaquePointer, bytes: Int) {
        writeCallbacks &+= 1
        let start = MonotonicClock.now()
        updateTiming(stream, &playbackTiming, at: start)
        var rendered = 0
        var remaining = bytes / outputFrameBytes
        while remaining > 0 {
            var data: UnsafeMutableRawPointer?
            var size = min(remaining, maximumFrames) * outputFrameBytes
            guard api.pa_stream_begin_write(stream, &data, &size) == 0, let data, size >= outputFrameBytes else {
                return
            }
            let frames = min(size / outputFrameBytes, maximumFrames, remaining)
            RealtimeSanitizer.enter()
            renderOutput(frames: frames, into: data, hostTime: start + nanoseconds(frames: rendered))
            RealtimeSanitizer.exit()
            if api.pa_stream_write(stream, data, frames * outputFrameBytes, nil, 0, PA_SEEK_RELATIVE) < 0 { return }
            rendered += frames
            remaining -= frames
        }
    }

    /// Read callback: takes every fragment the server has and hands the render callback complete blocks
    /// of `blockFrames` (duplex streams queue them for the playback side instead).
    func read(stream: OpaquePointer) {
        readCallbacks &+= 1
        updateTiming(stream, &recordTiming, at: MonotonicClock.now())
        while true {
            var data: UnsafeRawPointer?
            var size = 0
            guard api.pa_stream_peek(stream, &data, &size) == 0, size > 0 else { return }
            RealtimeSanitizer.enter()
            consumeCapture(data, frames: size / inputFrameBytes)
            RealtimeSanitizer.exit()
            _ = api.pa_stream_drop(stream)
        }
    }

    private func renderOutput(frames: Int, into destination: UnsafeMutableRawPointer, hostTime: UInt64) {
        var done = 0
        while done < frames {
            let piece = min(outputPieceFrames, frames - done)
            let at = destination + done * outputFrameBytes
            renderOutputPiece(frames: piece, into: at, hostTime: hostTime + nanoseconds(frames: done))
            done += piece
        }
    }

    private func nanoseconds(frames: Int) -> UInt64 { UInt64(Double(frames) * 1e9 / sampleRate) }

    private func renderOutputPiece(frames: Int, into destination: UnsafeMutableRawPointer, hostTime: UInt64) {
        let out = output.view(frames: frames)
        out.clear()
        let input = duplex?.read(frames: frames, countingUnderrunsOn: priming ? nil : status) ?? AudioBufferView.empty
        let context = RenderContext(
            input: input, output: out, frameCount: frames,
            timestamp: AudioTimestamp(sampleTime: sampleTime, hostTime: hostTime), sampleRate: sampleRate)
        if !priming { render(context) }
        sampleTime &+= Int64(frames)
        SampleConversion.interleave(out, frames: frames, into: destination, as: sampleType)
    }

    /// `data` is nil for a hole in the stream (the server lost data): it becomes silence.
    private func consumeCapture(_ data: UnsafeRawPointer?, frames: Int) {
        let block = capture.view(frames: blockFrames)
        var done = 0
        while done < frames {
            let count = min(frames - done, blockFrames - captureFilled)
            let target = block.slice(from: captureFilled, count: count)
            if let data {
                SampleConversion.deinterleave(
                    data + done * inputFrameBytes, as: sampleType, frames: count, into: target)
            } else {
                target.clear()
            }
            captureFilled += count
            done += count
            if captureFilled == blockFrames {
                deliverCapture(block)
                captureFilled = 0
            }
        }
    }

    private func deliverCapture(_ block: AudioBufferView) {
        if let duplex {
            if !duplex.write(block), !priming { status.recordXrunFromRenderThread() }
            return
        }
        let context = RenderContext(
            input: block, output: .empty, frameCount: block.frameCount,
            timestamp: AudioTimestamp(sampleTime: sampleTime, hostTime: MonotonicClock.now()), sampleRate: sampleRate)
        if !priming { render(context) }
        sampleTime &+= Int64(block.frameCount)
    }
}
