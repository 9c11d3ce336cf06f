import DecibelCore

/// What the Null device's input produces, so capture paths can be tested without hardware.
public enum TestSignal: Hashable, Sendable, CustomStringConvertible {
    /// All zeros.
    case silence
    /// A sine of `frequency` hertz and peak `amplitude`, the same on every channel.
    case sine(frequency: Double, amplitude: Float)
    /// White noise of peak `amplitude`, the same sequence on every channel for a given seed.
    case noise(amplitude: Float)
    /// A sine of `frequency` hertz on every channel, channel `c` at peak `(c + 1) / 64`: tests can tell
    /// which device channel a buffer came from (channel selection, channel maps).
    case numberedChannels(frequency: Double)

    /// Peak of `channel` relative to channel 0's (1 for every channel but with `numberedChannels`).
    func gain(ofChannel channel: Int) -> Float {
        if case .numberedChannels = self { return Float(channel + 1) }
        return 1
    }

    /// The oscillator that produces this signal at `sampleRate`.
    func oscillator(sampleRate: Double) -> Oscillator {
        switch self {
        case .silence: Oscillator(shape: .sine, frequency: 0, amplitude: 0, sampleRate: sampleRate)
        case .sine(let frequency, let amplitude):
            Oscillator(shape: .sine, frequency: frequency, amplitude: amplitude, sampleRate: sampleRate)
        case .noise(let amplitude): Oscillator(shape: .noise, amplitude: amplitude, sampleRate: sampleRate)
        case .numberedChannels(let frequency):
            Oscillator(shape: .sine, frequency: frequency, amplitude: 1.0 / 64, sampleRate: sampleRate)
        }
    }

    public var description: String {
        switch self {
        case .silence: "silence"
        case .sine(let frequency, let amplitude): "sine \(frequency) Hz at \(amplitude)"
        case .noise(let amplitude): "white noise at \(amplitude)"
        case .numberedChannels(let frequency): "sine \(frequency) Hz, channel c at (c + 1) / 64"
        }
    }
}
