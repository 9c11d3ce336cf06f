import CDecibelFFT
import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds the fundamental frequency of a monophonic signal — an instrument, a voice — with McLeod's
/// method (the normalised square difference function), sub-sample accurate.
///
/// Feed it blocks of any size with `append(_:)` and ask for `estimate()` whenever you want a reading: it
/// analyses the latest `windowSize` samples. The window must hold two periods of the lowest pitch, and
/// holds four by default (8192 samples at 48 kHz for 40 Hz; raise `minimumFrequency` for a faster tuner). The period is found at
/// the first autocorrelation peak within `peakThreshold` of the highest, then refined by locating its
/// multiple furthest into the window, which makes high notes as exact as low ones (±0.1 cent on a clean
/// tone). All memory is allocated in `init`: `append` and `estimate` neither allocate nor lock, so they
/// may run on a render thread. One instance belongs to one thread at a time.
///
/// ```swift
/// let detector = try PitchDetector(sampleRate: 48_000)
/// for await buffer in microphone.buffers() {
///     detector.append(buffer[0])
///     if let pitch = detector.estimate() {
///         let note = pitch.note(reference: 440)
///         print(note, note.cents, pitch.frequency)
///     }
/// }
/// ```
public final class PitchDetector {
    /// What the detector looks for.
    public struct Configuration: Hashable, Sendable {
        /// Lowest fundamental reported, in Hz (a bass's low E is 41.2 Hz).
        public var minimumFrequency: Double
        /// Highest fundamental reported, in Hz (at most just under a quarter of the sample rate: an 8 kHz
        /// headset gets 1980 Hz).
        public var maximumFrequency: Double
        /// Samples analysed per estimate; `nil` picks the smallest power of two (at least 1024) that holds
        /// four periods of `minimumFrequency` (8192 at 48 kHz for 40 Hz, 4096 for a guitar's 70 Hz): with
        /// fewer, noise moves a low note's estimate by more than 5 cents at 10 dB SNR.
        public var windowSize: Int?
        /// McLeod's *k*: the period is the first peak at least this fraction of the highest (0.8 … 1).
        /// Lower values favour longer periods (fewer octave-up errors, more octave-down ones).
        public var peakThreshold: Double
        /// Estimates less periodic than this (see `PitchEstimate.clarity`) are not reported.
        public var minimumClarity: Double
        /// Windows whose RMS is below this, in dBFS, are silence and not reported.
        public var silenceThreshold: Double

        /// Defaults: 40 Hz … 4.2 kHz, automatic window, k = 0.9, clarity ≥ 0.6, silence below -60 dBFS.
        public init(
            minimumFrequency: Double = 40, maximumFrequency: Double = 4_200, windowSize: Int? = nil,
            peakThreshold: Double = 0.9, minimumClarity: Double = 0.6, silenceThreshold: Double = -60
        ) {
            self.minimumFrequency = minimumFrequency
            self.maximumFrequency = maximumFrequency
            self.windowSize = windowSize
            self.peakThreshold = peakThreshold
            self.minimumClarity = minimumClarity
            self.silenceThreshold = silenceThreshold
        }
    }

    /// Frames per second of the analysed audio.
    public let sampleRate: Double
    /// What the detector was created with.
    public let configuration: Configuration
    /// Samples each estimate analyses.
    public let windowSize: Int
    /// The highest pitch reported: `configuration.maximumFrequency`, or just under a quarter of the rate
    /// if that is lower.
    public let maximumFrequency: Double

    private let minimumLag: Int
    private let maximumLag: Int
    private let history: UnsafeMutablePointer<Float>
    private var written = 0
    private let nsdf: UnsafeMutablePointer<Float>
    /// m(τ) of McLeod's normalisation, kept to evaluate the NSDF between lags.
    private let overlapEnergy: UnsafeMutablePointer<Double>
    /// Scratch for `periodPeak`: key maxima, and the candidates' lags and heights between the lags.
    private let keyMaxima: UnsafeMutablePointer<Int>
    private let candidateLags: UnsafeMutablePointer<Double>
    private let candidateHeights: UnsafeMutablePointer<Double>
    private let autocorrelation: Autocorrelation
    /// The interpolation's weights half a lag past a lag, where the peak search looks most often.
    private let halfLagWeights = PitchDetector.interpolationWeights(0.5)

