#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The true peak of ITU-R BS.1770-4 Annex 2: the largest magnitude of the signal oversampled (4× below
/// 96 kHz, 2× below 192 kHz), which catches the peaks between samples that a DAC or a lossy encoder will
/// produce. A polyphase windowed-sinc interpolator (24 taps per phase, Kaiser β = 9); allocation-free
/// after `init`.
struct TruePeakDetector {
    let factor: Int
    private let tapsPerPhase: Int
    /// `factor` phases of `tapsPerPhase` coefficients each, phase-major.
    private let coefficients: UnsafeMutablePointer<Double>
    /// Per channel, the last `tapsPerPhase` inputs, twice over so a window is always contiguous.
    private let histories: UnsafeMutablePointer<Double>
    private var position = 0
    let channelCount: Int

    init(sampleRate: Double, channelCount: Int) {
        factor = sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1
        tapsPerPhase = factor == 1 ? 1 : 24
        self.channelCount = channelCount
        let length = factor * tapsPerPhase
        coefficients = .allocate(capacity: length)
        if factor == 1 {
            coefficients[0] = 1
        } else {
            // An odd-length prototype (its last tap zero) centred on a whole input sample, so the phases
            // land on the samples and at exactly 1/4, 1/2, 3/4 between them, as a 192 kHz resampling does.
            let centre = Double(length - 2) / 2, beta = 9.0
            for phase in 0..<factor {
                var sum = 0.0
                for tap in 0..<tapsPerPhase {
                    // Tap `tap` of phase `phase` is prototype sample tap * factor + (factor - 1 - phase).
                    let n = Double(tap * factor + (factor - 1 - phase))
                    guard n <= 2 * centre else {
                        coefficients[phase * tapsPerPhase + tap] = 0
                        continue
                    }
                    let t = (n - centre) / Double(factor)
                    let sinc = t == 0 ? 1 : sin(Double.pi * t) / (Double.pi * t)
                    let ratio = (n - centre) / (centre + 1)
                    let window = Self.besselI0(beta * (1 - ratio * ratio).squareRoot()) / Self.besselI0(beta)
                    coefficients[phase * tapsPerPhase + tap] = sinc * window
                    sum += sinc * window
                }
                for tap in 0..<tapsPerPhase { coefficients[phase * tapsPerPhase + tap] /= sum }  // unity gain at DC
            }
        }
        histories = .allocate(capacity: 2 * tapsPerPhase * max(1, channelCount))
        histories.initialize(repeating: 0, count: 2 * tapsPerPhase * max(1, channelCount))
    }

    func deallocate() {
        coefficients.deallocate()
        histories.deallocate()
    }

    mutating func reset() {
        histories.update(repeating: 0, count: 2 * tapsPerPhase * max(1, channelCount))
        position = 0
    }

    /// The largest interpolated magnitude of `count` samples of `channel`. Call once per channel per block,
    /// every channel with the same count (the channels share the history position).
    func peak(of samples: UnsafePointer<Float>, count: Int, channel: Int) -> Double {
        var peak = 0.0
        let history = histories + channel * 2 * tapsPerPhase
        var slot = position
        for i in 0..<count {
            let x = Double(samples[i])
            history[slot] = x
            history[slot + tapsPerPhase] = x
            slot += 1
            if slot == tapsPerPhase { slot = 0 }
            // history[slot ..< slot + tapsPerPhase] now holds the newest tapsPerPhase inputs, oldest first.
            let window = history + slot
            for phase in 0..<factor {
                let taps = coefficients + phase * tapsPerPhase
                var y = 0.0
                for tap in 0..<tapsPerPhase { y += taps[tap] * window[tapsPerPhase - 1 - tap] }
                peak = max(peak, abs(y))
            }
        }
        return peak
    }

    /// Moves the shared history position past a block of `count` samples (after every channel's `peak`).
    mutating func advance(by count: Int) { position = (position + count) % tapsPerPhase }

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
