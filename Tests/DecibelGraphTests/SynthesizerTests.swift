import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Foundation
import Testing

@Suite struct SynthesizerTests {
    func render(_ synth: Synthesizer, seconds: Double, blockSize: Int = 512) throws -> [Float] {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        try engine.mainGroup.add(synth)
        let buffer = try engine.render(seconds: seconds, blockSize: blockSize)
        return buffer.samples(ofChannel: 0)
    }

    @Test(
        "notes sound from exactly the frame they are scheduled at, across block edges",
        arguments: [(512, [1_000, 4_096, 7_777]), (333, [1, 333, 10_001]), (64, [63, 64, 65])])
    func sampleAccurateOnsets(blockSize: Int, frames: [Int]) throws {
        for frame in frames {
            let synth = Synthesizer(shape: .sawtooth, channelCount: 1)
            synth.attack.value = 0
            synth.send(.noteOn(note: 57, velocity: 127), at: Int64(frame))
            let samples = try render(synth, seconds: 0.25, blockSize: blockSize)
            let onset = SignalAnalysis.firstSound(samples, threshold: 1e-6)
            #expect(onset == frame, "scheduled at \(frame), sounded at \(onset ?? -1) (blocks of \(blockSize))")
        }
    }

    @Test("note 69 is 440 Hz at the velocity's level; a note off releases it to silence in the release time")
    func pitchLevelAndRelease() throws {
        let synth = Synthesizer(shape: .sine, channelCount: 1)
        synth.attack.value = 0.001
        synth.decay.value = 0
        synth.sustain.value = 1
        synth.release.value = 0.05
        synth.volume.value = 1
        synth.send(.noteOn(note: 69, velocity: 127), at: 0)
        synth.send(.noteOff(note: 69), at: 48_000)
        let samples = try render(synth, seconds: 1.2)
        let held = Array(samples[4_800..<43_200])
        #expect(abs(SignalAnalysis.frequency(held, sampleRate: 48_000) - 440) < 0.05)
        #expect(abs(SignalAnalysis.magnitude(of: 440, in: held, sampleRate: 48_000) - 1) < 0.01)
        // Release: 50 ms = 2400 frames after the note off, then nothing.
        #expect(SignalAnalysis.peak(samples[(48_000 + 2_400)...]) == 0)
        #expect(SignalAnalysis.peak(samples[48_000..<(48_000 + 600)]) > 0.5)
    }

    @Test("a chord sounds every note; the sustain pedal holds notes past their note off; CC 123 ends them")
    func chordsAndPedal() throws {
        let synth = Synthesizer(shape: .sine, channelCount: 1)
        synth.decay.value = 0
        synth.sustain.value = 1
        synth.release.value = 0
        for note in [60, 64, 67] { synth.send(.noteOn(note: note, velocity: 100), at: 0) }
        synth.send(.controlChange(64, value: 127), at: 100)
        for note in [60, 64, 67] { synth.send(.noteOff(note: note), at: 1_000) }
        synth.send(.controlChange(123, value: 0), at: 48_000)
        let samples = try render(synth, seconds: 1.2)
        let held = Array(samples[24_000..<48_000])
        for note in [60, 64, 67] {
            let frequency = 440 * exp2(Double(note - 69) / 12)
            let magnitude = SignalAnalysis.magnitude(of: frequency, in: held, sampleRate: 48_000)
            #expect(abs(magnitude - 0.3 * 100 / 127) < 0.01, "note \(note): \(magnitude)")
        }
        #expect(SignalAnalysis.peak(samples[48_001...]) == 0)
        #expect(synth.activeVoiceCount == 0)
    }

    @Test(
        "the sawtooth is PolyBLEP band-limited: over 13 dB less aliasing than a naive sawtooth from C6 to C8",
        arguments: [84, 96, 108])
    func bandLimited(note: Int) throws {
        let synth = Synthesizer(shape: .sawtooth, channelCount: 1)
        synth.decay.value = 0
        synth.sustain.value = 1
        synth.volume.value = 1
        synth.send(.noteOn(note: note, velocity: 127), at: 0)
        let samples = Array(try render(synth, seconds: 1.1)[4_800..<52_800])
        let fundamental = 440 * exp2(Double(note - 69) / 12)
        func aliasing(_ signal: [Float]) -> Double {
            // Power off the harmonics (not at k·f0 below Nyquist), in dB of the whole.
            let total = signal.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(signal.count)
            var harmonic = 0.0
            var k = 1.0
            while k * fundamental < 24_000 {
                let m = SignalAnalysis.magnitude(of: k * fundamental, in: signal, sampleRate: 48_000)
                harmonic += m * m / 2
                k += 1
            }
            return 10 * log10(max(total - harmonic, 1e-30) / total)
        }
        var naive = [Float](repeating: 0, count: samples.count)
        var phase = 0.25
        for index in naive.indices {
            naive[index] = Float(2 * phase - 1)
            phase += fundamental / 48_000
            if phase >= 1 { phase -= 1 }
        }
        let ours = aliasing(samples), theirs = aliasing(naive)
        print("note \(note) sawtooth aliasing: Synthesizer \(ours) dB of the signal, naive \(theirs) dB")
        #expect(ours < theirs - 13)
    }
}