    /// Prepares a detector for audio at `sampleRate`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `sampleRate` is not finite or is below 1000 Hz, the
    ///   frequency range is empty or not positive (its top is cut to just under a quarter of the rate),
    ///   `minimumFrequency` is too low to find at that rate, or `windowSize` is not a multiple of 4 in
    ///   64…1048576 holding 2.3 periods of `minimumFrequency`.
    public init(sampleRate: Double, configuration: Configuration = Configuration()) throws(AudioError) {
        let low = configuration.minimumFrequency
        // The top may be at most just under a quarter of the rate (a period of four samples).
        let high = min(configuration.maximumFrequency, 0.99 * sampleRate / 4)
        guard sampleRate.isFinite, sampleRate >= 1_000, low.isFinite, low > 0, high > low else {
            throw AudioError(
                .invalidArgument,
                "pitch range \(low)–\(configuration.maximumFrequency) Hz does not fit audio at \(sampleRate) Hz (the bottom must be above 0 and below the top, which is at most a quarter of the rate)"
            )
        }
        // The window holds 2.3 periods of the lowest pitch at least, so its lobe is whole; 4 by default.
        let lowestPeriod = sampleRate / low
        guard lowestPeriod <= Double(1 << 19) / 2.3 else {
            throw AudioError(.invalidArgument, "\(low) Hz is too low a pitch to find at \(sampleRate) Hz")
        }
        var size = configuration.windowSize ?? 1_024
        if configuration.windowSize == nil { while Double(size) < 4 * lowestPeriod { size *= 2 } }
        let needed = Int((2.3 * lowestPeriod).rounded(.up)) + 4
        guard (64...(1 << 20)).contains(size), size % 4 == 0, size >= needed else {
            throw AudioError(
                .invalidArgument,
                "a \(size)-sample window cannot hold the periods of \(low) Hz at \(sampleRate) Hz; use a multiple of 4 of at least \(needed)"
            )
        }
        self.sampleRate = sampleRate
        self.configuration = configuration
        windowSize = size
        minimumLag = max(2, Int(sampleRate / high))
        maximumFrequency = high
        // Past the lowest period, so the lobe of a note at the bottom of the range is whole.
        maximumLag = min(size / 2 - 2, Int((1.15 * sampleRate / low).rounded(.up)))
        autocorrelation = try Autocorrelation(size: size)
        history = .allocate(capacity: size)
        history.initialize(repeating: 0, count: size)
        nsdf = .allocate(capacity: size / 2 + 1)
        nsdf.initialize(repeating: 0, count: size / 2 + 1)
        overlapEnergy = .allocate(capacity: size / 2 + 1)
        overlapEnergy.initialize(repeating: 0, count: size / 2 + 1)
        keyMaxima = .allocate(capacity: size / 2 + 1)
        candidateLags = .allocate(capacity: size / 2 + 1)
        candidateHeights = .allocate(capacity: size / 2 + 1)
    }

    deinit {
        history.deallocate()
        nsdf.deallocate()
        overlapEnergy.deallocate()
        keyMaxima.deallocate()
        candidateLags.deallocate()
        candidateHeights.deallocate()
    }

    /// Adds samples to the analysed history; any count.
    public func append(_ samples: UnsafeBufferPointer<Float>) {
        guard let base = samples.baseAddress else { return }
        var remaining = samples.count, source = base
        if remaining > windowSize {  // only the newest windowSize can matter
            source += remaining - windowSize
            written += remaining - windowSize
            remaining = windowSize
        }
        while remaining > 0 {
            let position = written % windowSize
            let count = min(remaining, windowSize - position)
            (history + position).update(from: source, count: count)
            source += count
            remaining -= count
            written += count
        }
    }

