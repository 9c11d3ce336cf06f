import CPulse
import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One connected incarnation of a `PulseStream`: a connection and its playback and/or record
/// `pa_stream`. A reconnection builds a new one; the renderer and status carry over.
///
/// Its callbacks (state, moved, underflow, overflow, subscription) run on the mainloop thread.
final class PulseConnectedStream: @unchecked Sendable {
    let connection: PulseConnection
    let setup: PulseStreamSetup
    let status: StreamStatus
    private let renderer: PulseRenderPath
    private(set) var playback: OpaquePointer?
    private(set) var record: OpaquePointer?
    /// The last latency each direction measured, under the connection's lock (see `latency`).
    private var measured = (input: 0, output: 0)
    var api: decibel_pulse_api { connection.api }

    /// Connects, creates the streams and waits (bounded) until the server accepted them.
    init(
        connection: PulseConnection, setup: PulseStreamSetup, renderer: PulseRenderPath, status: StreamStatus,
        timeoutNanoseconds: UInt64
    ) throws(AudioError) {
        self.connection = connection
        self.setup = setup
        self.status = status
        self.renderer = renderer
        do throws(AudioError) {
            try connection.locked { () throws(AudioError) in
                if setup.format.outputChannelCount > 0 { playback = try makeStream(output: true, renderer: renderer) }
                if setup.format.inputChannelCount > 0 { record = try makeStream(output: false, renderer: renderer) }
                if setup.followsDefaultDevice
                    && (setup.outputDevice == nil && playback != nil || setup.inputDevice == nil && record != nil)
                {
                    followDefaults()
                }
            }
            let settled = connection.wait(timeoutNanoseconds: timeoutNanoseconds) { _ in
                [playback, record].allSatisfy { stream in
                    guard let stream else { return true }
                    let state = api.pa_stream_get_state(stream)
                    return state != PA_STREAM_CREATING && state != PA_STREAM_UNCONNECTED
                }
            }
            let failure: AudioError? = connection.locked {
                for stream in [playback, record].compactMap({ $0 })
                where api.pa_stream_get_state(stream) != PA_STREAM_READY {
                    let code = api.pa_context_errno(connection.context)
                    let device =
                        stream == playback
                        ? setup.outputDevice ?? "the default sink" : setup.inputDevice ?? "the default source"
                    return settled
                        ? AudioError(
                            .unsupportedConfiguration, "PulseAudio refused the stream on \(device)", backend: "pulse",
                            code: code, codeDescription: connection.library.errorText(code))
                        : AudioError(
                            .timedOut, "PulseAudio did not set up the stream on \(device) in time", backend: "pulse")
                }
                return nil
            }
            if let failure { throw failure }
        } catch {
            close()
            throw error
        }
    }

    /// Disconnects the streams and the connection; afterwards no callback runs. Idempotent.
    func close() {
        connection.locked {
            for stream in [playback, record].compactMap({ $0 }) {
                api.pa_stream_set_state_callback(stream, nil, nil)
                api.pa_stream_set_write_callback(stream, nil, nil)
                api.pa_stream_set_read_callback(stream, nil, nil)
                api.pa_stream_set_underflow_callback(stream, nil, nil)
                api.pa_stream_set_overflow_callback(stream, nil, nil)
                api.pa_stream_set_moved_callback(stream, nil, nil)
                _ = api.pa_stream_disconnect(stream)
                api.pa_stream_unref(stream)
            }
            playback = nil
            record = nil
        }
        connection.close()
    }

