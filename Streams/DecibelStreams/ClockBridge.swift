import DecibelCore
import Synchronization

/// Carries audio from one device's clock to another's: the input device's callback writes into a ring,
/// the output device's callback reads through a variable-ratio resampler whose ratio a `DriftController`
/// steers by the ring's fill, so that over hours the ring neither runs dry nor overflows (the
/// `alsa_in`/`zita-ajbridge` approach). `report` gives the measured drift and the corrections.
///
/// `write(_:at:)` belongs to the input device's render thread and `read(into:at:)` to the output's; both
/// are real-time safe. The times are nanoseconds on one clock for both sides (`MonotonicClock.now()`, or a
/// simulated clock when the devices are driven by hand): the reader interpolates the input's progress
/// since its last block, so block-sized steps in the fill do not reach the ratio.
public final class ClockBridge: @unchecked Sendable {
    /// What the bridge measured; safe to read from any thread while it runs.
    public struct Report: Sendable, CustomStringConvertible {
        /// The input clock's drift against the output's, in parts per million (positive: the input runs fast),
        /// averaged over about ten seconds.
        public var driftPPM: Double
        /// The ratio correction applied at the last block, in parts per million (drift plus the term that
        /// pulls the fill back to its target).
        public var correctionPPM: Double
        /// The fill (input frames waiting) the bridge holds the ring at: `ClockBridge.targetFill`, or the
        /// lower mean it found after locking (which it then keeps rather than make up by resampling).
        public var targetFill: Int
        /// The fill the bridge keeps to: from what one output block needs to the target plus a margin.
        public var band: ClosedRange<Int>
        /// The lowest and highest fill seen at the output's blocks since the bridge locked, if it has.
        public var fillRange: ClosedRange<Int>?
        /// Output blocks that found the ring empty (each restarts the lock after a refill).
        public var underruns: Int
        /// Input blocks that found the ring full (their excess is dropped).
        public var overruns: Int
        /// Times the fill jumped so far from its target (a device that missed cycles) that the bridge skipped
        /// input to recentre it, or went quiet until the ring refilled.
        public var resyncs: Int
        /// Whether the output is reading the input (false while the ring fills at the start or after an
        /// underrun).
        public var isLocked: Bool

        /// One line: drift, correction, fill range against the band, and the counters.
        public var description: String {
            let range = fillRange.map { "\($0.lowerBound)…\($0.upperBound)" } ?? "none yet"
            return "drift \(formatted(driftPPM)) ppm, correction \(formatted(correctionPPM)) ppm, fill \(range) "
                + "(target \(targetFill), band \(band.lowerBound)…\(band.upperBound)), underruns \(underruns), "
                + "overruns \(overruns), resyncs \(resyncs)"
        }

        private func formatted(_ value: Double) -> String { String(Double((value * 100).rounded()) / 100) }
    }

    /// Input frames per second (nominal).
    public let inputRate: Double
    /// Output frames per second (nominal).
    public let outputRate: Double
    /// Channels carried.
    public let channelCount: Int
    /// The fill the ring is aimed at, in input frames.
    public let targetFill: Int
    /// The fill range kept to without a resync.
    public let band: ClosedRange<Int>

    private let ring: FrameRingBuffer
    private let resampler: VariableResampler
    private let resyncAbove: Int
    /// The fill the bridge locks at: one input block above the target, so that the mean fill the acquisition
    /// then measures lies above the target and the recentre skips the excess. A mean below the target is
    /// made up by nothing but the loop, which takes the deficit for drift: at the target itself, one clock
    /// on a 48 kHz JACK server, the mean fell up to 78 frames short in 2 of 9 starts and the reported drift
    /// went to -67 ppm, still -47 after 22 s.
    private let lockFill: Int

