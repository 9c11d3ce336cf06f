import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Testing

@Suite struct ParameterTests {
    @Test func metadataIsDeclaredAndWritesAreClamped() {
        let gain = GainNode()
        #expect(
            gain.volume.info.unit == .linearGain && gain.volume.info.range == 0...4
                && gain.volume.info.defaultValue == 1)
        gain.volume.value = 100
        #expect(gain.volume.value == 4)
        gain.volume.value = .nan
        #expect(gain.volume.value == 1)
        let filter = BiquadFilter(.peaking)
        #expect(filter.parameters.map(\.info.identifier) == ["frequency", "q", "gain"])
        #expect(filter.parameter("q")?.info.unit == .q)
    }

    @Test func rampReachesTargetInConfiguredTimeWithBoundedSteps() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let gain = GainNode(channelCount: 1, volume: 0)
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        _ = try renderOffline(engine, frames: 256)
        gain.volume.rampDuration = 0.01  // 480 frames at 48 kHz
        gain.volume.value = 1
        let out = try renderOffline(engine, frames: 1024, block: 100)[0]
        // The ramp starts at the first frame of the next block and lands on the target at frame 479.
        #expect(out[478] < 1 && out[479] == 1)
        #expect(out[479...].allSatisfy { $0 == 1 })
        let slope: Float = 1 / 480
        #expect(abs(out[0] - slope) < 1e-6)
        // No step is larger than the slope allows (Float rounding tolerance 1e-6).
        #expect(SignalAnalysis.largestStep(Array(out[0...480])) <= slope + 1e-6)
        for i in 1..<480 { #expect(out[i] > out[i - 1]) }
    }

    @Test func retargetingMidRampStartsFromWhereItIs() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 128)
        let gain = GainNode(channelCount: 1, volume: 0)
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        _ = try engine.render(frames: 64)
        gain.volume.rampDuration = 0.01
        gain.volume.value = 1
        let first = try renderOffline(engine, frames: 240, block: 120)[0]
        gain.volume.value = 0
        let second = try renderOffline(engine, frames: 600, block: 120)[0]
        let all = first + second
        #expect(SignalAnalysis.largestStep(all) <= Float(1) / 480 + 1e-6)
        #expect(second[479] == 0 && second[478] > 0)
    }

    @Test(arguments: [0, 5, 255, 256, 257, 1000, 4095])
    func scheduledParameterChangeLandsOnTheExactFrame(frame: Int) throws {
        for block in [64, 256, 500] {
            let engine = AudioEngine(channelCount: 1, maximumFrameCount: 512)
            let gain = GainNode(channelCount: 1, volume: 0)
            gain.volume.rampDuration = 0
            try engine.connect(constantSource([1]), to: gain)
            try engine.mainGroup.add(gain)
            gain.volume.schedule(0.5, at: Int64(frame))
            gain.volume.schedule(1, at: Int64(frame + 3))
            let out = try renderOffline(engine, frames: 4800, block: block)[0]
            #expect(out[..<frame].allSatisfy { $0 == 0 }, "block \(block)")
            #expect(out[frame] == 0.5 && out[frame + 2] == 0.5 && out[frame + 3] == 1, "block \(block)")
        }
    }

    @Test func scheduledRampStartsAtItsFrame() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let gain = GainNode(channelCount: 1, volume: 0)
        gain.volume.rampDuration = 0.001  // 48 frames
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        gain.volume.schedule(1, at: 300)
        let out = try renderOffline(engine, frames: 512, block: 256)[0]
        #expect(out[299] == 0 && abs(out[300] - 1.0 / 48) < 1e-6 && out[346] < 1 && out[347] == 1)
    }

    @Test(arguments: [1, 127, 128, 129, 777])
    func startAndStopEventsLandOnTheExactFrame(frame: Int) throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 128)
        let tone = ToneGenerator(
            shape: .sawtooth, frequency: 100, amplitude: 1, channelCount: 1, startsImmediately: false)
        let dc = constantSource([0.25], startsImmediately: false)
        try engine.mainGroup.add(tone)
        try engine.mainGroup.add(dc)
        dc.start(at: Int64(frame))
        dc.stop(at: Int64(frame + 200))
        let out = try renderOffline(engine, frames: 1200, block: 128)[0]
        #expect(out[..<frame].allSatisfy { $0 == 0 })
        #expect(out[frame] == 0.25 && out[frame + 199] == 0.25 && out[frame + 200] == 0)
        tone.start(at: engine.sampleTime + Int64(frame))
        let base = Int(engine.sampleTime)
        let toneOut = try renderOffline(engine, frames: 1200, block: 128)[0]
        #expect(
            toneOut[..<frame].allSatisfy { $0 == 0 } && toneOut[frame + 1] != 0 && toneOut[frame + 2] != 0,
            "starts at engine time (a sawtooth starts at 0 after PolyBLEP) \(base + frame)")
    }

    @Test func eventsInThePastApplyAtTheNextBlock() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 128)
        let gain = GainNode(channelCount: 1, volume: 0)
        gain.volume.rampDuration = 0
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        _ = try renderOffline(engine, frames: 512, block: 128)
        gain.volume.schedule(1, at: 10)
        let out = try renderOffline(engine, frames: 128)[0]
        #expect(out.allSatisfy { $0 == 1 })
    }
}

/// A change can carry its own ramp (a two-second fade without touching the parameter's default).
@Suite struct PerChangeRampTests {
    @Test func aChangeCarriesItsOwnRampAndTheNextPlainWriteUsesTheDefault() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let gain = GainNode(channelCount: 1, volume: 1)
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        _ = try renderOffline(engine, frames: 256)
        gain.volume.set(0, rampDuration: 0.1)  // 4800 frames at 48 kHz
        let fade = try renderOffline(engine, frames: 6_000)[0]
        #expect(fade[4_798] > 0 && fade[4_799] == 0)
        #expect(abs(fade[2_399] - 0.5) < 1e-3)
        gain.volume.value = 1  // the parameter's own 5 ms: 240 frames
        let back = try renderOffline(engine, frames: 512)[0]
        #expect(back[238] < 1 && back[239] == 1)
        #expect(gain.volume.rampDuration == 0.005)
    }

    @Test func aScheduledChangeCarriesItsOwnRamp() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let gain = GainNode(channelCount: 1, volume: 0)
        try engine.connect(constantSource([1]), to: gain)
        try engine.mainGroup.add(gain)
        _ = try renderOffline(engine, frames: 256)
        #expect(gain.volume.schedule(1, at: engine.sampleTime + 100, rampDuration: 0))
        #expect(gain.volume.schedule(0, at: engine.sampleTime + 300, rampDuration: 0.01))
        let out = try renderOffline(engine, frames: 1_024)[0]
        #expect(out[99] == 0 && out[100] == 1 && out[299] == 1, "a 0 s ramp jumps at its frame")
        #expect(out[300] < 1 && out[778] > 0 && out[779] == 0, "a 10 ms ramp lands 480 frames later")
    }
}