    /// Adds samples to the analysed history; any count.
    public func append(_ samples: [Float]) { samples.withUnsafeBufferPointer { append($0) } }

    /// Adds `frames` samples of `channel` of `buffer` (for example a render context's input).
    public func append(_ buffer: AudioBufferView, channel: Int = 0) {
        append(UnsafeBufferPointer(start: buffer.samples(channel), count: buffer.frameCount))
    }

    /// Forgets the history: the next estimate waits for a full window.
    public func reset() { written = 0 }

    /// The pitch of the latest `windowSize` samples, or `nil` while fewer have arrived, for silence, and
    /// for sound that is not periodic enough.
    public func estimate() -> PitchEstimate? {
        guard written >= windowSize else { return nil }
        return analyseWindow(startingAt: written % windowSize)
    }

    /// The pitch of the last `windowSize` samples of `samples` (the history is replaced by them).
    public func estimate(_ samples: [Float]) -> PitchEstimate? {
        reset()
        append(samples)
        return estimate()
    }

    /// Analyses the window that starts at `start` in the history, written without its mean into the
    /// autocorrelation's two halves (the window is never copied whole).
    private func analyseWindow(startingAt start: Int) -> PitchEstimate? {
        // Four lanes at a time (the window is a multiple of 4 long); each lane sums at most 2^18 values. The order
        // of the history does not matter to a sum.
        let raw = UnsafeRawPointer(history)
        var sums = SIMD4<Float>()
        for offset in stride(from: 0, to: windowSize * 4, by: 16) {
            sums += raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
        }
        let mean = sums.sum() / Float(windowSize)
        var squares = SIMD4<Float>()
        let half = windowSize / 2
        var position = 0
        while position < windowSize {  // at most three runs: the history wraps once, the halves split once
            let source = (start + position) % windowSize
            let count = min(windowSize - source, (position < half ? half : windowSize) - position)
            let destination =
                position < half ? autocorrelation.firstHalf + position : autocorrelation.secondHalf + (position - half)
            squares += Self.removeMean(mean, from: history + source, into: destination, count: count)
            position += count
        }
        let energy = Double(squares.sum())
        let rms = (energy / Double(windowSize)).squareRoot()
        guard rms > 0, 20 * log10(rms) >= configuration.silenceThreshold else { return nil }

        autocorrelation.compute()
        fillNSDF(energy: energy)
        guard let (period, clarity) = periodPeak() else { return nil }
        guard clarity >= configuration.minimumClarity else { return nil }
        let refined = refinedPeriod(period)
        let frequency = sampleRate / refined
        guard frequency >= configuration.minimumFrequency * 0.97, frequency <= maximumFrequency * 1.03 else {
            return nil
        }
        return PitchEstimate(frequency: frequency, clarity: min(1, clarity))
    }

    /// Writes `count` samples less `mean` and returns the sum of their squares (in four lanes).
    private static func removeMean(
        _ mean: Float, from source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>, count: Int
    ) -> SIMD4<Float> {
        let input = UnsafeRawPointer(source), output = UnsafeMutableRawPointer(destination)
        let means = SIMD4<Float>(repeating: mean)
        var squares = SIMD4<Float>(), index = 0
        while index + 4 <= count {
            let value = input.loadUnaligned(fromByteOffset: index * 4, as: SIMD4<Float>.self) - means
            output.storeBytes(of: value, toByteOffset: index * 4, as: SIMD4<Float>.self)
            squares += value * value
            index += 4
        }
        while index < count {
            let value = source[index] - mean
            destination[index] = value
            squares[0] += value * value
            index += 1
        }
        return squares
    }

