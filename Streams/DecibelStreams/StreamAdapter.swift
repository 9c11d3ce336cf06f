import DecibelCore

/// The render-thread half of an `AdaptedStream`: converts each device block to the application's rate
/// and channels (capture) or the application's blocks to the device's (playback).
///
/// Everything is allocated in `init`; `render` only copies, maps channels (`ChannelMap`) and resamples
/// (`Resampler`, primed so that it never allocates), so it runs inside the device's real-time callback.
final class StreamAdapter: @unchecked Sendable {
    let application: StreamFormat
    let device: StreamFormat
    private let appCallback: RenderCallback
    /// `nil` when no mapping is needed (no such direction, or the same channels on both sides).
    private let inputMap: ChannelMap?
    private let outputMap: ChannelMap?
    private let capture: Resampler?
    private let playback: Resampler?
    /// Device-rate capture in the application's channels; resampled capture at the application's rate.
    private let mappedInput: AudioBuffer
    private let convertedInput: AudioBuffer
    /// Playback: one application block, its resampled frames, and the device-rate frames waiting to play.
    private let appBlock: AudioBuffer
    private let resampledBlock: AudioBuffer
    private let pending: FrameRingBuffer?
    private let mappedOutput: AudioBuffer
    @exclusivity(unchecked) private var appSampleTime: Int64 = 0

    /// Frames of the application's rate one playback render asks for.
    let appBlockFrames: Int

    init(
        application: StreamFormat, device: StreamFormat, quality: Resampler.Quality,
        callback: @escaping RenderCallback
    ) throws(AudioError) {
        self.application = application
        self.device = device
        appCallback = callback
        let deviceFrames = max(device.maximumFrameCount, device.bufferSize, 1)
        let channelsIn = application.inputChannelCount, channelsOut = application.outputChannelCount
        let resamples = application.sampleRate != device.sampleRate
        let inputMap = channelsIn > 0 ? try ChannelMap.standard(from: device.inputChannelCount, to: channelsIn) : nil
        let outputMap =
            channelsOut > 0 ? try ChannelMap.standard(from: channelsOut, to: device.outputChannelCount) : nil
        self.inputMap = inputMap?.isIdentity == true ? nil : inputMap
        self.outputMap = outputMap?.isIdentity == true ? nil : outputMap
        capture =
            resamples && channelsIn > 0
            ? try Resampler(
                inputRate: device.sampleRate, outputRate: application.sampleRate, channelCount: channelsIn,
                quality: quality, maxInputFrames: deviceFrames) : nil
        appBlockFrames = Int((Double(deviceFrames) * application.sampleRate / device.sampleRate).rounded(.up))
        playback =
            resamples && channelsOut > 0
            ? try Resampler(
                inputRate: application.sampleRate, outputRate: device.sampleRate, channelCount: channelsOut,
                quality: quality, maxInputFrames: appBlockFrames) : nil
        mappedInput = AudioBuffer(channelCount: max(1, channelsIn), frameCapacity: deviceFrames)
        convertedInput = AudioBuffer(
            channelCount: max(1, channelsIn), frameCapacity: capture?.maxOutputFrames(forInput: deviceFrames) ?? 1)
        appBlock = AudioBuffer(channelCount: max(1, channelsOut), frameCapacity: max(appBlockFrames, deviceFrames))
        resampledBlock = AudioBuffer(
            channelCount: max(1, channelsOut), frameCapacity: playback?.maxOutputFrames(forInput: appBlockFrames) ?? 1)
        pending =
            playback == nil
            ? nil
            : FrameRingBuffer(
                channelCount: channelsOut, capacity: 4 * (deviceFrames + resampledBlock.frameCapacity))
        mappedOutput = AudioBuffer(channelCount: max(1, channelsOut), frameCapacity: deviceFrames)
    }

    /// Playback rendered ahead of the device, in frames of the application's rate: what an application
    /// callback has already produced that the device has not taken yet. Read on the device's thread.
    var renderedAhead: Int {
        guard let pending else { return 0 }
        return Int((Double(pending.availableToRead) * application.sampleRate / device.sampleRate).rounded())
    }

    /// Frames of the application's rate the conversion holds back (filter delay plus queued playback).
    var addedLatency: (input: Int, output: Int) {
        let input = capture.map { Int($0.delayFrames.rounded()) } ?? 0
        let output = playback.map { Int($0.delayFrames.rounded()) + appBlockFrames } ?? 0
        return (input, output)
    }

    /// Device callback.
    func render(_ context: RenderContext) {
        let frames = context.frameCount
        var input = application.inputChannelCount > 0 ? context.input : AudioBufferView.empty
        if let inputMap {
            input = mappedInput.view(frames: frames)
            inputMap.apply(context.input, to: input, frames: frames)
        }
        if let capture {
            deliverCapture(input, through: capture, hostTime: context.timestamp.hostTime)
            return
        }
        if let playback, let pending {
            fillPlayback(frames: frames, through: playback, into: pending, hostTime: context.timestamp.hostTime)
            let view = outputMap == nil ? context.output : mappedOutput.view(frames: frames)
            let got = pending.read(into: view)
            if got < frames { view.slice(from: got, count: frames - got).clear() }
            outputMap?.apply(view, to: context.output, frames: frames)
            return
        }
        // Same rate: channels only, block for block (duplex included). The device's output arrives zeroed.
        var output = application.outputChannelCount > 0 ? context.output : AudioBufferView.empty
        if outputMap != nil {
            output = mappedOutput.view(frames: frames)
            output.clear()
        }
        appCallback(
            RenderContext(
                input: input, output: output, frameCount: frames,
                timestamp: AudioTimestamp(sampleTime: appSampleTime, hostTime: context.timestamp.hostTime),
                sampleRate: application.sampleRate))
        appSampleTime += Int64(frames)
        if let outputMap { outputMap.apply(output, to: context.output, frames: frames) }
    }

    private func deliverCapture(_ input: AudioBufferView, through resampler: Resampler, hostTime: UInt64) {
        var offset = 0
        while offset < input.frameCount {
            let step = resampler.process(
                input.slice(from: offset, count: input.frameCount - offset), into: convertedInput.view)
            offset += step.consumed
            if step.produced > 0 {
                appCallback(
                    RenderContext(
                        input: convertedInput.view(frames: step.produced), output: .empty, frameCount: step.produced,
                        timestamp: AudioTimestamp(sampleTime: appSampleTime, hostTime: hostTime),
                        sampleRate: application.sampleRate))
                appSampleTime += Int64(step.produced)
            }
            if step.consumed == 0 && step.produced == 0 { break }
        }
    }

    private func fillPlayback(
        frames: Int, through resampler: Resampler, into ring: FrameRingBuffer, hostTime: UInt64
    ) {
        var rounds = 0
        // Each round renders one application block; the filter's start-up can need a few more.
        while ring.availableToRead < frames && rounds < 16 {
            rounds += 1
            let block = appBlock.view(frames: appBlockFrames)
            block.clear()
            appCallback(
                RenderContext(
                    input: .empty, output: block, frameCount: appBlockFrames,
                    timestamp: AudioTimestamp(sampleTime: appSampleTime, hostTime: hostTime),
                    sampleRate: application.sampleRate))
            appSampleTime += Int64(appBlockFrames)
            var offset = 0
            while offset < appBlockFrames {
                let step = resampler.process(
                    block.slice(from: offset, count: appBlockFrames - offset), into: resampledBlock.view)
                offset += step.consumed
                ring.write(resampledBlock.view(frames: step.produced))
                if step.consumed == 0 && step.produced == 0 { break }
            }
        }
    }
}
