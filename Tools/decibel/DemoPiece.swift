import Decibel
import FoundationEssentials
import Glibc

/// A short generated piece for `decibel demo`: a triangle lead with echoes, a filtered sawtooth bass and
/// noise hats, in channel groups, sequenced with sample-accurate parameter events.
final class DemoPiece {
    let music = ChannelGroup(name: "music")
    private let lead = ToneGenerator(shape: .triangle, frequency: 440, amplitude: 0)
    private let bass = ToneGenerator(shape: .sawtooth, frequency: 110, amplitude: 0)
    private let hats = ToneGenerator(shape: .noise, amplitude: 0)
    private let bassGroup = ChannelGroup(name: "bass")
    private let hatGroup = ChannelGroup(name: "hats")
    private let leadGroup = ChannelGroup(name: "lead")
    private let sampleRate: Double
    private var scheduledUntil = 0.0

    /// Seconds per sixteenth note (120 BPM).
    private let step = 0.125
    private let leadNotes: [Double] = [0, 4, 7, 12, 7, 4, 0, 4, 2, 5, 9, 14, 9, 5, 2, 5]
    private let bassNotes: [Double] = [0, -5, -3, -7]

    init(sampleRate: Double) { self.sampleRate = sampleRate }

    /// Builds the groups inside `parent`.
    func attach(to parent: ChannelGroup) throws {
        try parent.add(music)
        try music.add(leadGroup)
        try music.add(bassGroup)
        try music.add(hatGroup)
        try leadGroup.add(lead)
        try bassGroup.add(bass)
        try hatGroup.add(hats)
        try leadGroup.setFilters([DelayNode(time: 0.375, feedback: 0.35, mix: 0.3)])
        try bassGroup.setFilters([BiquadFilter(.lowPass, frequency: 500, q: 0.9)])
        try hatGroup.setFilters([BiquadFilter(.highPass, frequency: 7000, q: 0.7)])
        leadGroup.pan.value = -0.3
        hatGroup.pan.value = 0.35
        for parameter in [lead.amplitude, bass.amplitude, hats.amplitude] { parameter.rampDuration = 0.004 }
        lead.frequency.rampDuration = 0
        bass.frequency.rampDuration = 0
    }

    /// Schedules every note that starts before `until` seconds (piece time), relative to engine `start`.
    func schedule(until: Double, start: Int64) {
        func frame(_ seconds: Double) -> Int64 { start + Int64((seconds * sampleRate).rounded()) }
        while scheduledUntil < until {
            let index = Int((scheduledUntil / step).rounded())
            let time = scheduledUntil
            let note = leadNotes[index % leadNotes.count] + (index / 32 % 2 == 0 ? 0 : 5)
            lead.frequency.schedule(Float(440 * pow2(note / 12)), at: frame(time))
            lead.amplitude.schedule(0.22, at: frame(time))
            lead.amplitude.schedule(0, at: frame(time + step * 0.7))
            if index % 8 == 0 {
                bass.frequency.schedule(Float(110 * pow2(bassNotes[index / 8 % bassNotes.count] / 12)), at: frame(time))
                bass.amplitude.schedule(0.3, at: frame(time))
                bass.amplitude.schedule(0, at: frame(time + step * 7))
            }
            if index % 2 == 1 {
                hats.amplitude.schedule(index % 4 == 3 ? 0.25 : 0.12, at: frame(time))
                hats.amplitude.schedule(0, at: frame(time + 0.03))
            }
            scheduledUntil += step
        }
    }

    private func pow2(_ exponent: Double) -> Double { exp2(exponent) }
}
