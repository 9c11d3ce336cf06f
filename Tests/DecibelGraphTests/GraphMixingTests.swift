import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Foundation
import Testing

@Suite struct GraphMixingTests {
    @Test func emptyGraphRendersSilence() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        let out = try renderOffline(engine, frames: 1024)
        #expect(out[0].allSatisfy { $0 == 0 } && out[1].allSatisfy { $0 == 0 })
    }

    @Test func anEmptyMainGroupStillRampsItsVolume() throws {
        // With nothing in it the main group's fader runs without channels (no pass over silence): its
        // volume's ramp must advance all the same, so a source added after the ramp plays at the new volume.
        // (A parameter's first render jumps to its target: the fader renders once before the group empties.)
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        let source = constantSource([0.5, -0.5])
        try engine.mainGroup.add(source)
        _ = try renderOffline(engine, frames: 512)
        try engine.mainGroup.remove(source)
        engine.mainGroup.volume.rampDuration = 0.01
        engine.mainGroup.volume.value = 0.5
        _ = try renderOffline(engine, frames: 4800)
        try engine.mainGroup.add(source)
        let out = try renderOffline(engine, frames: 512)
        #expect(out[0].allSatisfy { $0 == 0.25 } && out[1].allSatisfy { $0 == -0.25 })
    }

    @Test func anIdleEngineCountsItsBlocksAndHearsAWriteMadeWhileIdle() throws {
        // An empty main group at rest renders nothing at all; its blocks and time still count, and a volume
        // written while it idles (a jump: no ramp to keep it busy) holds when a source arrives.
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        _ = try renderOffline(engine, frames: 2560)
        #expect(engine.renderedBlockCount == 10 && engine.sampleTime == 2560)
        engine.mainGroup.volume.rampDuration = 0
        engine.mainGroup.volume.value = 0.5
        _ = try renderOffline(engine, frames: 2560)
        #expect(engine.renderedBlockCount == 20 && engine.sampleTime == 5120)
        try engine.mainGroup.add(constantSource([0.5, -0.5]))
        let out = try renderOffline(engine, frames: 256)
        #expect(out[0].allSatisfy { $0 == 0.25 } && out[1].allSatisfy { $0 == -0.25 })
    }

    @Test func aTapOnAnEmptyMainGroupGetsItsSilence() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let collector = Collector()
        let tap = try engine.installTap(on: engine.mainGroup.fader, bufferSize: 100) { collector.receive($0) }
        let out = try renderOffline(engine, frames: 1000, block: 256)
        #expect(out[0].allSatisfy { $0 == 0 } && out[1].allSatisfy { $0 == 0 })
        try #require(waitUntil(seconds: 30) { collector.frameCount >= 1000 })
        let got = collector.channels
        #expect(got.count == 2 && got.allSatisfy { $0.count >= 1000 && $0.allSatisfy { $0 == 0 } })
        try engine.removeTap(tap)
    }

    @Test func sourcesInAGroupAreSummedExactly() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        try engine.mainGroup.add(constantSource([0.25, 0.5]))
        try engine.mainGroup.add(constantSource([0.125, -0.25]))
        try engine.mainGroup.add(constantSource([0.0625]))  // mono feeds both channels
        let out = try renderOffline(engine, frames: 700, block: 300)
        #expect(out[0].allSatisfy { $0 == 0.4375 })
        #expect(out[1].allSatisfy { $0 == 0.3125 })
    }

    @Test func gainNodeMultipliesExactly() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        let source = constantSource([0.5, -0.75])
        let gain = GainNode(channelCount: 2, volume: 0.5)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(source, to: gain)
            try e.add(gain, to: engine.mainGroup)
        }
        var out = try renderOffline(engine, frames: 512)
        #expect(out[0].allSatisfy { $0 == 0.25 } && out[1].allSatisfy { $0 == -0.375 })
        gain.volume.rampDuration = 0
        gain.volume.value = 2
        out = try renderOffline(engine, frames: 256)
        #expect(out[0].allSatisfy { $0 == 1 } && out[1].allSatisfy { $0 == -1.5 })
    }

    @Test func panLawIsEqualPowerForMonoAndBalanceForStereo() throws {
        // Tolerance: exact Float equality with the law evaluated in Double then rounded to Float.
        for pan: Float in [-1, -0.5, 0, 0.3, 1] {
            let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
            let mono = constantSource([1])
            let panner = PanNode(pan: pan)
            try engine.connect(mono, to: panner)
            try engine.mainGroup.add(panner)
            let out = try renderOffline(engine, frames: 256)
            let theta = (Double(pan) + 1) * Double.pi / 4
            #expect(out[0][100] == Float(cos(theta)) && out[1][100] == Float(sin(theta)), "pan \(pan)")
            let power = Double(out[0][100]) * Double(out[0][100]) + Double(out[1][100]) * Double(out[1][100])
            #expect(abs(power - 1) < 1e-6)

            let stereoEngine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
            let stereo = constantSource([1, 1])
            let balance = PanNode(pan: pan)
            try stereoEngine.connect(stereo, to: balance)
            try stereoEngine.mainGroup.add(balance)
            let s = try renderOffline(stereoEngine, frames: 256)
            let far = Float(cos(abs(Double(pan)) * Double.pi / 2))
            let expected: (Float, Float) = pan == 0 ? (1, 1) : pan > 0 ? (far, 1) : (1, far)
            #expect(s[0][10] == expected.0 && s[1][10] == expected.1, "stereo pan \(pan)")
        }
    }

    @Test func mixerAppliesVolumePanMuteAndSolo() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let mixer = MixerNode(inputCount: 3)
        let a = constantSource([0.5, 0.5]), b = constantSource([0.25, 0.25]), c = constantSource([1])
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(a, to: mixer, bus: 0)
            try e.connect(b, to: mixer, bus: 1)
            try e.connect(c, to: mixer, bus: 2)
            try e.add(mixer, to: engine.mainGroup)
        }
        for input in mixer.inputs { for p in [input.volume, input.pan, input.mute, input.solo] { p.rampDuration = 0 } }
        mixer.inputs[0].volume.value = 0.5
        mixer.inputs[2].pan.value = -1  // mono hard left: (1, 0)
        var out = try renderOffline(engine, frames: 256)
        #expect(out[0][7] == 0.25 + 0.25 + 1 && out[1][7] == 0.25 + 0.25 + 0)

        mixer.inputs[1].mute.value = 1
        out = try renderOffline(engine, frames: 256)
        #expect(out[0][7] == 1.25 && out[1][7] == 0.25)

        mixer.inputs[0].solo.value = 1  // only input 0 is heard
        out = try renderOffline(engine, frames: 256)
        #expect(out[0].allSatisfy { $0 == 0.25 } && out[1].allSatisfy { $0 == 0.25 })

        mixer.inputs[1].solo.value = 1  // soloed but muted: mute wins
        out = try renderOffline(engine, frames: 256)
        #expect(out[0][0] == 0.25 && out[1][0] == 0.25)

        mixer.inputs[0].solo.value = 0
        mixer.inputs[1].solo.value = 0
        mixer.inputs[1].mute.value = 0
        out = try renderOffline(engine, frames: 256)
        #expect(out[0][3] == 1.5 && out[1][3] == 0.5)
    }

    @Test func groupTreeAppliesVolumePanMuteAtEachLevel() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let drums = ChannelGroup(name: "drums"), kit = ChannelGroup(name: "kit")
        try engine.mainGroup.add(drums)
        try drums.add(kit)
        let kick = constantSource([0.5, 0.5]), snare = constantSource([0.25, 0.25]),
            bass = constantSource([0.125, 0.125])
        try kit.add(kick)
        try kit.add(snare)
        try drums.add(bass)
        for group in [drums, kit, engine.mainGroup] {
            for p in [group.volume, group.pan, group.muteParameter] { p.rampDuration = 0 }
        }
        kit.volume.value = 0.5
        drums.volume.value = 2
        var out = try renderOffline(engine, frames: 256)
        // ((0.5 + 0.25) * 0.5 + 0.125) * 2 = 1.0
        #expect(out[0].allSatisfy { $0 == 1 } && out[1].allSatisfy { $0 == 1 })

        kit.pan.value = 1  // stereo balance hard right: left side of the kit silent
        out = try renderOffline(engine, frames: 256)
        #expect(abs(out[0][5] - 0.25) <= 1e-7 && out[1][5] == 1)

        kit.isMuted = true
        out = try renderOffline(engine, frames: 256)
        #expect(out[0][5] == 0.25 && out[1][5] == 0.25)

        // Move the bass from drums into kit: now it is muted with the kit.
        try engine.move(bass, to: kit)
        out = try renderOffline(engine, frames: 256)
        #expect(out[0].allSatisfy { $0 == 0 } && out[1].allSatisfy { $0 == 0 })

        engine.mainGroup.isMuted = true
        kit.isMuted = false
        kit.pan.value = 0
        out = try renderOffline(engine, frames: 256)
        #expect(out[0].allSatisfy { $0 == 0 })
        engine.mainGroup.isMuted = false
        out = try renderOffline(engine, frames: 256)
        #expect(out[0][0] == (0.5 + 0.25 + 0.125) * 0.5 * 2)
    }

    @Test func groupCycleIsRejectedAndGraphUnchanged() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let a = ChannelGroup(name: "a"), b = ChannelGroup(name: "b")
        try engine.mainGroup.add(a)
        try a.add(b)
        try b.add(constantSource([0.5]))
        #expect(throws: AudioError.self) { try b.add(a) }
        let out = try renderOffline(engine, frames: 128)
        #expect(out[0][0] == 0.5)
        let gain1 = GainNode(), gain2 = GainNode()
        try engine.connect(gain1, to: gain2)
        #expect(throws: AudioError.self) { try engine.connect(gain2, to: gain1) }
        #expect(throws: AudioError.self) { try engine.connect(gain2, to: gain1, bus: 3) }
    }

    @Test func toneGeneratorMatchesTheOscillatorSampleForSample() throws {
        // Bit-exact: the node renders Oscillator at amplitude 1 then multiplies by the Float amplitude.
        for waveform in OscillatorShape.allCases {
            let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
            let tone = ToneGenerator(shape: waveform, frequency: 997, amplitude: 0.5, channelCount: 1)
            try engine.mainGroup.add(tone)
            let out = try renderOffline(engine, frames: 4800, block: 480)
            var reference = Oscillator(shape: waveform, frequency: 997, amplitude: 1, sampleRate: 48_000)
            let expected = (0..<4800).map { _ in reference.nextSample() * 0.5 }
            #expect(firstMismatch(out[0], expected) == nil, "\(waveform)")
            #expect(firstMismatch(out[1], expected) == nil, "\(waveform) duplicated to the right channel")
        }
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5))
        let out = try renderOffline(engine, frames: 48_000)
        #expect(abs(SignalAnalysis.frequency(out[0], sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.rms(out[0]) - 0.5 / 2.squareRoot()) < 1e-3)
    }

    @Test func squareIsBandLimited() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
        try engine.mainGroup.add(ToneGenerator(shape: .square, frequency: 5000, amplitude: 0.5))
        let out = try renderOffline(engine, frames: 48_000)
        // The 11th harmonic (55 kHz) would alias to 7 kHz; band-limiting keeps it far below the fundamental.
        let fundamental = SignalAnalysis.magnitude(of: 5000, in: out[0], sampleRate: 48_000)
        let alias = SignalAnalysis.magnitude(of: 7000, in: out[0], sampleRate: 48_000)
        #expect(alias < fundamental * 0.05)
    }
}
