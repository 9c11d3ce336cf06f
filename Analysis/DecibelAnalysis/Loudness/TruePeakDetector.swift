import CDecibelTruePeak

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The true peak of ITU-R BS.1770-4 Annex 2: the largest magnitude of the signal oversampled (4× below
/// 96 kHz, 2× below 192 kHz), which catches the peaks between samples that a DAC or a lossy encoder will
/// produce. A polyphase windowed-sinc interpolator, 24 taps per phase, Kaiser β = 6 (flat within 0.02 dB
/// to 0.42 of the rate, images 62 dB down); the phases of a tap lie side by side, so each input sample costs
/// 24 four-lane multiply-adds, in C (`decibel_true_peak_block`). Allocation-free after `init`.
struct TruePeakDetector {
    static let taps = Int(DECIBEL_TRUE_PEAK_TAPS)
    let factor: Int
    static let phases = Int(DECIBEL_TRUE_PEAK_PHASES)
    /// Per tap, the coefficient of each phase (`phases` floats a tap; unused phases zero).
    private let coefficients: UnsafeMutablePointer<Float>
    /// Per channel, the last `taps` inputs, twice over so a window is always contiguous.
    private let histories: UnsafeMutablePointer<Float>
    private var position = 0
    let channelCount: Int

    init(sampleRate: Double, channelCount: Int) {
        factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
        self.channelCount = channelCount
        let taps = Self.taps
        coefficients = .allocate(capacity: taps * Self.phases)
        coefficients.initialize(repeating: 0, count: taps * Self.phases)
        if factor == 1 {
            coefficients[0] = 1
        } else {
            // An odd-length prototype (its last tap zero) centred on a whole input sample, so the phases
            // land on the samples and at exactly 1/4, 1/2, 3/4 between them, as a 192 kHz resampling does.
            let length = factor * taps
            let centre = Double(length - 2) / 2, beta = 6.0
            for phase in 0..<factor {
                var row = [Double](repeating: 0, count: taps)
                for tap in 0..<taps {
                    // Tap `tap` of phase `phase` is prototype sample tap * factor + (factor - 1 - phase).
                    let n = Double(tap * factor + (factor - 1 - phase))
                    guard n <= 2 * centre else { continue }
                    let t = (n - centre) / Double(factor)
                    let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
                    let ratio = (n - centre) / (centre + 1)
                    row[tap] = sinc * Self.besselI0(beta * (1 - ratio * ratio).squareRoot()) / Self.besselI0(beta)
                }
                let sum = row.reduce(0, +)  // unity gain at DC for every phase
                for tap in 0..<taps { coefficients[tap * Self.phases + phase] = Float(row[tap] / sum) }
            }
        }
        histories = .allocate(capacity: 2 * taps * max(1, channelCount))
        histories.initialize(repeating: 0, count: 2 * taps * max(1, channelCount))
    }

    func deallocate() {
        coefficients.deallocate()
        histories.deallocate()
    }

    mutating func reset() {
        histories.update(repeating: 0, count: 2 * Self.taps * max(1, channelCount))
        position = 0
    }

    /// The largest interpolated magnitude of `count` samples of `channel`. Call once per channel per block,
    /// every channel with the same count (the channels share the history position), then `advance(by:)`.
    func peak(of samples: UnsafePointer<Float>, count: Int, channel: Int) -> Double {
        let history = histories + channel * 2 * Self.taps
        return Double(
            decibel_true_peak_block(coefficients, history, Int32(position), samples, Int32(count)))
    }

    /// Moves the shared history position past a block of `count` samples (after every channel's `peak`).
    mutating func advance(by count: Int) { position = (position + count) % Self.taps }

    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        for k in 1..<40 {
            term *= (x / (2 * Double(k))) * (x / (2 * Double(k)))
            sum += term
            if term < 1e-12 * sum { break }
        }
        return sum
    }
}
