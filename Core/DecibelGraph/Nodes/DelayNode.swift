import DecibelCore

/// A delay line with feedback and a dry/wet mix. Delay time changes glide (linear interpolation between
/// samples), so sweeping it does not click.
public final class DelayNode: RenderNode, @unchecked Sendable {
    /// Delay in seconds (0 … `maximumDelay`).
    public let time: AudioParameter
    /// Portion of the delayed signal fed back (0 … 0.95).
    public let feedback: AudioParameter
    /// Wet portion of the output (0 dry … 1 wet).
    public let mix: AudioParameter
    /// The longest delay the line holds, in seconds.
    public let maximumDelay: Double
    @exclusivity(unchecked) private var line: AudioBuffer?
    @exclusivity(unchecked) private var length = 0
    @exclusivity(unchecked) private var writeIndex = 0

    /// Creates a delay of `channelCount` channels.
    public init(
        time initialTime: Float = 0.25, feedback initialFeedback: Float = 0.3, mix initialMix: Float = 0.5,
        maximumDelay: Double = 2, channelCount: Int = 2
    ) {
        self.maximumDelay = max(0.001, maximumDelay)
        time = AudioParameter(
            .init(
                identifier: "time", name: "Time", range: 0...Float(self.maximumDelay), unit: .seconds,
                defaultValue: initialTime), rampDuration: 0.05)
        feedback = AudioParameter(
            .init(
                identifier: "feedback", name: "Feedback", range: 0...0.95, unit: .ratio, defaultValue: initialFeedback))
        mix = AudioParameter(
            .init(identifier: "mix", name: "Mix", range: 0...1, unit: .ratio, defaultValue: initialMix))
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [time, feedback, mix])
    }

    override public func allocate(format: NodeFormat) {
        length = Int((maximumDelay * format.sampleRate).rounded(.up)) + 2
        line = AudioBuffer(channelCount: channelCount, frameCapacity: length)
        writeIndex = 0
    }

    override public func resetState() {
        line?.clear()
        writeIndex = 0
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        guard let line, length > 2 else { context.output.clear(); return }
        let store = line.view(frames: length)
        let input = context.input(0)
        let rate = Float(sampleRate)
        let maxDelay = Float(length - 2)
        var index = writeIndex
        for i in 0..<frames {
            var delay = min(max(time.next() * rate, 0), maxDelay)
            let whole = delay.rounded()
            if abs(delay - whole) < 1e-3 { delay = whole }  // Float seconds × rate: keep whole delays exact
            let fb = feedback.next()
            let wet = mix.next()
            var readPosition = Float(index) - delay
            if readPosition < 0 { readPosition += Float(length) }
            let base = Int(readPosition)
            let fraction = readPosition - Float(base)
            let next = base + 1 == length ? 0 : base + 1
            for channel in 0..<channelCount {
                let memory = store.samples(channel)
                let dry = input.mappedChannel(channel)?[i] ?? 0
                let delayed = memory[base] + (memory[next] - memory[base]) * fraction
                memory[index] = dry + delayed * fb
                context.output.samples(channel)[i] = dry * (1 - wet) + delayed * wet
            }
            index += 1
            if index == length { index = 0 }
        }
        writeIndex = index
    }
}
