import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The filter shapes of Robert Bristow-Johnson's "Audio EQ Cookbook".
public enum BiquadType: Int, Hashable, Sendable, CaseIterable {
    /// Passes below the frequency, 12 dB/octave above it.
    case lowPass
    /// Passes above the frequency, 12 dB/octave below it.
    case highPass
    /// Passes a band around the frequency (constant 0 dB peak gain).
    case bandPass
    /// Removes a band around the frequency.
    case notch
    /// Boosts or cuts a band around the frequency by the gain.
    case peaking
    /// Boosts or cuts below the frequency by the gain.
    case lowShelf
    /// Boosts or cuts above the frequency by the gain.
    case highShelf
}

/// Normalised biquad coefficients (a0 = 1): y = b0·x + b1·x₁ + b2·x₂ − a1·y₁ − a2·y₂.
public struct BiquadCoefficients: Hashable, Sendable {
    /// Feed-forward (b) and feedback (a) coefficients, divided by a0.
    public var b0: Double, b1: Double, b2: Double, a1: Double, a2: Double

    /// Pass-through.
    public static let identity = BiquadCoefficients(b0: 1, b1: 0, b2: 0, a1: 0, a2: 0)

    /// Creates coefficients directly.
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0; self.b1 = b1; self.b2 = b2; self.a1 = a1; self.a2 = a2
    }

    /// The cookbook design for `type` at `frequency` Hz, quality `q` (band-pass: constant 0 dB peak gain;
    /// shelves use Q as the cookbook's Q, with S = 1 ⇔ Q = 1/√2), gain in dB for peaking and shelves.
    public init(_ type: BiquadType, frequency: Double, q: Double, gainDB: Double, sampleRate: Double) {
        let f = min(max(frequency, 1), sampleRate * 0.499)
        let w0 = 2 * Double.pi * f / sampleRate
        let cosW = cos(w0), sinW = sin(w0)
        let alpha = sinW / (2 * max(q, 1e-3))
        let a = pow(10, gainDB / 40)
        var b0 = 1.0, b1 = 0.0, b2 = 0.0, a0 = 1.0, a1 = 0.0, a2 = 0.0
        switch type {
        case .lowPass:
            b0 = (1 - cosW) / 2; b1 = 1 - cosW; b2 = (1 - cosW) / 2
            a0 = 1 + alpha; a1 = -2 * cosW; a2 = 1 - alpha
        case .highPass:
            b0 = (1 + cosW) / 2; b1 = -(1 + cosW); b2 = (1 + cosW) / 2
            a0 = 1 + alpha; a1 = -2 * cosW; a2 = 1 - alpha
        case .bandPass:
            b0 = alpha; b1 = 0; b2 = -alpha
            a0 = 1 + alpha; a1 = -2 * cosW; a2 = 1 - alpha
        case .notch:
            b0 = 1; b1 = -2 * cosW; b2 = 1
            a0 = 1 + alpha; a1 = -2 * cosW; a2 = 1 - alpha
        case .peaking:
            b0 = 1 + alpha * a; b1 = -2 * cosW; b2 = 1 - alpha * a
            a0 = 1 + alpha / a; a1 = -2 * cosW; a2 = 1 - alpha / a
        case .lowShelf:
            let s = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) - (a - 1) * cosW + s); b1 = 2 * a * ((a - 1) - (a + 1) * cosW);
            b2 = a * ((a + 1) - (a - 1) * cosW - s)
            a0 = (a + 1) + (a - 1) * cosW + s; a1 = -2 * ((a - 1) + (a + 1) * cosW); a2 = (a + 1) + (a - 1) * cosW - s
        case .highShelf:
            let s = 2 * a.squareRoot() * alpha
            b0 = a * ((a + 1) + (a - 1) * cosW + s); b1 = -2 * a * ((a - 1) + (a + 1) * cosW);
            b2 = a * ((a + 1) + (a - 1) * cosW - s)
            a0 = (a + 1) - (a - 1) * cosW + s; a1 = 2 * ((a - 1) - (a + 1) * cosW); a2 = (a + 1) - (a - 1) * cosW - s
        }
        self.init(b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0)
    }
}

/// One channel's biquad memory (transposed direct form II, in `Double` for low-frequency accuracy).
struct BiquadState {
    var z1 = 0.0, z2 = 0.0

    @inline(__always)
    mutating func process(
        _ c: BiquadCoefficients, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>, count: Int
    ) {
        var z1 = self.z1, z2 = self.z2
        for i in 0..<count {
            let x = Double(input[i])
            let y = c.b0 * x + z1
            z1 = c.b1 * x - c.a1 * y + z2
            z2 = c.b2 * x - c.a2 * y
            output[i] = Float(y)
        }
        // Flush denormals so a silent tail does not slow the CPU down.
        self.z1 = abs(z1) < 1e-30 ? 0 : z1
        self.z2 = abs(z2) < 1e-30 ? 0 : z2
    }
}