    /// n(τ) = 2 r(τ) / m(τ), with m(τ) the energy of both overlapping parts, for τ up to windowSize / 2.
    /// Four lags a step: their decrements' running sums do not wait on m, so m's chain of subtractions is one
    /// per four lags rather than one per lag, and the four divisions go together.
    private func fillNSDF(energy: Double) {
        var m = 2 * energy
        let r = UnsafeRawPointer(autocorrelation.lags), stride = MemoryLayout<Float>.stride
        let first = autocorrelation.firstHalf, second = autocorrelation.secondHalf, half = windowSize / 2
        nsdf[0] = 1
        overlapEnergy[0] = m
        var lag = 1
        while lag + 3 <= half {
            // Leaving: window[lag − 1 ..< lag + 3] (the first half); trailing: window[windowSize − lag − 3 ...
            // windowSize − lag] (the second half from half − lag − 3), reversed.
            let ahead = UnsafeRawPointer(first + (lag - 1)).loadUnaligned(as: SIMD4<Float>.self)
            let behind = UnsafeRawPointer(second + (half - lag - 3)).loadUnaligned(as: SIMD4<Float>.self)
            let leaving = SIMD4<Double>(ahead)
            let trailing = SIMD4<Double>(SIMD4(behind[3], behind[2], behind[1], behind[0]))
            let step = leaving * leaving + trailing * trailing
            let one = step[0], two = one + step[1], three = two + step[2], fourth = three + step[3]
            let energies = SIMD4(m - one, m - two, m - three, m - fourth)
            m -= fourth
            UnsafeMutableRawPointer(overlapEnergy + lag).storeBytes(of: energies, as: SIMD4<Double>.self)
            let floats = SIMD4<Float>(energies)  // stored as Float: divide as Float
            let ratios = 2 * r.loadUnaligned(fromByteOffset: lag * stride, as: SIMD4<Float>.self) / floats
            let values = ratios.replacing(with: 0, where: floats .<= 1e-12)
            UnsafeMutableRawPointer(nsdf + lag).storeBytes(of: values, as: SIMD4<Float>.self)
            lag += 4
        }
        while lag <= half {
            let leaving = Double(first[lag - 1]), trailing = Double(second[half - lag])
            m -= leaving * leaving + trailing * trailing
            overlapEnergy[lag] = m
            nsdf[lag] = m > 1e-12 ? 2 * r.load(fromByteOffset: lag * stride, as: Float.self) / Float(m) : 0
            lag += 1
        }
    }

    /// The NSDF between integer lags: r(τ) by 16-tap windowed-sinc interpolation of the integer lags (r is band
    /// limited: its spectrum is the signal's power spectrum), m(τ) linearly. A harmonic-rich tone has a
    /// peak narrower than a lag step, so its height and place are only found between the samples.
    private func nsdf(at lag: Double) -> Double {
        let base = Int(lag.rounded(.down)), fraction = lag - Double(base)
        let r = autocorrelation.lags, last = windowSize / 2
        // On a lag, or so near the next that the float weights cannot tell (one tap would divide by zero).
        if fraction < 1e-9 || Float(fraction) == 1 {
            let index = min(fraction < 0.5 ? base : base + 1, last), m = overlapEnergy[index]
            return m > 1e-12 ? 2 * Double(r[index]) / m : 0
        }
        let sums: decibel_weighted_sum
        if base >= 7 && base + 8 <= last {
            let values = r + (base - 7)
            sums =
                fraction == 0.5
                ? halfLagWeights.withLanes { decibel_weighted_sum16(values, $0) }
                : decibel_sinc_sum16(values, Float(fraction))
        } else {
            sums = edgeSums(base: base, fraction: fraction)
        }
        let upper = min(windowSize / 2, base + 1)
        let m = overlapEnergy[min(base, windowSize / 2)] * (1 - fraction) + overlapEnergy[upper] * fraction
        // The weights' sum divides out (unity gain at low frequencies whatever the fraction: a broad peak stays
        // put), in the one division with m.
        return m > 1e-12 ? 2 * sums.weighted / (sums.weights * m) : 0
    }

    /// The interpolation's sums at `base + fraction` where its taps reach past either end of the lags: r is
    /// even (r(−τ) = r(τ)) below lag 0, and taps beyond the last lag weigh nothing.
    private func edgeSums(base: Int, fraction: Double) -> decibel_weighted_sum {
        let r = autocorrelation.lags, last = windowSize / 2
        var weights = Self.interpolationWeights(fraction), values = SIMD16<Float>()
        for lane in 0..<16 {
            let index = abs(base - 7 + lane)
            if index <= last { values[lane] = r[index] } else { weights[lane] = 0 }
        }
        return values.withLanes { values in weights.withLanes { decibel_weighted_sum16(values, $0) } }
    }

