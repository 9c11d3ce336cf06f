/// Turns 100 ms sub-block energies into momentary (400 ms), short-term (3 s), integrated loudness and
/// loudness range, as BS.1770-4 and EBU Tech 3341/3342 define them. Allocation-free after `init`.
struct LoudnessStatistics {
    /// The last 30 sub-block energies (3 s), newest at `(newest) % 30`.
    private let recent: UnsafeMutablePointer<Double>
    private var subBlocks = 0
    private var blocks = GatedHistogram()
    private var shortTermValues = GatedHistogram()
    private(set) var maximumMomentary = -Double.infinity
    private(set) var maximumShortTerm = -Double.infinity

    init() {
        recent = .allocate(capacity: 30)
        recent.initialize(repeating: 0, count: 30)
    }

    func deallocate() {
        recent.deallocate()
        blocks.deallocate()
        shortTermValues.deallocate()
    }

    mutating func reset() {
        recent.update(repeating: 0, count: 30)
        subBlocks = 0
        blocks.reset()
        shortTermValues.reset()
        maximumMomentary = -.infinity
        maximumShortTerm = -.infinity
    }

    /// Seconds of audio measured (whole 100 ms sub-blocks).
    var duration: Double { Double(subBlocks) / 10 }

    private func meanEnergy(last count: Int) -> Double {
        var sum = 0.0
        for back in 0..<count where back < subBlocks { sum += recent[(subBlocks - 1 - back) % 30] }
        return sum / Double(count)  // a programme shorter than the window counts silence before it
    }

    /// Adds the mean-square energy of the next 100 ms.
    mutating func add(subBlockEnergy energy: Double) {
        recent[subBlocks % 30] = energy
        subBlocks += 1
        if subBlocks >= 4 {  // a gating block: 400 ms, every 100 ms (75 % overlap)
            let block = meanEnergy(last: 4)
            blocks.add(energy: block)
            maximumMomentary = max(maximumMomentary, GatedHistogram.loudness(block))
        }
        if subBlocks >= 30 {  // a short-term value: 3 s, every 100 ms
            let shortTerm = meanEnergy(last: 30)
            shortTermValues.add(energy: shortTerm)
            maximumShortTerm = max(maximumShortTerm, GatedHistogram.loudness(shortTerm))
        }
    }

    var momentary: Double { GatedHistogram.loudness(meanEnergy(last: 4)) }
    var shortTerm: Double { GatedHistogram.loudness(meanEnergy(last: 30)) }
    var integrated: Double { blocks.integrated() }
    var loudnessRange: Double { shortTermValues.loudnessRange() }
}
