import DecibelCore
import Synchronization

/// A 10-band graphic equaliser: peaking filters an octave apart from 31.25 Hz to 16 kHz, ±12 dB each.
/// Bands at 0 dB are skipped, so a flat EQ costs almost nothing.
public final class GraphicEQ: RenderNode, @unchecked Sendable {
    /// Centre frequencies of the bands.
    public static let bandFrequencies: [Double] = [31.25, 62.5, 125, 250, 500, 1000, 2000, 4000, 8000, 16000]
    /// Gain of each band in dB (-12 … 12), one per `bandFrequencies` entry.
    public let bands: [AudioParameter]
    @exclusivity(unchecked) private var coefficients: [BiquadCoefficients]
    @exclusivity(unchecked) private var designed: [Float]
    @exclusivity(unchecked) private var states: UnsafeMutablePointer<BiquadState>
    private let stateCount: Int

    /// Creates an EQ of `channelCount` channels, flat.
    public init(channelCount: Int = 2) {
        bands = Self.bandFrequencies.enumerated().map { index, hz in
            AudioParameter(
                .init(
                    identifier: "band\(index)", name: "\(hz < 1000 ? "\(Int(hz)) Hz" : "\(Int(hz / 1000)) kHz")",
                    range: -12...12, unit: .decibels, defaultValue: 0))
        }
        coefficients = Array(repeating: .identity, count: Self.bandFrequencies.count)
        designed = Array(repeating: 0, count: Self.bandFrequencies.count)
        stateCount = channelCount * Self.bandFrequencies.count
        states = .allocate(capacity: stateCount)
        states.initialize(repeating: BiquadState(), count: stateCount)
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: bands)
    }

    deinit {
        states.deinitialize(count: stateCount)
        states.deallocate()
    }

    override public func resetState() {
        for index in 0..<stateCount { states[index] = BiquadState() }
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let input = context.input(0)
        for channel in 0..<channelCount {
            let out = context.output.samples(channel)
            if let source = input.mappedChannel(channel) {
                out.update(from: source, count: frames)
            } else {
                out.update(repeating: 0, count: frames)
            }
        }
        for band in 0..<bands.count {
            let parameter = bands[band]
            let gain = parameter.renderValue
            parameter.advance(frames)  // per-block steps: EQ moves are slow enough
            if gain != designed[band] {
                designed[band] = gain
                coefficients[band] = BiquadCoefficients(
                    .peaking, frequency: Self.bandFrequencies[band], q: 1.414, gainDB: Double(gain),
                    sampleRate: sampleRate)
            }
            guard gain != 0 || parameter.isRamping else { continue }
            for channel in 0..<channelCount {
                let out = context.output.samples(channel)
                states[band * channelCount + channel].process(
                    coefficients[band], input: out, output: out, count: frames)
            }
        }
    }
}