    /// The 16 taps' weights for a point `fraction` past the 8th (`decibel_sinc_weights16`).
    private static func interpolationWeights(_ fraction: Double) -> SIMD16<Float> {
        var weights = SIMD16<Float>()
        withUnsafeMutablePointer(to: &weights) {
            $0.withMemoryRebound(to: Float.self, capacity: 16) { decibel_sinc_weights16(Float(fraction), $0) }
        }
        return weights
    }

    /// The highest point of the NSDF within `radius` lags of `lag`, to within `tolerance` lags
    /// (golden-section search; the NSDF is one-peaked that close to a peak): (lag, height).
    private func goldenPeak(near lag: Double, radius: Double, tolerance: Double) -> (Double, Double) {
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = max(1, lag - radius), high = min(Double(windowSize / 2 - 1), lag + radius)
        var left = high - ratio * (high - low), right = low + ratio * (high - low)
        var leftValue = nsdf(at: left), rightValue = nsdf(at: right)
        while high - low > tolerance {
            if leftValue < rightValue {
                low = left
                left = right
                leftValue = rightValue
                right = low + ratio * (high - low)
                rightValue = nsdf(at: right)
            } else {
                high = right
                right = left
                rightValue = leftValue
                left = high - ratio * (high - low)
                leftValue = nsdf(at: left)
            }
        }
        let best = (low + high) / 2
        return (best, nsdf(at: best))
    }

    /// The top of a narrow peak whose highest lag is `lag`, to within `tolerance` lags: successive
    /// parabolas through the NSDF at the estimate and a step either side, the step shrinking as the
    /// estimate settles (about 7 evaluations where a golden-section search takes 19). Falls back to the
    /// golden-section search where the NSDF does not curve down or the estimate leaves the peak.
    private func narrowPeak(at lag: Int, tolerance: Double) -> (Double, Double) {
        var centre = Double(lag), height = nsdf(at: centre), step = 0.5
        for _ in 0..<8 {
            let left = nsdf(at: centre - step), right = nsdf(at: centre + step)
            let curvature = left - 2 * height + right
            guard curvature < 0 else { break }
            let offset = max(-step, min(step, step * (left - right) / (2 * curvature)))
            centre += offset
            guard abs(centre - Double(lag)) < 1 else { break }
            height = nsdf(at: centre)
            if abs(offset) < tolerance / 2 && step <= 4 * tolerance { return (centre, height) }
            step = max(tolerance, min(step / 2, 4 * abs(offset)))
        }
        return goldenPeak(near: Double(lag), radius: 1, tolerance: tolerance)
    }

    /// The peak nearest `lag`: the highest integer lag within `radius`, then, for a narrow peak (a tone
    /// rich in harmonics), the maximum between the lags; for a broad one (a low or pure tone), the vertex
    /// of a parabola fitted to its top, because noise makes a broad top jagged and its highest sample can
    /// sit many lags from its centre. (lag, height)
    private func peak(near lag: Double, radius: Int, period: Double, tolerance: Double = 1e-3) -> (Double, Double) {
        let centre = Int(lag.rounded())
        let lower = max(1, centre - radius), upper = min(windowSize / 2 - 1, centre + radius)
        guard lower <= upper else { return (lag, 0) }
        var best = lower
        for index in lower...upper where nsdf[index] > nsdf[best] { best = index }
        // The top of the peak: as far either side as it stays within 0.05 of its highest sample.
        let top = nsdf[best] - 0.05, limit = max(1, Int(period / 4))
        var left = 1, right = 1
        while left < limit && best - left > 1 && nsdf[best - left] > top { left += 1 }
        while right < limit && best + right < windowSize / 2 && nsdf[best + right] > top { right += 1 }
        let halfWidth = min(left, right)
        guard halfWidth > 3 else { return narrowPeak(at: best, tolerance: tolerance) }
        var vertex = Double(best)
        for _ in 0..<2 {  // fit, then fit again centred on the first vertex
            guard let fitted = fittedVertex(around: Int(vertex.rounded()), halfWidth: halfWidth) else { break }
            vertex = fitted
        }
        return (vertex, nsdf(at: vertex))
    }

