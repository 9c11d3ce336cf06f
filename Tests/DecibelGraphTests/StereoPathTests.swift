import DecibelCore
import DecibelGraph
import Testing

/// The stereo hot paths (gains and bus sums over both channels in one vector pass) against the arithmetic
/// written out per sample: every block length around the 8-frame vector step, in place and not, mono and
/// stereo sources.
@Suite struct StereoPathTests {
    /// A stereo source whose channels differ at every frame: left = time + 1, right = -(time + 1) / 3.
    private func distinctStereoSource() -> BlockSource {
        BlockSource(channelCount: 2) { view, time in
            for i in 0..<view.frameCount {
                view.samples(0)[i] = Float(time + Int64(i) + 1)
                view.samples(1)[i] = -Float(time + Int64(i) + 1) / 3
            }
        }
    }

    private let blockLengths = [1, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100]

    @Test func aGainOnAStereoSourceIsExactAtEveryBlockLength() throws {
        for block in blockLengths {
            let engine = AudioEngine(channelCount: 2, maximumFrameCount: 128)
            let gain = GainNode(volume: 0.3)
            try engine.edit { (e: inout GraphEditor) throws(AudioError) in
                try e.connect(distinctStereoSource(), to: gain)
                try e.add(gain, to: engine.mainGroup)
            }
            let out = try renderOffline(engine, frames: 3 * block + 5, block: block)
            let left = (0..<(3 * block + 5)).map { Float($0 + 1) * 0.3 }
            let right = (0..<(3 * block + 5)).map { -Float($0 + 1) / 3 * 0.3 }
            #expect(firstMismatch(out[0], left) == nil, "block \(block), left")
            #expect(firstMismatch(out[1], right) == nil, "block \(block), right")
        }
    }

    @Test func aMonoSourceFeedsBothChannelsThroughAGain() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 64)
        let gain = GainNode(channelCount: 2, volume: 0.5)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(rampSource(), to: gain)
            try e.add(gain, to: engine.mainGroup)
        }
        let out = try renderOffline(engine, frames: 77, block: 13)
        let expected = (0..<77).map { Float($0) * 0.5 }
        #expect(firstMismatch(out[0], expected) == nil && firstMismatch(out[1], expected) == nil)
    }

    @Test func aBusSumsItsSourcesInOrderAtEveryBlockLength() throws {
        for block in blockLengths {
            let engine = AudioEngine(channelCount: 2, maximumFrameCount: 128)
            let gain = GainNode(volume: 1)
            let sources = [distinctStereoSource(), rampSource(), constantSource([0.25, -0.75])]
            try engine.edit { (e: inout GraphEditor) throws(AudioError) in
                for source in sources { try e.connect(source, to: gain) }
                try e.add(gain, to: engine.mainGroup)
            }
            let frames = 2 * block + 3
            let out = try renderOffline(engine, frames: frames, block: block)
            // The sum in the order the sources were connected, as the scalar loops added them.
            let left = (0..<frames).map { (Float($0 + 1) + Float($0)) + 0.25 }
            let right = (0..<frames).map { (-Float($0 + 1) / 3 + Float($0)) + -0.75 }
            #expect(firstMismatch(out[0], left) == nil, "block \(block), left")
            #expect(firstMismatch(out[1], right) == nil, "block \(block), right")
        }
    }

    @Test func aRampingGainStillMovesSampleBySample() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 64)
        let gain = GainNode(volume: 1)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(constantSource([1, -1]), to: gain)
            try e.add(gain, to: engine.mainGroup)
        }
        _ = try renderOffline(engine, frames: 64, block: 64)
        gain.volume.rampDuration = 48.0 / 48_000
        gain.volume.value = 0
        let out = try renderOffline(engine, frames: 64, block: 64)
        #expect(zip(out[0], out[0].dropFirst()).prefix(47).allSatisfy { $0 > $1 })
        #expect(out[0][48...].allSatisfy { $0 == 0 } && zip(out[0], out[1]).allSatisfy { $0 == -$1 })
    }
}
