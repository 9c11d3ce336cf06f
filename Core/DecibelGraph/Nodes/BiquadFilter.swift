import DecibelCore
import Synchronization

/// An RBJ-cookbook biquad filter (low/high/band-pass, notch, peaking, low/high shelf).
///
/// Frequency, Q and gain are ramped parameters; while one moves the coefficients are recomputed every
/// 16 frames, so sweeps are smooth without a cosine per sample.
public final class BiquadFilter: RenderNode, @unchecked Sendable {
    /// Corner or centre frequency (10 … 24 000 Hz).
    public let frequency: AudioParameter
    /// Quality factor (0.1 … 40).
    public let q: AudioParameter
    /// Gain in dB for peaking and shelves (-36 … 36).
    public let gain: AudioParameter
    private let typeIndex: Atomic<Int>
    @exclusivity(unchecked) private var renderedType = -1
    @exclusivity(unchecked) private var coefficients = BiquadCoefficients.identity
    @exclusivity(unchecked) private var designed: (Float, Float, Float) = (.nan, .nan, .nan)
    @exclusivity(unchecked) private var states: UnsafeMutablePointer<BiquadState>
    @exclusivity(unchecked) private var stateCount = 0

    /// Creates a filter of `channelCount` channels.
    public init(
        _ type: BiquadType, frequency initialFrequency: Float = 1000, q initialQ: Float = 0.7071, gainDB: Float = 0,
        channelCount: Int = 2
    ) {
        frequency = AudioParameter(
            .init(
                identifier: "frequency", name: "Frequency", range: 10...24_000, unit: .hertz,
                defaultValue: initialFrequency))
        q = AudioParameter(.init(identifier: "q", name: "Q", range: 0.1...40, unit: .q, defaultValue: initialQ))
        gain = AudioParameter(
            .init(identifier: "gain", name: "Gain", range: -36...36, unit: .decibels, defaultValue: gainDB))
        typeIndex = Atomic(type.rawValue)
        states = .allocate(capacity: channelCount)
        states.initialize(repeating: BiquadState(), count: channelCount)
        stateCount = channelCount
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [frequency, q, gain])
    }

    deinit {
        states.deinitialize(count: stateCount)
        states.deallocate()
    }

    /// The filter shape; changes take effect at the next block.
    public var type: BiquadType {
        get { BiquadType(rawValue: typeIndex.load(ordering: .relaxed)) ?? .lowPass }
        set { typeIndex.store(newValue.rawValue, ordering: .relaxed) }
    }

    override public func resetState() {
        for channel in 0..<stateCount { states[channel] = BiquadState() }
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let input = context.input(0)
        let moving = frequency.isRamping || q.isRamping || gain.isRamping
        var offset = 0
        while offset < frames {
            let count = moving ? min(16, frames - offset) : frames - offset
            updateCoefficients()
            for channel in 0..<channelCount {
                let out = context.output.samples(channel) + offset
                if let source = input.mappedChannel(channel) {
                    states[channel].process(coefficients, input: source + offset, output: out, count: count)
                } else {
                    states[channel].process(coefficients, input: out, output: out, count: 0)
                    out.update(repeating: 0, count: count)
                }
            }
            frequency.advance(count); q.advance(count); gain.advance(count)
            offset += count
        }
    }

    @inline(__always)
    private func updateCoefficients() {
        let current = (frequency.renderValue, q.renderValue, gain.renderValue)
        let type = typeIndex.load(ordering: .relaxed)
        // Compared field by field: tuple `!=` is generic and would look up tuple metadata (a lock).
        let same = current.0 == designed.0 && current.1 == designed.1 && current.2 == designed.2
        guard !same || type != renderedType else { return }
        designed = current
        renderedType = type
        coefficients = BiquadCoefficients(
            BiquadType(rawValue: type) ?? .lowPass, frequency: Double(current.0), q: Double(current.1),
            gainDB: Double(current.2), sampleRate: sampleRate)
    }
}