    /// The vertex of the least-squares parabola through the NSDF at `centre - halfWidth … centre + halfWidth`.
    private func fittedVertex(around centre: Int, halfWidth: Int) -> Double? {
        let lower = max(1, centre - halfWidth), upper = min(windowSize / 2, centre + halfWidth)
        guard upper - lower >= 2 else { return nil }
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0
        for index in lower...upper {
            let x = Double(index - centre), y = Double(nsdf[index]), xx = x * x
            s0 += 1
            s1 += x
            s2 += xx
            s3 += xx * x
            s4 += xx * xx
            t0 += y
            t1 += x * y
            t2 += xx * y
        }
        // Normal equations for y = a x² + b x + c, solved by Cramer's rule.
        let determinant = s4 * (s2 * s0 - s1 * s1) - s3 * (s3 * s0 - s1 * s2) + s2 * (s3 * s1 - s2 * s2)
        guard abs(determinant) > 1e-12 else { return nil }
        let a = (t2 * (s2 * s0 - s1 * s1) - s3 * (t1 * s0 - s1 * t0) + s2 * (t1 * s1 - s2 * t0)) / determinant
        let b = (s4 * (t1 * s0 - s1 * t0) - t2 * (s3 * s0 - s1 * s2) + s2 * (s3 * t0 - t1 * s2)) / determinant
        guard a < 0 else { return nil }
        let offset = -b / (2 * a)
        guard abs(offset) <= Double(halfWidth) else { return nil }
        return Double(centre) + offset
    }

    /// McLeod's peak picking: the highest point of each positive lobe after the first negative one is a
    /// key maximum; the period is the first key maximum within `peakThreshold` of the highest. Sampled at
    /// whole lags a narrow peak reads low, so the key maxima that could matter (within 0.3 of the highest
    /// sample) are measured between the lags before they are compared.
    private func periodPeak() -> (Double, Double)? {
        var lag = 1
        while lag < maximumLag && nsdf[lag] > 0 { lag += 1 }  // the lobe around zero lag
        var count = 0, highest: Float = 0
        while lag < maximumLag {
            while lag < maximumLag && nsdf[lag] <= 0 { lag += 1 }
            var best = lag
            while lag < maximumLag && nsdf[lag] > 0 {
                if nsdf[lag] > nsdf[best] { best = lag }
                lag += 1
            }
            // Key maxima above the highest pitch count too: dropping them would report such a note an
            // octave (or more) down instead of not at all.
            if best >= 2 && best < maximumLag {
                keyMaxima[count] = best
                count += 1
                highest = max(highest, nsdf[best])
            }
        }
        guard count > 0, highest > 0 else { return nil }
        // First a rough height for each candidate, from a parabola through the NSDF half a lag either side, taken
        // to be within `margin` of the exact one (a search between the lags). Exact heights are measured only where
        // the rough ones leave the choice open: the highest's decides the threshold, so its bounds do too. A
        // sawtooth has a candidate at every multiple of its period, all about as high, and exact heights for all
        // of them cost more than the FFTs; its first is clear of the threshold and needs none.
        let margin = Self.roughMargin, k = configuration.peakThreshold
        var candidates = 0, roughHighest = Double(highest)
        for index in 0..<count where nsdf[keyMaxima[index]] > highest - 0.3 {
            keyMaxima[candidates] = keyMaxima[index]
            candidateHeights[candidates] = roughPeakHeight(at: keyMaxima[index])
            candidateLags[candidates] = .nan  // not measured exactly yet
            roughHighest = max(roughHighest, candidateHeights[candidates])
            candidates += 1
        }
        // Bounds on the highest exact height: at least the highest whole-lag value; at most the highest rough
        // one plus the margin, and the NSDF is at most 1 (a parabola through a lobe cut off at the top lag can
        // put its vertex anywhere).
        let highestAtMost = min(roughHighest, 1) + margin, highestAtLeast = Double(highest)
        var exactHighest: Double?
        for index in 0..<candidates {
            if candidateLags[index].isNaN {
                let rough = candidateHeights[index]
                if rough + margin < k * highestAtLeast { continue }  // below the threshold, whatever it is
                if rough - margin < k * highestAtMost { measureCandidate(index) }  // else above it, whatever it is
            }
            if !candidateLags[index].isNaN {
                let highestHeight =
                    exactHighest
                    ?? measureHighest(candidates: candidates, roughHighest: roughHighest, sampled: Double(highest))
                exactHighest = highestHeight
                guard candidateHeights[index] >= k * highestHeight else { continue }
            }
            guard keyMaxima[index] >= minimumLag else { return nil }  // a pitch above the range
            let lag = Double(keyMaxima[index])
            return peak(near: lag, radius: 0, period: lag)
        }
        return nil
    }

