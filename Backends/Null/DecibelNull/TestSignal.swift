import DecibelCore

/// What the Null device's input produces, so capture paths can be tested without hardware.
public enum TestSignal: Hashable, Sendable, CustomStringConvertible {
    /// All zeros.
    case silence
    /// A sine of `frequency` hertz and peak `amplitude`, the same on every channel.
    case sine(frequency: Double, amplitude: Float)
    /// White noise of peak `amplitude`, the same sequence on every channel for a given seed.
    case noise(amplitude: Float)

    /// The oscillator that produces this signal at `sampleRate`.
    func oscillator(sampleRate: Double) -> Oscillator {
        switch self {
        case .silence: Oscillator(waveform: .sine, frequency: 0, amplitude: 0, sampleRate: sampleRate)
        case .sine(let frequency, let amplitude):
            Oscillator(waveform: .sine, frequency: frequency, amplitude: amplitude, sampleRate: sampleRate)
        case .noise(let amplitude): Oscillator(waveform: .noise, amplitude: amplitude, sampleRate: sampleRate)
        }
    }

    public var description: String {
        switch self {
        case .silence: "silence"
        case .sine(let frequency, let amplitude): "sine \(frequency) Hz at \(amplitude)"
        case .noise(let amplitude): "white noise at \(amplitude)"
        }
    }
}
