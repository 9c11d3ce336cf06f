import DecibelCore

/// Everything one Null callback touches, allocated when the stream opens. Only one thread at a time runs
/// a cycle (the clock thread, or the caller of `NullStream.render(frames:)`).
final class NullRenderPath: RenderWarmUp, @unchecked Sendable {
    let input: AudioBuffer
    let output: AudioBuffer
    let render: RenderCallback
    let sampleRate: Double
    private var signal: Oscillator
    private let signalKind: TestSignal
    private(set) var sampleTime: Int64 = 0

    init(format: StreamFormat, signal: TestSignal, render: @escaping RenderCallback) {
        input = AudioBuffer(channelCount: format.inputChannelCount, frameCapacity: format.maximumFrameCount)
        output = AudioBuffer(channelCount: format.outputChannelCount, frameCapacity: format.maximumFrameCount)
        self.signal = signal.oscillator(sampleRate: format.sampleRate)
        signalKind = signal
        self.sampleRate = format.sampleRate
        self.render = render
        warmUp(frames: min(format.bufferSize, format.maximumFrameCount))
    }

    /// Decibel's part of a cycle (`RenderWarmUp`): without it the first real-time period would carry the
    /// Swift runtime's first-use work, and the clock would count it as an xrun.
    func runCycleWithoutCallback(frames: Int) { _ = run(frames: frames, hostTime: 0, callingRender: false) }

    func forgetWarmUpCycle() {
        signal = signalKind.oscillator(sampleRate: sampleRate)
        sampleTime = 0
    }

    /// Runs one callback of `frames` frames stamped `hostTime`; returns the output block.
    @inline(__always)
    func run(frames: Int, hostTime: UInt64, callingRender: Bool = true) -> AudioBufferView {
        RealtimeSanitizer.enter()
        let inputView = input.view(frames: frames)
        let outputView = output.view(frames: frames)
        if inputView.channelCount > 0 {
            signal.render(into: inputView.samples(0), count: frames)
            var channel = 1
            while channel < inputView.channelCount {
                let gain = signalKind.gain(ofChannel: channel)
                let samples = inputView.samples(channel), first = inputView.samples(0)
                if gain == 1 {
                    samples.update(from: first, count: frames)
                } else {
                    for index in 0..<frames { samples[index] = first[index] * gain }
                }
                channel += 1
            }
        }
        outputView.clear()
        let context = RenderContext(
            input: inputView, output: outputView, frameCount: frames,
            timestamp: AudioTimestamp(sampleTime: sampleTime, hostTime: hostTime), sampleRate: sampleRate)
        if callingRender { render(context) }
        sampleTime += Int64(frames)
        RealtimeSanitizer.exit()
        return outputView
    }
}
