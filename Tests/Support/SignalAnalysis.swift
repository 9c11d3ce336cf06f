import Foundation

/// Measurements tests make on rendered or recorded audio.
public enum SignalAnalysis {
    /// Signal-to-difference ratio in dB of `test` against `reference` over their common length.
    public static func snr(_ test: [Float], reference: [Float]) -> Double {
        var signal = 0.0, noise = 0.0
        for index in 0..<min(test.count, reference.count) {
            signal += Double(reference[index]) * Double(reference[index])
            let error = Double(test[index]) - Double(reference[index])
            noise += error * error
        }
        return noise == 0 ? .infinity : 10 * log10(signal / noise)
    }

    /// Root mean square of `samples`.
    public static func rms(_ samples: some Collection<Float>) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// Largest absolute sample.
    public static func peak(_ samples: some Collection<Float>) -> Float {
        samples.reduce(0) { max($0, abs($1)) }
    }

    /// Frequency estimated from rising zero crossings, interpolated between samples. Good to a fraction
    /// of a hertz for a clean tone over a second.
    public static func frequency(_ samples: [Float], sampleRate: Double) -> Double {
        var crossings: [Double] = []
        for i in 1..<max(1, samples.count) where samples[i - 1] < 0 && samples[i] >= 0 {
            let fraction = Double(-samples[i - 1]) / Double(samples[i] - samples[i - 1])
            crossings.append(Double(i - 1) + fraction)
        }
        guard crossings.count >= 2, let first = crossings.first, let last = crossings.last else { return 0 }
        return Double(crossings.count - 1) / ((last - first) / sampleRate)
    }

    /// Signal-to-noise ratio in dB of a tone at `frequency`: over samples holding a whole number of its
    /// periods, the sine in its DFT bin (the least-squares fit at that frequency) against the residual
    /// left when that sine and the mean are subtracted sample by sample.
    public static func toneSNR(_ samples: [Float], frequency: Double, sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let count = Double(max(1, samples.count))
        var cosine = 0.0, sine = 0.0, sum = 0.0
        for (index, sample) in samples.enumerated() {
            let x = Double(sample), phase = omega * Double(index)
            cosine += x * cos(phase)
            sine += x * sin(phase)
            sum += x
        }
        let a = 2 * cosine / count, b = 2 * sine / count, mean = sum / count
        var residual = 0.0
        for (index, sample) in samples.enumerated() {
            let phase = omega * Double(index)
            let error = Double(sample) - mean - a * cos(phase) - b * sin(phase)
            residual += error * error
        }
        let tone = (a * a + b * b) / 2 * count
        return 10 * log10(tone / max(residual, .leastNormalMagnitude))
    }

    /// A tone's pitch, level and purity, as the tests that check a converted or recorded tone report them.
    public struct Tone: CustomStringConvertible, Sendable {
        /// Frequency by zero crossings.
        public var frequency: Double
        /// Magnitude of the expected frequency.
        public var magnitude: Double
        /// `toneSNR` at the expected frequency.
        public var snr: Double
        /// The largest `toneResiduals` in the measured frames.
        public var residual: Double
        /// "441.0000 Hz, magnitude 0.250000, SNR 151.5 dB, recurrence residual ≤ 4.3e-08".
        public var description: String {
            "\(frequency) Hz, magnitude \(magnitude), SNR \(snr) dB, recurrence residual ≤ \(residual)"
        }
    }

    /// The last `frames` of the longest stretch that is both continuous (no step above `maxStep`, see
    /// `longestContinuousRun`) and one unbroken tone at `frequency` (no recurrence residual above
    /// `toneTolerance`, see `longestToneRun`), measured as a tone at `frequency`; nil when no stretch is
    /// that long.
    public static func cleanTone(
        _ samples: [Float], frequency: Double, sampleRate: Double, maxStep: Float, frames: Int,
        toneTolerance: Double = toneResidualTolerance
    ) -> Tone? {
        let clean = longestRun(
            samples, maxStep: maxStep, recurrence: (2 * cos(2 * Double.pi * frequency / sampleRate), toneTolerance))
        guard clean.count >= frames else { return nil }
        let steady = Array(clean.suffix(frames))
        return Tone(
            frequency: self.frequency(steady, sampleRate: sampleRate),
            magnitude: magnitude(of: frequency, in: steady, sampleRate: sampleRate),
            snr: toneSNR(steady, frequency: frequency, sampleRate: sampleRate),
            residual: toneResiduals(steady, frequency: frequency, sampleRate: sampleRate).max() ?? 0)
    }

    /// The recurrence residual `cleanTone` allows by default, from measurement. Clean captures: float32
    /// JACK and PulseAudio captures of the callers' tones (1 kHz at 16 kHz after Decibel's 48 → 16 kHz
    /// resampler, 441 Hz at 48 kHz after 44.1 → 48 kHz, jack_capture's float WAV) stay under 4.3e-8 (float
    /// rounding); 16-bit quantisation (no caller yet) stays under 6.1e-5 (four half-LSBs; 6.0e-5 measured
    /// at 16, 44.1 and 48 kHz). Splices of one dropped 256-frame period, over every phase: ≥ 0.0132 for
    /// 441 Hz at amplitude 0.25 and 48 kHz; ≥ 0.22 for 1 kHz at 0.5 after the 48 → 16 kHz resampler, whose
    /// low-pass left steps as small as 0.216 there (under a 0.25 `maxStep`). It was 1e-3 until a CI run
    /// under AddressSanitizer (6209d51) let through a glitch of residual 9.9e-4 in the 16 kHz JACK capture
    /// (the client missed cycles there: 120 frames short; SNR 97.8 dB): 1e-4 sits between that glitch and
    /// the 16-bit quantisation bound (1.6× over it), and 2300× over clean float captures.
    public static let toneResidualTolerance = 1e-4