    /// What `pa_stream_get_latency` reports for each direction, in frames (0 until timing is known).
    ///
    /// Between the server's timing replies libpulse interpolates, and for a capture stream whose client has
    /// just read a fresh chunk the interpolated clock can fall behind what was read: the latency comes out
    /// "negative" (a null source at a 960-frame target read 437, 0, 438, 0, 432 frames 50 ms apart under
    /// AddressSanitizer). That keeps the last value measured (until the stream moves to another device), as does
    /// timing not known for a moment. A monitor source, always "ahead" of its sink, reads 0: nothing is late. On
    /// playback a negative latency is an underrun (the server read past what was written): the buffer is empty,
    /// 0 is the answer.
    var latency: StreamLatency {
        connection.locked {
            func frames(_ stream: OpaquePointer?, last: Int, isPlayback: Bool) -> Int {
                guard let stream else { return 0 }
                var usec: pa_usec_t = 0
                var negative: Int32 = 0
                guard api.pa_stream_get_latency(stream, &usec, &negative) == 0 else { return last }
                guard negative == 0 else { return isPlayback ? 0 : last }
                return Int((Double(usec) / 1e6 * setup.format.sampleRate).rounded())
            }
            measured = (
                frames(record, last: measured.input, isPlayback: false),
                frames(playback, last: measured.output, isPlayback: true)
            )
            return StreamLatency(inputFrames: measured.input, outputFrames: measured.output)
        }
    }

    /// Drops the playback stream's queued audio in the server; the write callback is asked to refill it.
    func discardQueuedOutput() {
        connection.locked {
            guard let playback, api.pa_stream_get_state(playback) == PA_STREAM_READY,
                let operation = api.pa_stream_flush(playback, nil, nil)
            else { return }
            api.pa_operation_unref(operation)
            renderer.restartTimingUpdates()
        }
    }

    /// The server's buffer attributes for the playback (or else record) stream.
    var bufferAttributes: pa_buffer_attr? {
        connection.locked {
            guard let stream = playback ?? record, let attributes = api.pa_stream_get_buffer_attr(stream) else {
                return nil
            }
            return attributes.pointee
        }
    }

    /// The sink or source each stream is on now.
    var deviceNames: (output: String?, input: String?) {
        connection.locked {
            (
                playback.flatMap { pulseString(api.pa_stream_get_device_name($0)) },
                record.flatMap { pulseString(api.pa_stream_get_device_name($0)) }
            )
        }
    }

    // MARK: Creating streams (lock held)

