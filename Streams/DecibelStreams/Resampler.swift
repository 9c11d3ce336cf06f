import CSoxr
import DecibelCore

/// A streaming sample-rate converter over libsoxr, non-interleaved Float32 in and out.
///
/// Why libsoxr: measured on this machine (Debian 12, libsoxr 0.1.3, libsamplerate 0.2.2) converting a
/// 1 kHz sine (mono, 512-frame blocks, SNR by least-squares sine fit over the middle half):
///
/// | library / quality           | 44.1→48 kHz | 48→44.1 kHz | 96→48 kHz | speed (× real time) |
/// |-----------------------------|-------------|-------------|-----------|---------------------|
/// | soxr HQ (20-bit)            | 133.8 dB    | 134.5 dB    | 136.7 dB  | ~1800–2400          |
/// | soxr VHQ (28-bit)           | 150.7 dB    | 150.9 dB    | 154.9 dB  | ~1400–2250          |
/// | libsamplerate SINC_BEST     | 148.9 dB    | 145.8 dB    | 154.9 dB  | ~20–27              |
/// | libsamplerate SINC_MEDIUM   | 142.1 dB    | 135.7 dB    | 154.9 dB  | ~60–107             |
///
/// soxr VHQ matches libsamplerate's best quality at about 50–70× its speed, so Decibel uses soxr, VHQ by
/// default.
///
/// No allocation once prepared: soxr grows its FIFOs with `realloc`, so `init` primes the converter with
/// silence, one large block and then full-size ones (an exact number of rate-ratio periods in all), and
/// `process` drops the matching output frames, leaving the output sample-aligned with the input as if
/// the converter were fresh. After that `process` never allocates while blocks stay within
/// `maxInputFrames`, whatever their sizes (the `formats-resampler` and `formats-resampler-irregular`
/// RealtimeSanitizer scenarios).
public final class Resampler: @unchecked Sendable {
    /// Filter quality.
    public enum Quality: Sendable {
        /// 20-bit precision (about 130 dB SNR); a little faster.
        case high
        /// 28-bit precision (about 150 dB SNR, the float32 limit). The default.
        case veryHigh

        var soxrRecipe: UInt { self == .high ? UInt(decibel_soxr_quality_hq()) : UInt(decibel_soxr_quality_vhq()) }
    }

    /// Input frames per second.
    public let inputRate: Double
    /// Output frames per second.
    public let outputRate: Double
    /// Channels converted.
    public let channelCount: Int
    /// Largest input block `process` accepts without allocating.
    public let maxInputFrames: Int

    private let converter: soxr_t
    private let inputPointers: UnsafeMutablePointer<UnsafeRawPointer?>
    private let outputPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let silence: UnsafeMutablePointer<Float>
    /// Output frames still owed to the priming silence; dropped from the front of the next outputs.
    private var pendingDiscard = 0
    /// True once `flush(into:)` has been called: the converter then takes no more input.
    public private(set) var isFlushing = false

    /// Creates a converter from `inputRate` to `outputRate` for `channelCount` channels.
    /// - Throws: `AudioError` of kind `invalidArgument` when a rate is not positive and finite, `channelCount`
    ///   is not in 1…`StreamConfiguration.maximumChannelCount` or `maxInputFrames` is not positive, or `unsupportedConfiguration`
    ///   when libsoxr refuses the conversion.
    public init(
        inputRate: Double, outputRate: Double, channelCount: Int, quality: Quality = .veryHigh,
        maxInputFrames: Int = 4096
    ) throws(AudioError) {
        guard inputRate > 0, outputRate > 0, inputRate.isFinite, outputRate.isFinite else {
            throw AudioError(.invalidArgument, "Resampler: rates must be positive, got \(inputRate) → \(outputRate)")
        }
        guard (1...StreamConfiguration.maximumChannelCount).contains(channelCount), maxInputFrames > 0 else {
            throw AudioError(
                .invalidArgument,
                "Resampler: \(channelCount) channels, \(maxInputFrames) frames per block is not usable")
        }
        var io = decibel_soxr_float_split_io()
        var recipe = soxr_quality_spec(quality.soxrRecipe, 0)
        var runtime = soxr_runtime_spec(1)  // one thread: the caller's
        var failure: soxr_error_t? = nil
        let made = Self.setupLock.withLock {
            soxr_create(inputRate, outputRate, UInt32(channelCount), &failure, &io, &recipe, &runtime)
        }
        guard let created = made else {
            throw AudioError(
                .unsupportedConfiguration, "Resampler: libsoxr refused \(inputRate) → \(outputRate) Hz",
                codeDescription: failure.map { String(cString: $0) })
        }
        converter = created
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.channelCount = channelCount
        self.maxInputFrames = maxInputFrames
        inputPointers = .allocate(capacity: channelCount)
        outputPointers = .allocate(capacity: channelCount)
        silence = .allocate(capacity: maxInputFrames)
        silence.initialize(repeating: 0, count: maxInputFrames)
        Self.setupLock.withLock { prime() }
    }

    /// Held while a converter is made and primed. libsoxr sets up process-wide FFT tables lazily on a
    /// converter's first blocks, and that first set-up is not safe against another thread doing the same
    /// (chirlu/soxr#10 reports crashes from concurrent converters); converters that are already running
    /// only read those tables, so `process` needs no lock.
    static let setupLock = ControlLock()

