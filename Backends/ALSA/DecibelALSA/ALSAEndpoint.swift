import CALSA
import DecibelCore

#if canImport(Glibc)
import Glibc
#endif

/// One configured PCM of a stream with everything its render thread touches, allocated up front:
/// `Float` channels for the callback, device-format memory for alsa-lib, poll descriptors.
final class ALSAEndpoint: @unchecked Sendable {
    let pcm: ALSAPCM
    let negotiated: ALSANegotiated
    /// Non-interleaved floats the render callback sees (one period).
    let floats: AudioBuffer
    private let handle: OpaquePointer
    private let api: decibel_alsa_api
    private let bytes: UnsafeMutableRawPointer
    private let planes: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let offsetPlanes: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let width: Int
    private let frameStride: Int
    private let planeBytes: Int
    /// The PCM's poll descriptors, then one slot for the stream's wake-up descriptor.
    let pollDescriptors: UnsafeMutablePointer<pollfd>
    /// How many of `pollDescriptors` belong to the PCM (as of the last `refreshPollDescriptors`).
    private(set) var pcmPollCount = 0
    private let pollCapacity: Int
    private let wakeDescriptor: Int32

    init(pcm: ALSAPCM, negotiated: ALSANegotiated, wakeDescriptor: Int32) throws(AudioError) {
        guard let handle = pcm.handle else {
            throw AudioError(.invalidState, "the ALSA PCM '\(pcm.name)' is closed", backend: "alsa")
        }
        self.pcm = pcm
        self.negotiated = negotiated
        self.handle = handle
        api = pcm.api
        let channels = negotiated.channelCount, frames = negotiated.periodFrames
        floats = AudioBuffer(channelCount: channels, frameCapacity: frames)
        width = negotiated.format.bytesPerSample
        frameStride = negotiated.isInterleaved ? width * channels : width
        planeBytes = width * frames
        bytes = .allocate(byteCount: max(1, planeBytes * channels), alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, planeBytes * channels))
        planes = .allocate(capacity: channels)
        offsetPlanes = .allocate(capacity: channels)
        for channel in 0..<channels {
            planes[channel] = bytes + channel * planeBytes
            offsetPlanes[channel] = planes[channel]
        }
        // Room for more descriptors than the PCM has now: plugins may change theirs once running.
        pollCapacity = Int(max(0, api.snd_pcm_poll_descriptors_count(handle))) + 8
        self.wakeDescriptor = wakeDescriptor
        pollDescriptors = .allocate(capacity: pollCapacity + 1)
        pollDescriptors.initialize(repeating: pollfd(fd: -1, events: 0, revents: 0), count: pollCapacity + 1)
        refreshPollDescriptors()
    }

    /// Render thread, before each `poll`: asks the PCM for its current descriptors and events, which
    /// plugins such as pulse change with the stream's state (as `snd_pcm_wait` does each time).
    @inline(__always)
    func refreshPollDescriptors() {
        let count = min(pollCapacity, Int(max(0, api.snd_pcm_poll_descriptors_count(handle))))
        pcmPollCount = count > 0 ? Int(max(0, api.snd_pcm_poll_descriptors(handle, pollDescriptors, UInt32(count)))) : 0
        pollDescriptors[pcmPollCount] = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
    }

    deinit {
        bytes.deallocate()
        planes.deallocate()
        offsetPlanes.deallocate()
        pollDescriptors.deallocate()
    }

    var isOutput: Bool { pcm.direction == .output }

    /// Render thread: converts the callback's floats into device memory.
    @inline(__always)
    func encode(frames: Int) {
        let view = floats.view(frames: frames)
        for channel in 0..<negotiated.channelCount {
            let base = negotiated.isInterleaved ? bytes + channel * width : bytes + channel * planeBytes
            negotiated.format.encode(view.samples(channel), count: frames, to: base, stride: frameStride)
        }
    }

    /// Render thread: converts captured device memory into the callback's floats.
    @inline(__always)
    func decode(frames: Int) {
        let view = floats.view(frames: frames)
        for channel in 0..<negotiated.channelCount {
            let base = negotiated.isInterleaved ? bytes + channel * width : bytes + channel * planeBytes
            negotiated.format.decode(base, stride: frameStride, count: frames, into: view.samples(channel))
        }
    }

    /// Render thread: reads or writes `count` frames starting `offset` frames into the period. Returns
    /// the frames moved or a negative alsa-lib code (`-EAGAIN` when the PCM is not ready).
    @inline(__always)
    func transfer(offset: Int, count: Int) -> Int {
        let frames = snd_pcm_uframes_t(count)
        if negotiated.isInterleaved {
            let start = bytes + offset * frameStride
            return isOutput ? api.snd_pcm_writei(handle, start, frames) : api.snd_pcm_readi(handle, start, frames)
        }
        for channel in 0..<negotiated.channelCount {
            offsetPlanes[channel] = planes[channel].map { $0 + offset * width }
        }
        return isOutput
            ? api.snd_pcm_writen(handle, offsetPlanes, frames) : api.snd_pcm_readn(handle, offsetPlanes, frames)
    }

    /// Render thread: writes `frames` frames of silence (device zeros) from the start of the buffer.
    func writeSilence(frames: Int) -> Int {
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: planeBytes * negotiated.channelCount)
        return transfer(offset: 0, count: frames)
    }

    /// Render thread, after `poll`: what the PCM's descriptors mean (`snd_pcm_poll_descriptors_revents`).
    @inline(__always)
    func pollEvents() -> UInt16 {
        var events: UInt16 = 0
        if api.snd_pcm_poll_descriptors_revents(handle, pollDescriptors, UInt32(pcmPollCount), &events) < 0 {
            return UInt16(POLLERR)
        }
        return events
    }

    /// Frames ready to transfer, or a negative alsa-lib code.
    @inline(__always)
    func available() -> Int { api.snd_pcm_avail_update(handle) }

    /// The PCM's state.
    @inline(__always)
    var state: snd_pcm_state_t { api.snd_pcm_state(handle) }

    /// `snd_pcm_recover`, silently (its messages would otherwise go to alsa-lib's error handler).
    func recover(_ code: Int32) -> Int32 { api.snd_pcm_recover(handle, code, 1) }

    /// Makes the PCM ready to start again (after `stop()`, or before the first start).
    func prepare() throws(AudioError) {
        try pcm.library.check(api.snd_pcm_prepare(handle), .backendError, "cannot prepare the ALSA PCM '\(pcm.name)'")
    }

    /// Render thread: throws away what the PCM holds (`snd_pcm_drop`) and makes it ready again; playback
    /// starts once the loop has filled the buffer anew (the start threshold). 0, or an alsa-lib code.
    func discardQueued() -> Int32 {
        let dropped = api.snd_pcm_drop(handle)
        return dropped < 0 ? dropped : api.snd_pcm_prepare(handle)
    }

    /// Control thread, after the render thread has ended: lets queued playback finish (`drain`), or
    /// throws captured frames away (`drop`, also used after errors).
    func finish(drain: Bool) {
        // A PCM still PREPARED holds rendered frames that never reached the start threshold: drain
        // starts it and plays them too.
        let state = self.state
        if drain && isOutput && (state == SND_PCM_STATE_RUNNING || state == SND_PCM_STATE_PREPARED) {
            _ = api.snd_pcm_nonblock(handle, 0)
            _ = api.snd_pcm_drain(handle)
            _ = api.snd_pcm_nonblock(handle, 1)
        }
        _ = api.snd_pcm_drop(handle)
    }
}
