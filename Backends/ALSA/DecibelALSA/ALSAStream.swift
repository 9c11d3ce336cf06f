import CALSA
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A stream on one or two ALSA PCMs (two for duplex), run by a dedicated render thread.
public final class ALSAStream: AudioStream, @unchecked Sendable {
    public let configuration: StreamConfiguration
    public let format: StreamFormat
    public let latency: StreamLatency
    private let status: StreamStatus
    private let loop: ALSARenderPath
    private let control = Locked<AudioThread?>(nil)

    public var xrunCount: Int { status.xrunCount }
    public func events(capacity: Int) -> EventSequence<StreamEvent> { status.events(capacity: capacity) }
    public var state: StreamState { status.state }
    /// What the capture PCM agreed to, if the stream captures.
    public var inputParameters: ALSANegotiated? { loop.input?.negotiated }
    /// What the playback PCM agreed to, if the stream plays.
    public var outputParameters: ALSANegotiated? { loop.output?.negotiated }

    init(library: ALSALibrary, configuration: StreamConfiguration, access: ALSAAccess) throws(AudioError) {
        try configuration.validate(backend: "alsa")
        self.configuration = configuration
        let periodFrames = configuration.bufferSize.frames(atSampleRate: configuration.sampleRate ?? 48_000) ?? 256
        var request = ALSARequest(
            channelCount: 0, sampleRate: configuration.sampleRate, periodFrames: periodFrames,
            sampleType: configuration.sampleType, access: access)

        var inputEndpoint: ALSAEndpoint?, outputEndpoint: ALSAEndpoint?
        let wake = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wake >= 0 else {
            throw AudioError(
                .backendError, "cannot create the render thread's wake-up descriptor", backend: "alsa", code: errno,
                codeDescription: String(cString: strerror(errno)))
        }
        do throws(AudioError) {
            if configuration.direction.hasInput {
                let pcm = try ALSAPCM(library: library, name: configuration.inputDevice ?? "default", direction: .input)
                request.channelCount = configuration.inputChannelCount
                let negotiated = try pcm.configure(request)
                inputEndpoint = try ALSAEndpoint(pcm: pcm, negotiated: negotiated, wakeDescriptor: wake)
                // Duplex: playback must run on the capture side's rate and period.
                request.sampleRate = negotiated.sampleRate
                request.periodFrames = negotiated.periodFrames
            }
            if configuration.direction.hasOutput {
                let pcm = try ALSAPCM(
                    library: library, name: configuration.outputDevice ?? "default", direction: .output)
                request.channelCount = configuration.outputChannelCount
                let negotiated = try pcm.configure(request)
                if let input = inputEndpoint?.negotiated, input.periodFrames != negotiated.periodFrames {
                    throw AudioError(
                        .unsupportedConfiguration,
                        "duplex: capture '\(input)' and playback '\(pcm.name)' settled on different periods (\(input.periodFrames) and \(negotiated.periodFrames) frames)",
                        backend: "alsa")
                }
                outputEndpoint = try ALSAEndpoint(pcm: pcm, negotiated: negotiated, wakeDescriptor: wake)
            }
        } catch {
            _ = Glibc.close(wake)
            throw error
        }
        if let capture = inputEndpoint?.pcm.handle, let playback = outputEndpoint?.pcm.handle {
            _ = library.api.snd_pcm_link(capture, playback)  // sample-synchronous start where supported
        }

        let reference = outputEndpoint?.negotiated ?? inputEndpoint?.negotiated
        let period = reference?.periodFrames ?? periodFrames
        format = StreamFormat(
            sampleRate: reference?.sampleRate ?? 48_000,
            inputChannelCount: inputEndpoint?.negotiated.channelCount ?? 0,
            outputChannelCount: outputEndpoint?.negotiated.channelCount ?? 0,
            bufferSize: period, maximumFrameCount: period,
            deviceSampleType: reference?.format.sampleType ?? .float32)
        latency = StreamLatency(
            inputFrames: inputEndpoint?.negotiated.periodFrames ?? 0,
            outputFrames: outputEndpoint?.negotiated.bufferFrames ?? 0)
        do throws(AudioError) {
            status = try StreamStatus(name: configuration.name, format: format, handler: configuration.onEvent)
        } catch {
            _ = Glibc.close(wake)
            throw error
        }
        loop = ALSARenderPath(
            input: inputEndpoint, output: outputEndpoint, status: status, render: configuration.render,
            wakeDescriptor: wake)
    }

    deinit {
        close()
        _ = Glibc.close(loop.wakeDescriptor)
    }

    public func start() throws(AudioError) {
        try control.withLock { thread throws(AudioError) in
            try status.refuseIfClosing(backend: "alsa")
            switch status.state {
            case .running: return
            case .invalidated:
                throw AudioError(
                    .streamInvalidated, "the stream's ALSA device failed; open a new stream", backend: "alsa")
            case .closed: throw AudioError(.invalidState, "the stream is closed", backend: "alsa")
            case .stopped: break
            }
            try loop.input?.prepare()
            try loop.output?.prepare()
            loop.arm()
            let loop = self.loop
            thread = try AudioThread(name: "alsa-render", realtimePriority: 70) { loop.run() }
            status.setState(.running)
            status.post(.started)
        }
    }

    public func stop() throws(AudioError) {
        try status.refuseIfClosed(backend: "alsa")
        control.withLock { thread in
            guard let running = thread else { return }
            loop.requestStop()
            running.join()
            thread = nil
            let healthy = loop.failure == 0
            loop.output?.finish(drain: healthy)
            loop.input?.finish(drain: false)
            if status.transition(from: .running, to: .stopped) { status.post(.stopped) }
        }
    }

    /// Drops what the playback PCM holds (`snd_pcm_drop`); the render thread fills its buffer again at once,
    /// so what the callback renders next is heard after that buffer's rendering, not the whole queue. Does
    /// nothing on a duplex stream, whose linked PCMs would drop their captured frames too.
    public func discardQueuedOutput() { loop.requestDiscard() }

    public func close() {
        guard status.state != .closed else { return }
        // A second close() racing this one stops and closes too (stop() and the PCMs' close wait for the lock
        // the first holds): neither returns while the stream may run or before it is closed.
        status.beginClosing()
        try? stop()
        control.withLock { _ in
            loop.input?.pcm.close()
            loop.output?.pcm.close()
        }
        status.setState(.closed)
        status.shutdown()
    }
}
