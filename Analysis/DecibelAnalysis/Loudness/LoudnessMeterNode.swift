import DecibelCore
import DecibelGraph
import Synchronization

/// A render-graph node that passes its input through and measures its loudness (EBU R128): the
/// K-weighting, the 100 ms energies and the peaks run on the render thread, allocation-free; the gated
/// statistics run on whichever control thread asks for a `measurement()`.
///
/// The render thread hands each 100 ms energy over through a lock-free queue of 30 minutes; read the
/// meter at least that often (a UI or `readings(every:)` does), or older energies are dropped and
/// counted in `droppedSubBlocks`.
///
/// ```swift
/// let loudness = LoudnessMeterNode(channels: [.left, .right])
/// try engine.attach(loudness)
/// try engine.connect(engine.mainGroup.fader, to: loudness)
/// for await reading in loudness.readings(every: 0.1) { print(reading.momentary, reading.integrated) }
/// ```
public final class LoudnessMeterNode: RenderNode, @unchecked Sendable {
    /// What each channel is.
    public let channels: [LoudnessChannel]
    private let energies = SPSCQueue<Double>(capacity: 18_000)
    private let dropped = Atomic<Int>(0)
    private let truePeakBits = Atomic<UInt64>(0)
    private let samplePeakBits = Atomic<UInt64>(0)
    @exclusivity(unchecked) private var blocks: KWeightedBlocks?
    private let statistics = Locked<LoudnessStatistics>(LoudnessStatistics())

    /// A meter of `channels.count` channels (stereo by default).
    public init(channels: [LoudnessChannel] = [.left, .right]) {
        self.channels = channels
        super.init(inputBusCount: 1, channelCount: channels.count)
    }

    deinit {
        blocks?.deallocate()
        statistics.withLock { $0.deallocate() }
    }

    override public func allocate(format: NodeFormat) {
        blocks?.deallocate()
        blocks = KWeightedBlocks(sampleRate: format.sampleRate, channels: channels)
    }

    override public func resetState() {
        blocks?.reset()
        resetMeasurement()
    }

    /// Starts the statistics over, as for a new programme: integrated loudness, range, maxima and peaks
    /// (control threads). The K-weighting keeps its state, so a reset while playing loses no audio.
    public func resetMeasurement() {
        statistics.withLock { values in
            while energies.pop() != nil {}
            values.reset()
        }
        truePeakBits.store(0, ordering: .relaxed)
        samplePeakBits.store(0, ordering: .relaxed)
    }

    override public func process(_ context: NodeRenderContext) {
        let input = context.input(0)
        for channel in 0..<channelCount {
            let out = context.output.samples(channel)
            if let source = input.mappedChannel(channel) {
                out.update(from: source, count: context.frameCount)
            } else {
                out.update(repeating: 0, count: context.frameCount)
            }
        }
        guard blocks != nil else { return }
        blocks!.process(context.output) { energy in
            if !energies.push(energy) { dropped.add(1, ordering: .relaxed) }
        }
        truePeakBits.store(blocks!.truePeak.bitPattern, ordering: .relaxed)
        samplePeakBits.store(blocks!.samplePeak.bitPattern, ordering: .relaxed)
    }

    /// 100 ms energies the render thread could not hand over because nobody read the meter for 30 minutes.
    public var droppedSubBlocks: Int { dropped.load(ordering: .relaxed) }

    /// Every reading now (control threads; takes what the render thread measured since the last call).
    public func measurement() -> LoudnessMeasurement {
        statistics.withLock { values in
            while let energy = energies.pop() { values.add(subBlockEnergy: energy) }
            return LoudnessMeasurement(
                integrated: values.integrated, loudnessRange: values.loudnessRange,
                truePeak: decibels(Double(bitPattern: truePeakBits.load(ordering: .relaxed))),
                samplePeak: decibels(Double(bitPattern: samplePeakBits.load(ordering: .relaxed))),
                momentary: values.momentary, shortTerm: values.shortTerm, maximumMomentary: values.maximumMomentary,
                maximumShortTerm: values.maximumShortTerm, duration: values.duration)
        }
    }

    /// A measurement every `interval` seconds for a `for await` loop, until the loop ends or its task is
    /// cancelled; a slow loop loses the oldest readings beyond `capacity`.
    public func readings(every interval: Double = 0.1, capacity: Int = 16) -> EventSequence<LoudnessMeasurement> {
        .polling(every: interval, capacity: capacity) { [weak self] in self?.measurement() }
    }
}