    /// Runs silence through the converter so soxr's buffers reach their working size now, and records
    /// how many output frames that silence owes (see the type's notes).
    private func prime() {
        var unit = 1, outputUnit = 0.0
        if inputRate == inputRate.rounded(), outputRate == outputRate.rounded(), inputRate < 1e7, outputRate < 1e7 {
            var a = Int(inputRate), b = Int(outputRate)
            while b != 0 { (a, b) = (b, a % b) }
            unit = Int(inputRate) / a
            outputUnit = outputRate / Double(a)
        }
        if unit > 1 << 20 { unit = 1 }
        // One large block first grows soxr's FIFOs (see `SoxrFIFOs`); then blocks of the working size.
        let growing = SoxrFIFOs.growingFrames(
            .constantRate, ratio: inputRate / outputRate, maxInputFrames: maxInputFrames)
        let grownOutput = SoxrFIFOs.runSilence(
            through: converter, channelCount: channelCount, inputFrames: growing,
            room: SoxrFIFOs.drainingFrames(.constantRate, maxOutputFrames: maxOutputFrames(forInput: maxInputFrames)))
        let primeFrames = ((growing + 32 * maxInputFrames + unit - 1) / unit) * unit
        let expected =
            unit > 1
            ? (primeFrames / unit) * Int(outputUnit) : Int((Double(primeFrames) * outputRate / inputRate).rounded())
        let scratch = AudioBuffer(channelCount: channelCount, frameCapacity: maxOutputFrames(forInput: maxInputFrames))
        let source = UnsafeMutablePointer<UnsafeMutablePointer<Float>>.allocate(capacity: channelCount)
        defer { source.deallocate() }
        for channel in 0..<channelCount { source[channel] = silence }
        var fed = growing, produced = grownOutput
        while fed < primeFrames {
            let block = AudioBufferView(
                channelPointers: source, channelCount: channelCount, frameCount: min(maxInputFrames, primeFrames - fed))
            let result = process(block, into: scratch.view)
            fed += result.consumed
            produced += result.produced
            if result.consumed == 0 && result.produced == 0 { break }
        }
        pendingDiscard = max(0, expected - produced)
    }

    deinit {
        soxr_delete(converter)
        inputPointers.deallocate()
        outputPointers.deallocate()
        silence.deallocate()
    }

    /// Output frames `inputFrames` input frames can produce at most in one `process` call (plus slack
    /// for the filter's stored frames); size output buffers with it.
    public func maxOutputFrames(forInput inputFrames: Int) -> Int {
        Int((Double(inputFrames) * outputRate / inputRate).rounded(.up)) + 64
    }

    /// The filter delay in output frames soxr currently holds back (soxr removes it from the output:
    /// output frame 0 lines up with input frame 0).
    public var delayFrames: Double { soxr_delay(converter) }

    /// Converts up to `input.frameCount` frames (at most `maxInputFrames`) into `output`; returns how many
    /// input frames were consumed and output frames produced. Unconsumed input must be offered again.
    /// Real-time safe: no allocation, locks or I/O once the first blocks have run (see the type's notes).
    ///
    /// After `flush(into:)` it consumes and produces nothing: libsoxr, once flushing, hands out a null input
    /// buffer and would write the samples through it. Make a new converter to carry on (a looping file does).
    @inline(__always)
    public func process(_ input: AudioBufferView, into output: AudioBufferView) -> (consumed: Int, produced: Int) {
        guard !isFlushing else { return (0, 0) }
        let frames = min(input.frameCount, maxInputFrames)
        for channel in 0..<channelCount {
            inputPointers[channel] =
                channel < input.channelCount ? UnsafeRawPointer(input.samples(channel)) : UnsafeRawPointer(silence)
            outputPointers[channel] = UnsafeMutableRawPointer(output.samples(channel))
        }
        var consumed = 0, produced = 0
        _ = soxr_process(
            converter, UnsafeRawPointer(inputPointers), frames, &consumed, UnsafeMutableRawPointer(outputPointers),
            output.frameCount, &produced)
        return (consumed, discardOwed(from: output, produced: produced))
    }

    /// Signals the end of the input and drains what the filter still holds into `output`; call until it
    /// returns 0. The converter takes no input after this (see `process`).
    public func flush(into output: AudioBufferView) -> Int {
        isFlushing = true
        for channel in 0..<channelCount { outputPointers[channel] = UnsafeMutableRawPointer(output.samples(channel)) }
        var produced = 0
        _ = soxr_process(converter, nil, 0, nil, UnsafeMutableRawPointer(outputPointers), output.frameCount, &produced)
        return discardOwed(from: output, produced: produced)
    }

    /// Drops up to `pendingDiscard` frames from the front of `output`'s first `produced` frames.
    @inline(__always)
    private func discardOwed(from output: AudioBufferView, produced: Int) -> Int {
        guard pendingDiscard > 0, produced > 0 else { return produced }
        let drop = min(pendingDiscard, produced)
        pendingDiscard -= drop
        for channel in 0..<channelCount {
            let samples = output.samples(channel)
            samples.update(from: samples + drop, count: produced - drop)  // memmove: overlapping is fine
        }
        return produced - drop
    }
}