    // Reader (output thread) state.
    @exclusivity(unchecked) private var controller: DriftController
    @exclusivity(unchecked) private var consumedTotal: Int64 = 0
    /// Input frames the output has used since the lock, counted as output frames × ratio: unlike the
    /// frames handed to the resampler, this grows smoothly (soxr takes input in chunks and holds some).
    @exclusivity(unchecked) private var usedTotal = 0.0
    /// Output frames left in the acquisition after a lock: the loop only measures the mean fill, then
    /// recentres on it, so that where the first block happened to fall does not wind up the integral.
    @exclusivity(unchecked) private var acquisitionFrames = 0
    @exclusivity(unchecked) private var acquisitionSum = 0.0
    @exclusivity(unchecked) private var acquisitionCount = 0
    @exclusivity(unchecked) private var locked = false
    // Writer (input thread) state.
    @exclusivity(unchecked) private var writtenTotal: Int64 = 0

    // The writer's progress, published in two slots (see `snapshot()`).
    private let publications = Atomic<Int>(0)
    private let slotFrames0 = Atomic<Int64>(0), slotFrames1 = Atomic<Int64>(0)
    private let slotTime0 = Atomic<UInt64>(0), slotTime1 = Atomic<UInt64>(0)

    // The report, published by the reader (doubles as bit patterns).
    private let driftBits = Atomic<UInt64>(0), correctionBits = Atomic<UInt64>(0)
    private let heldFill: Atomic<Int>
    private let lowestFill = Atomic<Int>(.max), highestFill = Atomic<Int>(.min)
    private let underrunCount = Atomic<Int>(0), overrunCount = Atomic<Int>(0), resyncCount = Atomic<Int>(0)
    private let lockedFlag = Atomic<Bool>(false)

    /// A bridge from an input at `inputRate` delivering up to `inputFrames` per callback to an output at
    /// `outputRate` asking for up to `outputFrames`. `marginFrames` (default: the larger block) is the
    /// headroom above what the two blocks need; more margin rides out more scheduling jitter at the cost
    /// of latency (`latencyFrames`).
    /// - Throws: `AudioError` of kind `invalidArgument` when `channelCount`, `inputFrames` or `outputFrames` is
    ///   not positive, `channelCount` is above 1024, or either rate is not a positive finite number, or
    ///   `unsupportedConfiguration` when libsoxr refuses the ratio between the rates.
    public init(
        inputRate: Double, outputRate: Double, channelCount: Int, inputFrames: Int, outputFrames: Int,
        marginFrames: Int? = nil, loopBandwidth: Double = 0.2
    ) throws(AudioError) {
        guard inputFrames > 0, outputFrames > 0, channelCount > 0 else {
            throw AudioError(
                .invalidArgument,
                "ClockBridge: \(channelCount) channels, blocks of \(inputFrames) in and \(outputFrames) out are not usable"
            )
        }
        // Checked here, not only by the resampler: the block sizes below are computed from the ratio first.
        guard inputRate.isFinite, outputRate.isFinite, inputRate > 0, outputRate > 0 else {
            throw AudioError(
                .invalidArgument, "ClockBridge: rates of \(inputRate) Hz in and \(outputRate) Hz out are not usable")
        }
        resampler = try VariableResampler(
            inputRate: inputRate, outputRate: outputRate, channelCount: channelCount,
            // One ring read per output block, and one or two soxr calls: each call costs a few µs.
            maxInputFrames: Int((Double(outputFrames) * inputRate / outputRate * 1.02).rounded(.up)) + 16,
            outputBlockFrames: outputFrames)
        self.inputRate = inputRate
        self.outputRate = outputRate
        self.channelCount = channelCount
        let outputNeeds = Int((Double(outputFrames) * resampler.nominalRatio * 1.01).rounded(.up))
        let margin = marginFrames ?? max(inputFrames, outputNeeds)
        targetFill = inputFrames + outputNeeds + margin
        band = outputNeeds...(targetFill + margin)
        resyncAbove = targetFill + margin + inputFrames + outputNeeds
        lockFill = targetFill + inputFrames
        heldFill = Atomic(targetFill)
        ring = FrameRingBuffer(channelCount: channelCount, capacity: resyncAbove + 4 * (inputFrames + outputNeeds))
        controller = DriftController(
            targetFill: Double(targetFill), inputRate: inputRate, bandwidth: loopBandwidth,
            errorLimit: Double(margin + inputFrames))
    }