    /// How far a rough peak height may be from the exact one.
    private static let roughMargin = 0.05

    /// The highest key maximum's exact height: the candidates whose rough height is within the margin of the
    /// highest rough one, measured (and at least `sampled`, the highest at a whole lag).
    private func measureHighest(candidates: Int, roughHighest: Double, sampled: Double) -> Double {
        var highest = sampled
        for index in 0..<candidates {
            if candidateLags[index].isNaN && candidateHeights[index] > roughHighest - Self.roughMargin {
                measureCandidate(index)
            }
            if !candidateLags[index].isNaN { highest = max(highest, candidateHeights[index]) }
        }
        return highest
    }

    /// The height of the peak at integer lag `lag`, roughly: the vertex of the parabola through the NSDF at
    /// `lag` and half a lag either side.
    private func roughPeakHeight(at lag: Int) -> Double {
        let centre = Double(nsdf[lag])
        let left = nsdf(at: Double(lag) - 0.5), right = nsdf(at: Double(lag) + 0.5)
        let curvature = left - 2 * centre + right
        guard curvature < 0 else { return max(left, centre, right) }
        return centre - (left - right) * (left - right) / (8 * curvature)
    }

    /// Measures candidate `index` between the lags, to the precision heights are compared at (an error
    /// of 0.05 lag lowers a narrow peak by about 1e-3; the chosen one is located exactly afterwards).
    private func measureCandidate(_ index: Int) {
        let lag = Double(keyMaxima[index])
        let (refinedLag, height) = peak(near: lag, radius: 0, period: lag, tolerance: 0.05)
        candidateLags[index] = refinedLag
        candidateHeights[index] = height
    }

    /// The period measured over as many periods as fit in half the window: the peak near k · period,
    /// divided by k, for k doubling up to the most that fit. Each step divides the error of locating a
    /// peak by k.
    private func refinedPeriod(_ period: Double) -> Double {
        var refined = period
        let most = Int(Double(windowSize / 2 - 2) / period)
        var multiple = 2
        while multiple <= most {
            // Within a quarter period of the prediction the peak of a periodic signal is the highest
            // point, however broad it is and however far noise moved the first estimate.
            let (lag, height) = peak(
                near: refined * Double(multiple), radius: max(2, Int(refined / 4)), period: refined)
            guard height > 0.3 else { break }  // too little overlap left, or the pitch moved within the window
            refined = lag / Double(multiple)
            if multiple == most { break }
            multiple = min(most, multiple * 2)
        }
        return refined
    }
}

extension SIMD16<Float> {
    /// Calls `body` with the lanes as 16 consecutive floats, for C.
    fileprivate func withLanes(_ body: (UnsafePointer<Float>) -> decibel_weighted_sum) -> decibel_weighted_sum {
        withUnsafePointer(to: self) { $0.withMemoryRebound(to: Float.self, capacity: 16, body) }
    }
}
