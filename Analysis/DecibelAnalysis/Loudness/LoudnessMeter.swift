import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Loudness to EBU R128 / ITU-R BS.1770-4, streaming: momentary (400 ms), short-term (3 s) and integrated
/// loudness with the relative gate, loudness range (EBU Tech 3342), true peak (4× oversampled) and sample
/// peak, for any channel layout the standard weights.
///
/// `process(_:)` is allocation-free and lock-free, so it may run on a render thread; the integrated value
/// and the range come from histograms of 0.01 LU, so memory stays constant however long the programme.
/// One instance belongs to one thread at a time; in a render graph use `LoudnessMeterNode`, whose
/// readings any thread may take.
///
/// ```swift
/// let meter = try LoudnessMeter(sampleRate: 48_000, channelCount: 2)
/// meter.process(block)                             // an AudioBufferView, any size
/// print(meter.integrated, meter.loudnessRange, meter.truePeak)
/// ```
public final class LoudnessMeter {
    /// Frames per second of the measured audio.
    public var sampleRate: Double { blocks.sampleRate }
    /// What each channel is.
    public var channels: [LoudnessChannel] { blocks.channels }

    private var blocks: KWeightedBlocks
    private var statistics = LoudnessStatistics()

    /// A meter for audio at `sampleRate` whose channels are `channels`, in order.
    /// - Throws: `AudioError` of kind `invalidArgument` when `sampleRate` is not in 8 kHz…768 kHz or `channels`
    ///   is empty or holds more than 64 channels.
    public init(sampleRate: Double, channels: [LoudnessChannel]) throws(AudioError) {
        guard sampleRate >= 8_000, sampleRate <= 768_000 else {
            throw AudioError(
                .invalidArgument, "loudness needs a sample rate from 8 kHz to 768 kHz, not \(sampleRate) Hz")
        }
        guard !channels.isEmpty, channels.count <= 64 else {
            throw AudioError(.invalidArgument, "loudness is measured over 1 to 64 channels, not \(channels.count)")
        }
        blocks = KWeightedBlocks(sampleRate: sampleRate, channels: channels)
    }

    /// A meter for `channelCount` channels in the usual order (mono; L R; … L R C LFE Ls Rs). For other
    /// counts, name the channels with `init(sampleRate:channels:)`.
    /// - Throws: `AudioError` of kind `invalidArgument` when `channelCount` has no usual layout (it is not 1 to
    ///   6) or `sampleRate` is not in 8 kHz…768 kHz.
    public convenience init(sampleRate: Double, channelCount: Int) throws(AudioError) {
        guard let layout = LoudnessChannel.layout(channelCount: channelCount) else {
            throw AudioError(
                .invalidArgument,
                "\(channelCount) channels have no standard layout; say what each one is with LoudnessMeter(sampleRate:channels:)"
            )
        }
        try self.init(sampleRate: sampleRate, channels: layout)
    }

    deinit {
        blocks.deallocate()
        statistics.deallocate()
    }

    /// Measures the next `buffer.frameCount` frames (non-interleaved, one channel per layout entry).
    public func process(_ buffer: AudioBufferView) {
        blocks.process(buffer) { statistics.add(subBlockEnergy: $0) }
    }

    /// Measures the next frames, one array per channel (all the same length). Copies them into a buffer
    /// it allocates: on a render thread use `process(_: AudioBufferView)`.
    public func process(_ channels: [[Float]]) {
        let frames = channels.map(\.count).min() ?? 0
        guard frames > 0 else { return }
        let buffer = AudioBuffer(channelCount: channels.count, frameCapacity: frames)
        for (index, samples) in channels.enumerated() {
            samples.withUnsafeBufferPointer { buffer.view.samples(index).update(from: $0.baseAddress!, count: frames) }
        }
        process(buffer.view)
    }

    /// Starts over, as for a new programme.
    public func reset() {
        blocks.reset()
        statistics.reset()
    }

    /// Loudness of the last 400 ms, in LUFS.
    public var momentary: Double { statistics.momentary }
    /// Loudness of the last 3 s, in LUFS.
    public var shortTerm: Double { statistics.shortTerm }
    /// Integrated loudness of everything so far, gated, in LUFS.
    public var integrated: Double { statistics.integrated }
    /// Loudness range of everything so far, in LU.
    public var loudnessRange: Double { statistics.loudnessRange }
    /// The largest true peak so far, in dBTP.
    public var truePeak: Double { decibels(blocks.truePeak) }
    /// The largest sample magnitude so far, in dBFS.
    public var samplePeak: Double { decibels(blocks.samplePeak) }

    /// Every reading at once.
    public var measurement: LoudnessMeasurement {
        LoudnessMeasurement(
            integrated: integrated, loudnessRange: loudnessRange, truePeak: truePeak, samplePeak: samplePeak,
            momentary: momentary, shortTerm: shortTerm, maximumMomentary: statistics.maximumMomentary,
            maximumShortTerm: statistics.maximumShortTerm, duration: statistics.duration)
    }
}

func decibels(_ linear: Double) -> Double { linear > 0 ? 20 * log10(linear) : -.infinity }