    private func makeStream(output: Bool, renderer: PulseRenderPath) throws(AudioError) -> OpaquePointer {
        let channels = output ? setup.format.outputChannelCount : setup.format.inputChannelCount
        var spec = pa_sample_spec(
            format: Self.pulseFormat(setup.sampleType), rate: UInt32(setup.format.sampleRate), channels: UInt8(channels)
        )
        var map = pa_channel_map()
        _ = api.pa_channel_map_init_extend(&map, UInt32(channels), PA_CHANNEL_MAP_DEFAULT)
        guard let stream = api.pa_stream_new(connection.context, setup.name, &spec, &map) else {
            let code = api.pa_context_errno(connection.context)
            throw AudioError(
                .unsupportedConfiguration, "pa_stream_new refused \(spec.rate) Hz, \(channels) channels",
                backend: "pulse", code: code, codeDescription: connection.library.errorText(code))
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let render = Unmanaged.passUnretained(renderer).toOpaque()
        api.pa_stream_set_state_callback(
            stream,
            { stream, userdata in
                guard let stream, let userdata else { return }
                Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue().streamStateChanged(stream)
            }, me)
        api.pa_stream_set_moved_callback(
            stream,
            { stream, userdata in
                guard let stream, let userdata else { return }
                Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue().streamMoved(stream)
            }, me)
        let bytes = UInt32(setup.targetFrames * channels * setup.sampleType.bytesPerSample)
        let unset = decibel_pulse_attr_default()
        var attributes = pa_buffer_attr(
            maxlength: unset, tlength: output ? bytes : unset, prebuf: unset, minreq: unset,
            fragsize: output ? unset : bytes)
        // A named device means that device: the server must not move the stream when the default
        // changes, and when the device goes away the stream fails (reported as deviceLost).
        let named = (output ? setup.outputDevice : setup.inputDevice) != nil
        let adjustsLatency = !(output && setup.asksForPlaybackBuffer)
        let flags = pa_stream_flags_t(
            rawValue: PA_STREAM_INTERPOLATE_TIMING.rawValue | (adjustsLatency ? PA_STREAM_ADJUST_LATENCY.rawValue : 0)
                | (named ? PA_STREAM_DONT_MOVE.rawValue : 0))
        let result: Int32
        if output {
            api.pa_stream_set_write_callback(
                stream,
                { stream, bytes, userdata in
                    guard let stream, let userdata else { return }
                    Unmanaged<PulseRenderPath>.fromOpaque(userdata).takeUnretainedValue().write(
                        stream: stream, bytes: bytes)
                }, render)
            api.pa_stream_set_underflow_callback(
                stream,
                { _, userdata in
                    guard let userdata else { return }
                    Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue().streamRanOver()
                }, me)
            result = api.pa_stream_connect_playback(stream, setup.outputDevice, &attributes, flags, nil, nil)
        } else {
            api.pa_stream_set_read_callback(
                stream,
                { stream, _, userdata in
                    guard let stream, let userdata else { return }
                    Unmanaged<PulseRenderPath>.fromOpaque(userdata).takeUnretainedValue().read(stream: stream)
                }, render)
            api.pa_stream_set_overflow_callback(
                stream,
                { _, userdata in
                    guard let userdata else { return }
                    Unmanaged<PulseConnectedStream>.fromOpaque(userdata).takeUnretainedValue().streamRanOver()
                }, me)
            result = api.pa_stream_connect_record(stream, setup.inputDevice, &attributes, flags)
        }
        if result < 0 {
            api.pa_stream_unref(stream)
            throw AudioError(
                .unsupportedConfiguration, "cannot connect the \(output ? "playback" : "record") stream",
                backend: "pulse", code: result, codeDescription: connection.library.errorText(result))
        }
        return stream
    }

    /// The write and read callbacks run on the mainloop thread: ask for `SCHED_FIFO` there, as JACK
    /// clients get, so a loaded machine does not starve a small server buffer. Without permission
    /// (no `rtprio` limit) the thread keeps its normal priority and audio still works.
    private static func raiseMainloopPriority() {
        var parameters = sched_param(sched_priority: 10)
        _ = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
    }

    static func pulseFormat(_ type: SampleType) -> pa_sample_format_t {
        switch type {
        case .int16: PA_SAMPLE_S16LE
        case .int24: PA_SAMPLE_S24LE
        case .int32: PA_SAMPLE_S32LE
        case .float32, .float64: PA_SAMPLE_FLOAT32LE
        }
    }

    // MARK: Mainloop-thread callbacks

    private func streamStateChanged(_ stream: OpaquePointer) {
        connection.changed.signal()
        if api.pa_stream_get_state(stream) == PA_STREAM_READY { Self.raiseMainloopPriority() }
        guard
            api.pa_stream_get_state(stream) == PA_STREAM_FAILED
                || api.pa_stream_get_state(stream) == PA_STREAM_TERMINATED
        else { return }
        let contextState = api.pa_context_get_state(connection.context)
        // A dead context is reported by the connection's failure handler as serverShutDown.
        guard contextState == PA_CONTEXT_READY, status.state == .running else { return }
        let device =
            stream == playback ? setup.outputDevice ?? "the default sink" : setup.inputDevice ?? "the default source"
        if status.transition(from: .running, to: .invalidated) {
            status.post(.deviceLost(reason: "PulseAudio ended the stream on \(device)"))
        }
    }

    /// An underflow (playback) or overflow (capture): an xrun, after which the latency has moved. libpulse calls
    /// this on its mainloop thread, which also renders, but outside the write and read callbacks (the real-time
    /// section), so it may wake the status thread as `streamMoved` does; that thread then sleeps between events.
    private func streamRanOver() {
        status.recordXrun()
        renderer.restartTimingUpdates()
    }

    private func streamMoved(_ stream: OpaquePointer) {
        // The last latency belongs to the old device (the mainloop thread holds the lock `latency` takes).
        if stream == record { measured.input = 0 } else { measured.output = 0 }
        renderer.restartTimingUpdates()
        if let name = pulseString(api.pa_stream_get_device_name(stream)) { status.post(.deviceChanged(id: name)) }
    }
}
