import DecibelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A polyphonic instrument that plays the MIDI it is sent: band-limited oscillators (`Oscillator`:
/// PolyBLEP sawtooth and square, sine, triangle) with a linear ADSR envelope per voice, velocity, pitch
/// bend (±2 semitones), the sustain pedal (CC 64), all-sound-off (CC 120) and all-notes-off (CC 123).
///
/// Notes start exactly at the frame they are scheduled for (`send(_:at:)`), which makes the node the way
/// to hear and test MIDI without plugins. Voices are preallocated: a note beyond `voiceCount` takes the
/// oldest voice. Same signal on every channel.
///
/// ```swift
/// let synth = Synthesizer(shape: .sawtooth)
/// try engine.mainGroup.add(synth)
/// let now = engine.sampleTime
/// synth.send(.noteOn(note: 69, velocity: 100), at: now + 4_800)  // A4, 100 ms from now
/// synth.send(.noteOff(note: 69), at: now + 52_800)
/// ```
public final class Synthesizer: RenderNode, @unchecked Sendable {
    /// Seconds from silence to full level.
    public let attack: AudioParameter
    /// Seconds from full level to the sustain level.
    public let decay: AudioParameter
    /// Level held while the key is down (0 … 1).
    public let sustain: AudioParameter
    /// Seconds from the level at note off to silence.
    public let release: AudioParameter
    /// Output volume, linear (0 … 4, default 0.3), applied after the voices are summed.
    public let volume: AudioParameter
    /// Voices sounding at most at once.
    public let voiceCount: Int

    private enum Stage { case idle, attack, decay, sustain, release }

    private struct Voice {
        var note = -1
        var velocity: Float = 0
        var oscillator: Oscillator
        var stage = Stage.idle
        var level: Float = 0
        var step: Float = 0
        var startedAt: UInt64 = 0
        var heldByPedal = false
    }

    private let shape: OscillatorShape
    private let voices: UnsafeMutablePointer<Voice>
    @exclusivity(unchecked) private var noteCounter: UInt64 = 0
    @exclusivity(unchecked) private var bend: Double = 0
    @exclusivity(unchecked) private var pedalDown = false

    /// An instrument of `voiceCount` voices of `shape`, for `channelCount` channels.
    public init(shape: OscillatorShape = .sawtooth, voiceCount: Int = 16, channelCount: Int = 2) {
        precondition(voiceCount >= 1, "Synthesizer: at least one voice")
        func seconds(_ identifier: String, _ name: String, _ value: Float) -> AudioParameter {
            AudioParameter(
                .init(identifier: identifier, name: name, range: 0...10, unit: .seconds, defaultValue: value))
        }
        attack = seconds("attack", "Attack", 0.005)
        decay = seconds("decay", "Decay", 0.1)
        release = seconds("release", "Release", 0.2)
        sustain = AudioParameter(
            .init(identifier: "sustain", name: "Sustain", range: 0...1, unit: .linearGain, defaultValue: 0.7))
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 0.3))
        self.voiceCount = voiceCount
        self.shape = shape
        voices = .allocate(capacity: voiceCount)
        voices.initialize(
            repeating: Voice(oscillator: Oscillator(shape: shape, frequency: 440, amplitude: 1)),
            count: voiceCount)
        super.init(
            inputBusCount: 0, channelCount: channelCount, parameters: [attack, decay, sustain, release, volume])
    }

    deinit {
        voices.deinitialize(count: voiceCount)
        voices.deallocate()
    }

    /// Voices sounding now (render thread's view; approximate from other threads).
    public var activeVoiceCount: Int { (0..<voiceCount).count { voices[$0].stage != .idle } }

    override public func allocate(format: NodeFormat) {
        for index in 0..<voiceCount { voices[index].oscillator.sampleRate = format.sampleRate }
    }

    override public func resetState() {
        for index in 0..<voiceCount { voices[index].stage = .idle }
        bend = 0
        pedalDown = false
    }

    override public func handle(_ event: NodeEvent) {
        super.handle(event)
        guard case .midi(let message) = event else { return }
        switch message.kind {
        case .noteOn(let note, let velocity): noteOn(note, velocity: velocity)
        case .noteOff(let note, _): noteOff(note)
        case .controlChange(64, let value):
            pedalDown = value >= 64
            if !pedalDown {
                for index in 0..<voiceCount where voices[index].heldByPedal { releaseVoice(index) }
            }
        case .controlChange(120, _):
            for index in 0..<voiceCount { voices[index].stage = .idle }
        case .controlChange(123, _):
            for index in 0..<voiceCount where voices[index].stage != .idle { releaseVoice(index) }
        case .pitchBend(let value):
            bend = 2 * Double(value) / 8192
            for index in 0..<voiceCount where voices[index].stage != .idle { tune(index) }
        default: break
        }
    }

    private func noteOn(_ note: Int, velocity: Int) {
        var chosen = 0
        var oldest = UInt64.max
        for index in 0..<voiceCount {
            if voices[index].stage == .idle {
                chosen = index
                break
            }
            if voices[index].startedAt < oldest { (chosen, oldest) = (index, voices[index].startedAt) }
        }
        noteCounter &+= 1
        let rate = Float(sampleRate)
        voices[chosen].note = note
        voices[chosen].velocity = Float(velocity) / 127
        // A quarter into the cycle: every shape's first sample is then non-zero (a sine at its crest,
        // a sawtooth at −0.5), so the note sounds from its very frame; the attack ramps it in.
        voices[chosen].oscillator = Oscillator(shape: shape, amplitude: 1, sampleRate: sampleRate, phase: 0.25)
        voices[chosen].level = 0
        voices[chosen].stage = .attack
        voices[chosen].step = attack.renderValue > 0 ? 1 / (attack.renderValue * rate) : 1
        voices[chosen].startedAt = noteCounter
        voices[chosen].heldByPedal = false
        tune(chosen)
    }

    private func noteOff(_ note: Int) {
        for index in 0..<voiceCount where voices[index].note == note && voices[index].stage != .idle {
            if voices[index].stage == .release { continue }
            if pedalDown { voices[index].heldByPedal = true } else { releaseVoice(index) }
        }
    }

    private func releaseVoice(_ index: Int) {
        let seconds = release.renderValue
        voices[index].stage = .release
        voices[index].heldByPedal = false
        voices[index].step = seconds > 0 ? max(voices[index].level, 1e-6) / (seconds * Float(sampleRate)) : 1
    }

    private func tune(_ index: Int) {
        voices[index].oscillator.frequency = 440 * exp2((Double(voices[index].note) - 69 + bend) / 12)
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        let first = context.output.samples(0)
        first.update(repeating: 0, count: frames)
        let sustainLevel = sustain.renderValue, rate = Float(sampleRate)
        let decayStep = decay.renderValue > 0 ? (1 - sustainLevel) / (decay.renderValue * rate) : 1
        for index in 0..<voiceCount where voices[index].stage != .idle {
            render(voice: index, into: first, frames: frames, sustain: sustainLevel, decayStep: decayStep)
        }
        if volume.isRamping {
            for frame in 0..<frames { first[frame] *= volume.next() }
        } else {
            let value = volume.renderValue
            for frame in 0..<frames { first[frame] *= value }
        }
        attack.advance(frames)
        decay.advance(frames)
        sustain.advance(frames)
        release.advance(frames)
        for channel in 1..<max(1, context.output.channelCount) {
            context.output.samples(channel).update(from: first, count: frames)
        }
    }

    @inline(__always)
    private func render(
        voice index: Int, into output: UnsafeMutablePointer<Float>, frames: Int, sustain: Float, decayStep: Float
    ) {
        var voice = voices[index]
        for frame in 0..<frames {
            switch voice.stage {
            case .attack:
                voice.level += voice.step
                if voice.level >= 1 { (voice.level, voice.stage) = (1, .decay) }
            case .decay:
                voice.level -= decayStep
                if voice.level <= sustain { (voice.level, voice.stage) = (sustain, .sustain) }
            case .sustain:
                voice.level = sustain
            case .release:
                voice.level -= voice.step
                if voice.level <= 0 { (voice.level, voice.stage) = (0, .idle) }
            case .idle:
                break
            }
            if voice.stage == .idle { break }
            output[frame] += voice.oscillator.nextSample() * voice.level * voice.velocity
        }
        voices[index] = voice
    }
}
