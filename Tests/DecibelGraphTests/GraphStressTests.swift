import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelTestSupport
import Testing

@Suite struct GraphStressTests {
    /// 10,000 graph edits while the Null backend's real-time clock thread renders: the untouched tone must
    /// come out of its group sample-for-sample identical to a reference oscillator (no gap, no repeat,
    /// no click), nothing may be dropped, and the render thread must keep adopting new plans.
    @Test func tenThousandEditsWhileRenderingLeaveAnUntouchedSourceClean() throws {
        let backend = NullBackend(options: .init(clock: .realTime))
        let engine = try AudioEngine(
            backend: backend, configuration: StreamConfiguration(channelCount: 2, bufferSize: .frames(256)) { _ in })
        guard let stream = engine.stream else { Issue.record("no stream"); return }
        let steady = ChannelGroup(name: "steady")
        try engine.mainGroup.add(steady)
        let tone = ToneGenerator(shape: .sine, frequency: 440, amplitude: 0.5, channelCount: 1)
        let collector = Collector()
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in try e.add(tone, to: steady) }
        let tap = try engine.installTap(on: steady, bufferSize: 256, ringFrames: 1 << 17) { collector.receive($0) }

        let groupA = ChannelGroup(name: "a"), groupB = ChannelGroup(name: "b")
        try engine.mainGroup.add(groupA)
        try engine.mainGroup.add(groupB)
        var pool: [any AudioNode] = (0..<8).map { i in
            ToneGenerator(shape: OscillatorShape.allCases[i % 6], frequency: Float(200 + 50 * i), amplitude: 0.05)
        }
        let gains = (0..<4).map { _ in GainNode(volume: 0.5) }
        let filtersA: [any AudioNode] = [
            BiquadFilter(.lowPass, frequency: 2000), GraphicEQ(), DelayNode(time: 0.05, feedback: 0.2, mix: 0.3),
        ]
        let filtersB: [any AudioNode] = [
            BiquadFilter(.highShelf, frequency: 4000, gainDB: 3), LevelMeter(),
            DelayNode(time: 0.02, feedback: 0.5, mix: 0.2),
        ]
        let mixer = MixerNode(inputCount: 4)
        var random = SystemRandomNumberGenerator()
        try stream.start()
        var failures = 0
        var advances = 0
        for edit in 0..<10_000 {
            let node = pool[Int.random(in: 0..<pool.count, using: &random)]
            // Every 1000 edits, the plan this edit publishes must be adopted (no assumption about how many
            // blocks the render thread gets through while the loop runs, which depends on the machine).
            let adoptedBefore = edit % 1000 == 0 ? engine.adoptedPlanCount : nil
            do {
                switch edit % 10 {
                case 0: try groupA.add(node)
                case 1: try engine.move(node, to: groupB)
                case 2: try engine.detach(node)
                case 3:
                    let gain = gains[edit % gains.count]
                    try engine.edit { (e: inout GraphEditor) throws(AudioError) in
                        try e.connect(node, to: gain)
                        try e.add(gain, to: edit % 20 == 3 ? groupA : groupB)
                    }
                case 4: try engine.disconnect(node, from: gains[edit % gains.count])
                case 5:
                    if edit % 20 == 5 {
                        try groupA.setFilters(Array(filtersA.prefix(edit % 4)))
                    } else {
                        try groupB.setFilters(Array(filtersB.prefix(edit % 4)))
                    }
                case 6:
                    try engine.edit { (e: inout GraphEditor) throws(AudioError) in
                        e.disconnectInput(of: mixer, bus: edit % 4)
                        try e.connect(node, to: mixer, bus: edit % 4)
                        try e.add(mixer, to: groupA)
                    }
                case 7: try engine.move(groupB, to: edit % 20 == 7 ? groupA : engine.mainGroup)
                case 8:
                    // Replace a pool node by a fresh one: the old one is released on this thread, later.
                    let index = edit % pool.count
                    try engine.detach(pool[index])
                    pool[index] = ToneGenerator(
                        shape: .triangle, frequency: Float(100 + edit % 500), amplitude: 0.05)
                default: try engine.attach(node)
                }
            } catch {
                if failures == 0 { Issue.record("edit \(edit) failed: \(error)") }
                failures += 1
            }
            if let adoptedBefore, waitUntil(seconds: 30, { engine.adoptedPlanCount > adoptedBefore }) {
                advances += 1
            }
            if edit % 25 == 0 { sleepMicroseconds(500) }  // let the render thread adopt some plans
        }
        // A quarter of a second of the tone, however long the edits took.
        let collected = waitUntil(seconds: 30) { collector.frameCount > 48_000 / 4 }
        try stream.stop()
        try engine.removeTap(tap)
        stream.close()

        #expect(failures == 0, "every edit in the script is legal")
        #expect(tap.droppedFrames == 0)
        #expect(advances >= 10, "the render thread kept adopting plans: \(engine.adoptedPlanCount) in all")
        let got = collector.channels
        #expect(collected && got.count == 2 && got[0].count > 48_000 / 4)
        guard got.count == 2 else { return }
        var reference = Oscillator(shape: .sine, frequency: 440, amplitude: 1, sampleRate: 48_000)
        let expected = (0..<got[0].count).map { _ in reference.nextSample() * 0.5 }
        #expect(firstMismatch(got[0], expected) == nil, "the untouched tone is bit-exact through every swap")
        #expect(firstMismatch(got[1], expected) == nil)
        #expect(SignalAnalysis.largestStep(got[0]) <= Float(0.5 * 2 * Double.pi * 440 / 48_000) + 1e-5)
    }
}