    /// Output frames of delay the bridge adds on average: the target fill and the filter.
    public var latencyFrames: Int {
        Int((Double(targetFill) / resampler.nominalRatio + resampler.delayFrames).rounded())
    }

    /// The input device's callback: queues `input` (its first `channelCount` channels), captured at `time`.
    public func write(_ input: AudioBufferView, at time: UInt64) {
        let written = ring.write(input)
        if written < input.frameCount { overrunCount.add(1, ordering: .relaxed) }
        writtenTotal += Int64(written)
        let next = publications.load(ordering: .relaxed) &+ 1
        if next & 1 == 0 {
            slotFrames0.store(writtenTotal, ordering: .relaxed)
            slotTime0.store(time, ordering: .relaxed)
        } else {
            slotFrames1.store(writtenTotal, ordering: .relaxed)
            slotTime1.store(time, ordering: .relaxed)
        }
        publications.store(next, ordering: .releasing)
    }

    /// The output device's callback: fills `output` (its `frameCount` frames, `channelCount` channels)
    /// with the input carried to the output's clock, or silence while the ring fills. `renderedAhead` is
    /// what the output has already taken and its device not yet played (output frames), for outputs that
    /// render ahead in bursts (a resampling adapter): the loop then sees the device's steady pace.
    public func read(into output: AudioBufferView, at time: UInt64, renderedAhead: Int = 0) {
        let frames = output.frameCount
        let (written, writtenAt) = snapshot()
        let queued = Int(written &- consumedTotal) + resampler.stagedFrames
        let sinceInput = min(max(Double(Int64(bitPattern: time &- writtenAt)) / 1e9, 0), 0.1)
        let ahead = Double(renderedAhead) * resampler.nominalRatio
        if !locked {
            guard queued >= lockFill else {
                output.clear()
                return
            }
            locked = true
            lockedFlag.store(true, ordering: .relaxed)
            // Start at the lock fill: input that piled up before the output started (a second device's
            // start-up can take tens of milliseconds) is stale, and an error at the start would wind the
            // integral up for seconds.
            usedTotal = Double(written) - Double(queued)
            recentre(queued: queued, fill: Double(queued) + sinceInput * inputRate + ahead, to: lockFill)
            acquisitionFrames = Int(outputRate)
            acquisitionSum = 0
            acquisitionCount = 0
        }
        var fill = Double(written) - usedTotal + sinceInput * inputRate + ahead
        if fill > Double(resyncAbove) {
            // A step no drift makes (a device missed cycles): skip back to the target, keep the drift.
            fill -= Double(recentre(queued: queued, fill: fill, to: Int(controller.targetFill)))
            resyncCount.add(1, ordering: .relaxed)
            // Fills from before the skip would make the acquisition's mean too high, and settling on it skip
            // too much: a deficit the loop would take for drift.
            acquisitionSum = 0
            acquisitionCount = 0
        } else if fill < Double(band.lowerBound) {
            // Too little left to carry on smoothly: wait for the lock fill again.
            locked = false
            lockedFlag.store(false, ordering: .relaxed)
            resyncCount.add(1, ordering: .relaxed)
            output.clear()
            return
        }
        let fillNow = Int(written &- consumedTotal) + resampler.stagedFrames
        lowestFill.min(fillNow, ordering: .relaxed)
        highestFill.max(fillNow, ordering: .relaxed)
        let interval = Double(frames) / outputRate
        let correction: Double
        if acquisitionFrames > 0 {
            correction = controller.observe(fill: fill, interval: interval)
            acquisitionSum += fill
            acquisitionCount += 1
            acquisitionFrames -= frames
            if acquisitionFrames <= 0 { settle(queued: queued, meanFill: acquisitionSum / Double(acquisitionCount)) }
        } else {
            correction = controller.update(fill: fill, interval: interval)
        }
        resampler.setRatio(resampler.nominalRatio * (1 + correction), slewFrames: frames)
        usedTotal += Double(frames) * resampler.ratio
        pull(into: output, frames: frames)
        driftBits.store(controller.averageDrift.bitPattern, ordering: .relaxed)
        correctionBits.store(correction.bitPattern, ordering: .relaxed)
    }

