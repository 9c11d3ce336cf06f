import CSndFile
import DecibelCore

/// A libsoxr converter whose ratio may change from one block to the next (soxr's variable-rate mode):
/// what carries audio from one device's clock to another's, where the ratio follows the measured drift.
///
/// Measured on this machine (libsoxr 0.1.3, a 1 kHz sine at ratios 1.0002 and 1.0884, least-squares sine
/// fit): 121 dB SNR whatever the quality recipe — soxr's variable-rate stage sets the floor — at about
/// 600× real time per channel. Like `Resampler`, `init` primes the converter so that `process` and
/// `setRatio(_:slewFrames:)` never allocate (checked by the `formats-clock-bridge` RealtimeSanitizer
/// scenario).
public final class VariableResampler: @unchecked Sendable {
    /// Input frames per output frame when the two clocks agree (input rate ÷ output rate).
    public let nominalRatio: Double
    /// The largest relative change from `nominalRatio` that `setRatio` takes (0.01 is ±1 %).
    public let maximumDeviation: Double
    /// Channels converted.
    public let channelCount: Int
    /// Largest input block `process` accepts.
    public let maxInputFrames: Int
    /// The ratio in force (input frames per output frame).
    public private(set) var ratio: Double

    private let converter: soxr_t
    private let inputPointers: UnsafeMutablePointer<UnsafeRawPointer?>
    private let outputPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// Read for the channels an input block lacks.
    private let silence: AudioBuffer
    private let silentSamples: UnsafeMutablePointer<Float>

    /// A converter from `inputRate` to `outputRate` whose ratio may later move by up to
    /// `maximumDeviation` either way.
    public init(
        inputRate: Double, outputRate: Double, channelCount: Int, maxInputFrames: Int = 4096,
        maximumDeviation: Double = 0.01
    ) throws(AudioError) {
        guard inputRate > 0, outputRate > 0, inputRate.isFinite, outputRate.isFinite,
            (0.0..<0.5).contains(maximumDeviation)
        else {
            throw AudioError(
                .invalidArgument,
                "VariableResampler: rates \(inputRate) → \(outputRate) with ±\(maximumDeviation) are not usable")
        }
        guard (1...AudioFile.maxChannels).contains(channelCount), maxInputFrames > 0 else {
            throw AudioError(
                .invalidArgument,
                "VariableResampler: \(channelCount) channels, \(maxInputFrames) frames per block is not usable")
        }
        nominalRatio = inputRate / outputRate
        self.maximumDeviation = maximumDeviation
        self.channelCount = channelCount
        self.maxInputFrames = maxInputFrames
        ratio = nominalRatio
        var io = decibel_soxr_float_split_io()
        var recipe = soxr_quality_spec(decibel_soxr_quality_hq(), decibel_soxr_flag_variable_rate())
        var runtime = soxr_runtime_spec(1)
        var failure: soxr_error_t? = nil
        // In variable-rate mode the rates given at creation set the largest ratio the converter will take.
        let largest = nominalRatio * (1 + 2 * maximumDeviation)
        let made = Resampler.setupLock.withLock {
            soxr_create(largest, 1, UInt32(channelCount), &failure, &io, &recipe, &runtime)
        }
        guard let created = made else {
            throw AudioError(
                .unsupportedConfiguration, "VariableResampler: libsoxr refused ratio \(nominalRatio)",
                codeDescription: failure.map { String(cString: $0) })
        }
        converter = created
        inputPointers = .allocate(capacity: channelCount)
        outputPointers = .allocate(capacity: channelCount)
        silence = AudioBuffer(channelCount: 1, frameCapacity: maxInputFrames)
        silentSamples = silence.view(frames: maxInputFrames).samples(0)
        if let refused = soxr_set_io_ratio(converter, nominalRatio, 0) {
            soxr_delete(converter)
            throw AudioError(
                .unsupportedConfiguration, "VariableResampler: libsoxr refused ratio \(nominalRatio)",
                codeDescription: String(cString: refused))
        }
        Resampler.setupLock.withLock { prime() }
    }

    deinit {
        soxr_delete(converter)
        inputPointers.deallocate()
        outputPointers.deallocate()
    }

    /// Runs silence through the converter, moving the ratio across its whole range, so that soxr's
    /// buffers reach their working size now rather than on the render thread.
    private func prime() {
        let silence = AudioBuffer(channelCount: channelCount, frameCapacity: maxInputFrames)
        let scratch = AudioBuffer(channelCount: channelCount, frameCapacity: maxOutputFrames(forInput: maxInputFrames))
        for round in 0..<48 {
            let swing = [0.0, 1.0, -1.0][round % 3] * maximumDeviation
            setRatio(nominalRatio * (1 + swing), slewFrames: maxInputFrames)
            _ = process(silence.view, into: scratch.view)
        }
        setRatio(nominalRatio, slewFrames: 0)
        // Drain what the priming left so that the first real output is not held behind it.
        while process(silence.view(frames: 0), into: scratch.view).produced > 0 {}
    }

    /// Output frames `inputFrames` input frames can produce at most in one `process` call.
    public func maxOutputFrames(forInput inputFrames: Int) -> Int {
        Int((Double(inputFrames) / (nominalRatio * (1 - maximumDeviation))).rounded(.up)) + 64
    }

    /// The filter delay in output frames.
    public var delayFrames: Double { soxr_delay(converter) }

    /// Sets the ratio (input frames per output frame), clamped to `nominalRatio` ± `maximumDeviation`,
    /// gliding to it over `slewFrames` output frames. Real-time safe.
    public func setRatio(_ newRatio: Double, slewFrames: Int) {
        let lowest = nominalRatio * (1 - maximumDeviation), highest = nominalRatio * (1 + maximumDeviation)
        ratio = min(max(newRatio, lowest), highest)
        _ = soxr_set_io_ratio(converter, ratio, max(0, slewFrames))
    }

    /// Converts up to `input.frameCount` frames (at most `maxInputFrames`) into `output`; returns how many
    /// input frames were consumed and output frames produced. Unconsumed input must be offered again.
    /// Real-time safe once primed.
    @inline(__always)
    public func process(_ input: AudioBufferView, into output: AudioBufferView) -> (consumed: Int, produced: Int) {
        let frames = min(input.frameCount, maxInputFrames)
        for channel in 0..<channelCount {
            inputPointers[channel] = UnsafeRawPointer(
                channel < input.channelCount ? input.samples(channel) : silentSamples)
            outputPointers[channel] = UnsafeMutableRawPointer(output.samples(channel))
        }
        var consumed = 0, produced = 0
        _ = soxr_process(
            converter, UnsafeRawPointer(inputPointers), frames, &consumed, UnsafeMutableRawPointer(outputPointers),
            output.frameCount, &produced)
        return (consumed, produced)
    }
}
