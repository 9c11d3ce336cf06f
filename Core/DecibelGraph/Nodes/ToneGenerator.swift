import DecibelCore
import Synchronization

/// A tone or noise source built on `Oscillator`: sine, band-limited square and sawtooth, triangle, white
/// and pink noise. The same signal goes to every channel. Starts sounding when attached unless created
/// with `startsImmediately: false` (then `start(at:)` begins it at an exact frame).
public final class ToneGenerator: RenderNode, @unchecked Sendable {
    /// Frequency in hertz (1 … 24 000).
    public let frequency: AudioParameter
    /// Peak amplitude (0 … 1).
    public let amplitude: AudioParameter
    private let shapeIndex: Atomic<Int>
    @exclusivity(unchecked) private var oscillator: Oscillator
    @exclusivity(unchecked) private var renderedShape: Int

    /// Creates a generator of `channelCount` channels.
    public init(
        shape: OscillatorShape = .sine, frequency initialFrequency: Float = 440,
        amplitude initialAmplitude: Float = 0.5,
        channelCount: Int = 2, startsImmediately: Bool = true, seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    ) {
        frequency = AudioParameter(
            .init(
                identifier: "frequency", name: "Frequency", range: 1...24_000, unit: .hertz,
                defaultValue: initialFrequency))
        amplitude = AudioParameter(
            .init(
                identifier: "amplitude", name: "Amplitude", range: 0...1, unit: .linearGain,
                defaultValue: initialAmplitude))
        let index = OscillatorShape.allCases.firstIndex(of: shape) ?? 0
        shapeIndex = Atomic(index)
        renderedShape = index
        oscillator = Oscillator(shape: shape, frequency: Double(initialFrequency), amplitude: 1, seed: seed)
        super.init(
            inputBusCount: 0, channelCount: channelCount, parameters: [frequency, amplitude],
            startsImmediately: startsImmediately)
    }

    /// The shape; changes take effect at the next block.
    public var shape: OscillatorShape {
        get { OscillatorShape.allCases[shapeIndex.load(ordering: .relaxed)] }
        set { shapeIndex.store(OscillatorShape.allCases.firstIndex(of: newValue) ?? 0, ordering: .relaxed) }
    }

    override public func allocate(format: NodeFormat) {
        oscillator.sampleRate = format.sampleRate
    }

    override public func resetState() {
        oscillator = Oscillator(
            shape: oscillator.shape, frequency: oscillator.frequency, amplitude: 1,
            sampleRate: oscillator.sampleRate)
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let output = context.output
        guard isStarted else {
            output.clear()
            frequency.advance(frames)
            amplitude.advance(frames)
            return
        }
        let shape = shapeIndex.load(ordering: .relaxed)
        if shape != renderedShape {
            renderedShape = shape
            oscillator.shape = OscillatorShape.allCases[shape]
        }
        let first = output.samples(0)
        if frequency.isRamping || amplitude.isRamping {
            for i in 0..<frames {
                oscillator.frequency = Double(frequency.next())
                first[i] = oscillator.nextSample() * amplitude.next()
            }
        } else {
            oscillator.frequency = Double(frequency.renderValue)
            let gain = amplitude.renderValue
            oscillator.render(into: first, count: frames)
            if gain != 1 { for i in 0..<frames { first[i] *= gain } }
        }
        for channel in 1..<max(1, output.channelCount) { output.samples(channel).update(from: first, count: frames) }
    }
}