    /// `|x[n] − 2cos(ω)·x[n−1] + x[n−2]|` for n = 2..<count, ω = 2π·frequency/sampleRate: zero for any
    /// sine at `frequency` whatever its amplitude and phase, so what is left is the capture's noise, plus
    /// a burst wherever the phase or level jumps (a dropped or repeated block, a splice).
    public static func toneResiduals(_ samples: [Float], frequency: Double, sampleRate: Double) -> [Double] {
        let coefficient = 2 * cos(2 * Double.pi * frequency / sampleRate)
        guard samples.count >= 3 else { return [] }
        return (2..<samples.count).map { n in
            abs(Double(samples[n]) - coefficient * Double(samples[n - 1]) + Double(samples[n - 2]))
        }
    }

    /// The longest stretch of `samples` in which every three neighbours satisfy the recurrence of a sine at
    /// `frequency` to within `tolerance` (see `toneResiduals`): a stretch with no phase splice, however
    /// smooth the splice (a resampler's low-pass can leave no large step to find).
    public static func longestToneRun(
        _ samples: [Float], frequency: Double, sampleRate: Double, tolerance: Double
    ) -> ArraySlice<Float> {
        longestRun(samples, maxStep: nil, recurrence: (2 * cos(2 * Double.pi * frequency / sampleRate), tolerance))
    }

    /// Magnitude (0...1 for a full-scale sine) of `frequency` in `samples`, by the Goertzel algorithm.
    public static func magnitude(of frequency: Double, in samples: [Float], sampleRate: Double) -> Double {
        let omega = 2 * Double.pi * frequency / sampleRate
        let coefficient = 2 * cos(omega)
        var s1 = 0.0, s2 = 0.0
        for sample in samples {
            let s0 = Double(sample) + coefficient * s1 - s2
            s2 = s1
            s1 = s0
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return 2 * power.squareRoot() / Double(max(1, samples.count))
    }

    /// The largest difference between neighbouring samples. For a sine of amplitude `a` and frequency `f`
    /// it cannot exceed `a * 2π f / rate` (plus rounding); a dropout or a repeated block breaks that bound.
    public static func largestStep(_ samples: [Float]) -> Float {
        var largest: Float = 0
        for i in 1..<max(1, samples.count) { largest = max(largest, abs(samples[i] - samples[i - 1])) }
        return largest
    }

    /// The longest stretch of `samples` in which no step between neighbours exceeds `maxStep`: the part of
    /// a capture to measure when the server may have dropped a period (a JACK dummy-driver xrun).
    public static func longestContinuousRun(_ samples: [Float], maxStep: Float) -> ArraySlice<Float> {
        longestRun(samples, maxStep: maxStep, recurrence: nil)
    }

    /// The longest stretch with no step above `maxStep` (a break between samples i−1 and i) and no
    /// residual `|x[i] − coefficient·x[i−1] + x[i−2]|` above `recurrence.tolerance` (a break in the
    /// triple i−2...i: the stretch ends before i and the next may start at i−1).
    private static func longestRun(
        _ samples: [Float], maxStep: Float?, recurrence: (coefficient: Double, tolerance: Double)?
    ) -> ArraySlice<Float> {
        guard !samples.isEmpty else { return [] }
        var bestStart = 0, bestLength = 0, start = 0
        func close(at end: Int, restart: Int) {
            if end - start > bestLength { (bestStart, bestLength) = (start, end - start) }
            start = restart
        }
        for i in 1..<samples.count {
            if let maxStep, abs(samples[i] - samples[i - 1]) > maxStep {
                close(at: i, restart: i)
            } else if let recurrence, i - 2 >= start,
                abs(Double(samples[i]) - recurrence.coefficient * Double(samples[i - 1]) + Double(samples[i - 2]))
                    > recurrence.tolerance
            {
                close(at: i, restart: i - 1)
            }
        }
        close(at: samples.count, restart: samples.count)
        return samples[bestStart..<(bestStart + bestLength)]
    }

    /// The index of the first sample whose magnitude exceeds `threshold`, if any.
    public static func firstSound(_ samples: [Float], threshold: Float = 1e-4) -> Int? {
        samples.firstIndex { abs($0) > threshold }
    }

    /// Decodes interleaved little-endian samples (from `parec`, `sox -t raw`, a `type file` PCM) into
    /// one array per channel.
    public static func deinterleave(_ data: Data, channels: Int, as type: RawSampleType) -> [[Float]] {
        let width = type.bytes
        let frames = data.count / (width * channels)
        var result = Array(repeating: [Float](repeating: 0, count: frames), count: channels)
        data.withUnsafeBytes { raw in
            for frame in 0..<frames {
                for channel in 0..<channels {
                    let offset = (frame * channels + channel) * width
                    result[channel][frame] = type.decode(raw, at: offset)
                }
            }
        }
        return result
    }

    /// Encodings tests meet in raw captures.
    public enum RawSampleType: Sendable {
        case int16, int32, float32

        public var bytes: Int { self == .int16 ? 2 : 4 }

        func decode(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Float {
            switch self {
            case .int16: Float(raw.loadUnaligned(fromByteOffset: offset, as: Int16.self)) / 32768
            case .int32: Float(Double(raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)) / 2_147_483_648)
            case .float32: raw.loadUnaligned(fromByteOffset: offset, as: Float.self)
            }
        }
    }
}
