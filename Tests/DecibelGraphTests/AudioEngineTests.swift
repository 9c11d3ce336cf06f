import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class CollectingWriter: AudioFileWriting {
    var channels: [[Float]] = [[], []]
    func write(_ block: AudioBufferView) throws(AudioError) {
        for channel in 0..<block.channelCount { channels[channel] += Array(block[channel]) }
    }
}

/// CPU seconds the calling thread has run.
private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@Suite struct AudioEngineTests {
    @Test func offlineRenderingIntoABufferAndAWriterIsIdenticalAndFasterThanRealTime() throws {
        func engine() throws -> AudioEngine {
            let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
            try engine.mainGroup.add(ToneGenerator(shape: .sawtooth, frequency: 220, amplitude: 0.3))
            try engine.mainGroup.add(ToneGenerator(shape: .pinkNoise, amplitude: 0.1))
            return engine
        }
        // The CPU time of this thread, which renders offline: other processes' load does not count, and a
        // sanitizer's 2–15× makes no promise of real time.
        let start = threadCPUTime()
        let buffer = try engine().render(seconds: 10, blockSize: 500)
        let elapsed = threadCPUTime() - start
        #expect(buffer.frameLength == 480_000)
        if !TestEnvironment.sanitizerSlowsRendering {
            #expect(elapsed < 10, "10 s of audio took \(elapsed) s of CPU time")
        }
        let writer = CollectingWriter()
        try engine().render(frames: 480_000, blockSize: 333, to: writer)
        #expect(firstMismatch(writer.channels[0], buffer.samples(ofChannel: 0)) == nil)
        #expect(firstMismatch(writer.channels[1], buffer.samples(ofChannel: 1)) == nil)
    }

    /// A stereo engine attached to a manually clocked Null stream of `frames`-frame blocks.
    private func engineOnManualStream(frames: Int) throws -> (AudioEngine, NullStream) {
        let engine = AudioEngine(channelCount: 2)
        let stream = try NullBackend(options: .init(clock: .manual)).makeNullStream(
            StreamConfiguration(channelCount: 2, bufferSize: .frames(frames), render: engine.renderCallback))
        try engine.attach(to: stream)
        return (engine, stream)
    }

    @Test func engineDrivesAManuallyClockedNullStream() throws {
        let (engine, stream) = try engineOnManualStream(frames: 128)
        #expect(engine.format.maximumFrameCount == 128)
        let tone = ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5)
        try engine.mainGroup.add(tone)
        try stream.start()
        #expect(throws: AudioError.self) { try engine.attach(to: stream) }  // not while running
        #expect(throws: AudioError.self) { _ = try engine.render(frames: 64) }  // no offline render either
        var out: [Float] = []
        for _ in 0..<100 { out += Array(try stream.render(frames: 128)[0]) }
        #expect(engine.sampleTime == 12_800)
        #expect(abs(SignalAnalysis.frequency(out, sampleRate: 48_000) - 1000) < 0.5)
        try stream.stop()
        try engine.reset()
        stream.close()
    }

    @Test func aPlayersSecondLongBlockIsRenderedInPiecesThatJoinSeamlessly() throws {
        let (engine, stream) = try engineOnManualStream(frames: 44_100)
        // Nodes' buffers stay 4096 frames, not a second's, however long the stream's blocks are.
        #expect(engine.format.maximumFrameCount == 4096)
        #expect(engine.format.largestCallbackFrameCount == 44_100)  // what rings filled across threads must hold
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5))
        try stream.start()
        let live = try (0..<2).flatMap { _ in Array(try stream.render(frames: 44_100)[0]) }
        try stream.stop()
        stream.close()

        let whole = AudioEngine(channelCount: 2, maximumFrameCount: 88_200)
        try whole.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5))
        let offline = Array(try whole.render(frames: 88_200)[0])
        #expect(live.count == 88_200)
        #expect(firstMismatch(live, offline) == nil)
    }

    @Test func aDetachedNodeStopsRenderingAndTheOldPlanIsReleasedOffTheRenderThread() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 64)
        weak var weakTone: ToneGenerator?
        do {
            let tone = ToneGenerator(amplitude: 0.5)
            weakTone = tone
            try engine.mainGroup.add(tone)
            _ = try engine.render(frames: 64)
            try engine.detach(tone)
        }
        #expect(weakTone != nil)  // the render thread still holds the plan with it
        let out = try engine.render(frames: 64)  // adopts the new plan, hands the old one back
        #expect(out[0].allSatisfy { $0 == 0 })
        engine.deliverEvents()  // releases retired plans on this (control) thread
        #expect(weakTone == nil)
    }
}
