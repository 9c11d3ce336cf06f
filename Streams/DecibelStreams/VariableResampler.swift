import CSoxr
import DecibelCore

/// A libsoxr converter whose ratio may change from one block to the next (soxr's variable-rate mode):
/// what carries audio from one device's clock to another's, where the ratio follows the measured drift.
///
/// Measured on this machine (libsoxr 0.1.3, a 1 kHz sine at ratios 1.0002 and 1.0884, least-squares sine
/// fit): 121 dB SNR whatever the quality recipe — soxr's variable-rate stage sets the floor — at about
/// 600× real time per channel. Like `Resampler`, `init` primes the converter so that `process` and
/// `setRatio(_:slewFrames:)` never allocate (checked by the `formats-clock-bridge` RealtimeSanitizer scenario,
/// and with random block sizes and ratio jumps by `formats-variable-resampler-irregular`).
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
    /// Input taken from the caller's source and not yet consumed by soxr.
    private let staging: AudioBuffer
    @exclusivity(unchecked) private var stagedOffset = 0
    @exclusivity(unchecked) private var stagedCount = 0
    private let outputBlockFrames: Int

    /// A converter from `inputRate` to `outputRate` whose ratio may later move by up to
    /// `maximumDeviation` either way.
    /// - Throws: `AudioError` of kind `invalidArgument` when a rate is not positive and finite,
    ///   `maximumDeviation` is not in 0..<0.5, `channelCount` is not in 1…`StreamConfiguration.maximumChannelCount` or a block
    ///   size is not positive, or `unsupportedConfiguration` when libsoxr refuses the ratio.
    public init(
        inputRate: Double, outputRate: Double, channelCount: Int, maxInputFrames: Int = 128,
        outputBlockFrames: Int = 256, maximumDeviation: Double = 0.01
    ) throws(AudioError) {
        guard inputRate > 0, outputRate > 0, inputRate.isFinite, outputRate.isFinite,
            (0.0..<0.5).contains(maximumDeviation)
        else {
            throw AudioError(
                .invalidArgument,
                "VariableResampler: rates \(inputRate) → \(outputRate) with ±\(maximumDeviation) are not usable")
        }
        guard (1...StreamConfiguration.maximumChannelCount).contains(channelCount), maxInputFrames > 0,
            outputBlockFrames > 0
        else {
            throw AudioError(
                .invalidArgument,
                "VariableResampler: \(channelCount) channels, \(maxInputFrames) frames per block is not usable")
        }
        nominalRatio = inputRate / outputRate
        self.maximumDeviation = maximumDeviation
        self.channelCount = channelCount
        self.maxInputFrames = maxInputFrames
        self.outputBlockFrames = outputBlockFrames
        staging = AudioBuffer(channelCount: channelCount, frameCapacity: maxInputFrames)
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

    /// Grows soxr's FIFOs with one large block of silence at each end of the ratio's range and at the
    /// nominal ratio (the stages in use change with the octave; see `SoxrFIFOs`), then runs silence the way
    /// `produce` will, moving the ratio across its range, so that nothing is left to grow on the render thread.
    private func prime() {
        let frames = SoxrFIFOs.growingFrames(.variableRate, ratio: highestRatio, maxInputFrames: maxInputFrames)
        let room = SoxrFIFOs.drainingFrames(.variableRate, maxOutputFrames: outputBlockFrames)
        for growingRatio in [lowestRatio, highestRatio, nominalRatio] {
            _ = soxr_set_io_ratio(converter, growingRatio, 0)
            _ = SoxrFIFOs.runSilence(through: converter, channelCount: channelCount, inputFrames: frames, room: room)
        }
        let output = AudioBuffer(channelCount: channelCount, frameCapacity: outputBlockFrames)
        for block in 0..<300 {
            let swing = [0.0, 1.0, -1.0][(block / 50) % 3] * maximumDeviation
            setRatio(nominalRatio * (1 + swing), slewFrames: outputBlockFrames)
            _ = produce(into: output.view) { $0.frameCount }
        }
        setRatio(nominalRatio, slewFrames: 0)
        stagedOffset = 0
        stagedCount = 0
    }

    /// Output frames `inputFrames` input frames can produce at most in one `process` call.
    public func maxOutputFrames(forInput inputFrames: Int) -> Int {
        Int((Double(inputFrames) / (nominalRatio * (1 - maximumDeviation))).rounded(.up)) + 64
    }

    /// The filter delay in output frames.
    public var delayFrames: Double { soxr_delay(converter) }

    /// Sets the ratio (input frames per output frame), clamped to `nominalRatio` ± `maximumDeviation`,
    /// gliding to it over `slewFrames` output frames (0 and 1: from the next output frame). Real-time safe.
    public func setRatio(_ newRatio: Double, slewFrames: Int) {
        ratio = min(max(newRatio, lowestRatio), highestRatio)
        // At least one frame: soxr takes a slew of 0 as "set the step now" but leaves a glide still under
        // way running, which then ends on its old target.
        _ = soxr_set_io_ratio(converter, ratio, max(1, slewFrames))
    }

    /// The ends of the range `setRatio` clamps to.
    private var lowestRatio: Double { nominalRatio * (1 - maximumDeviation) }
    private var highestRatio: Double { nominalRatio * (1 + maximumDeviation) }

    /// Fills `output` with converted frames, taking input from `source` as needed: `source` fills the view
    /// it is given (up to `maxInputFrames` frames) from the front and returns how many frames it wrote
    /// (0 when it has none). Returns the frames produced; fewer than `output.frameCount` means `source`
    /// ran dry. Offers soxr about what the output still needs, so little waits in its FIFOs. Real-time safe
    /// when `source` is.
    public func produce(into output: AudioBufferView, from source: (AudioBufferView) -> Int) -> Int {
        let frames = output.frameCount
        var produced = 0
        while produced < frames {
            if stagedOffset == stagedCount {
                stagedCount = source(staging.view(frames: maxInputFrames))
                stagedOffset = 0
                if stagedCount == 0 { break }
            }
            let needed = Int((Double(frames - produced) * ratio).rounded(.up)) + 64
            let step = process(
                staging.view(frames: stagedCount).slice(
                    from: stagedOffset, count: min(stagedCount - stagedOffset, needed)),
                into: output.slice(from: produced, count: frames - produced))
            stagedOffset += step.consumed
            produced += step.produced
            if step.consumed == 0 && step.produced == 0 { break }
        }
        return produced
    }

    /// Input frames taken from the source and not yet converted.
    public var stagedFrames: Int { stagedCount - stagedOffset }

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