    /// Ends the acquisition: skips a mean fill above the target down to it, or holds a lower one where it is.
    private func settle(queued: Int, meanFill: Double) {
        let fill = meanFill - Double(recentre(queued: queued, fill: meanFill, to: targetFill))
        let held = min(fill, Double(targetFill))
        controller.reset(fill: fill, target: held)
        heldFill.store(Int(held.rounded()), ordering: .relaxed)
    }

    /// Skips ring frames so that `fill` comes back to `target` (keeping what one output block needs) and
    /// restarts the loop's smoothing there; returns the frames skipped.
    @discardableResult
    private func recentre(queued: Int, fill: Double, to target: Int) -> Int {
        let skipped = ring.skip(frames: max(0, min(Int(fill) - target, queued - band.lowerBound)))
        consumedTotal += Int64(skipped)
        usedTotal += Double(skipped)
        controller.reset(fill: fill - Double(skipped))
        return skipped
    }

    /// Runs the resampler until `frames` output frames are made, reading the ring as it needs input.
    private func pull(into output: AudioBufferView, frames: Int) {
        let produced = resampler.produce(into: output) { staging in
            let taken = ring.read(into: staging)
            consumedTotal += Int64(taken)
            return taken
        }
        guard produced < frames else { return }
        output.slice(from: produced, count: frames - produced).clear()
        underrunCount.add(1, ordering: .relaxed)
        locked = false
        lockedFlag.store(false, ordering: .relaxed)
    }

    /// The writer's latest (frames written, time) pair. The writer fills the slot it is not publishing,
    /// so a pair read between two loads of the publication count that differ by less than two is whole.
    private func snapshot() -> (frames: Int64, time: UInt64) {
        while true {
            let before = publications.load(ordering: .acquiring)
            let pair =
                before & 1 == 0
                ? (slotFrames0.load(ordering: .relaxed), slotTime0.load(ordering: .relaxed))
                : (slotFrames1.load(ordering: .relaxed), slotTime1.load(ordering: .relaxed))
            atomicMemoryFence(ordering: .acquiring)
            if publications.load(ordering: .relaxed) &- before < 2 { return pair }
        }
    }

    /// What the bridge has measured so far.
    public var report: Report {
        let low = lowestFill.load(ordering: .relaxed), high = highestFill.load(ordering: .relaxed)
        return Report(
            driftPPM: Double(bitPattern: driftBits.load(ordering: .relaxed)) * 1e6,
            correctionPPM: Double(bitPattern: correctionBits.load(ordering: .relaxed)) * 1e6,
            targetFill: heldFill.load(ordering: .relaxed), band: band, fillRange: low <= high ? low...high : nil,
            underruns: underrunCount.load(ordering: .relaxed), overruns: overrunCount.load(ordering: .relaxed),
            resyncs: resyncCount.load(ordering: .relaxed), isLocked: lockedFlag.load(ordering: .relaxed))
    }

    /// Forgets the fill range seen so far (for example after the loop has settled).
    public func resetFillRange() {
        lowestFill.store(.max, ordering: .relaxed)
        highestFill.store(.min, ordering: .relaxed)
    }
}
