import DecibelCore
import DecibelGraph
import Foundation
import Testing

/// The render plan lets nodes share output buffers once nothing reads them any more. These graphs keep
/// one output alive across many steps while other nodes run, so a buffer handed out too early would
/// overwrite a value the sum still needs. All gains are powers of two: the expected sums are exact.
@Suite struct GraphBufferSharingTests {
    /// `source` → `count` gains of `gain` each; returns the last gain.
    private func chain(
        from source: any AudioNode, count: Int, gain: Float, in editor: inout GraphEditor
    ) throws(AudioError) -> any AudioNode {
        var last: any AudioNode = source
        for _ in 0..<count {
            let node = GainNode(channelCount: 2, volume: gain)
            try editor.connect(last, to: node)
            last = node
        }
        return last
    }

    @Test func anOutputReadEarlyAndLateSurvivesTheStepsBetween() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        let a = constantSource([0.5, -0.5])
        let b = constantSource([0.25, 0.125])
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            let halved = try chain(from: a, count: 12, gain: 0.5, in: &e)
            let doubled = try chain(from: b, count: 6, gain: 2, in: &e)
            try e.add(a, to: engine.mainGroup)  // `a` is read by its first gain and, at the end, by the group
            try e.add(halved, to: engine.mainGroup)
            try e.add(doubled, to: engine.mainGroup)
        }
        let out = try renderOffline(engine, frames: 1000, block: 333)
        let left: Float = 0.5 + 0.5 / 4096 + 0.25 * 64
        let right: Float = -0.5 - 0.5 / 4096 + 0.125 * 64
        #expect(out[0].allSatisfy { $0 == left } && out[1].allSatisfy { $0 == right })
    }

    @Test func aSourceFeedingEveryInputOfAMixerIsSummedOncePerInput() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let source = constantSource([0.25, 0.5])
        let mixer = MixerNode(inputCount: 4)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            for bus in 0..<4 {
                let branch = try chain(from: source, count: bus + 1, gain: 0.5, in: &e)
                try e.connect(branch, to: mixer, bus: bus)
            }
            try e.add(mixer, to: engine.mainGroup)
        }
        let out = try renderOffline(engine, frames: 512)
        let sum: Float = 0.5 + 0.25 + 0.125 + 0.0625  // the four branches' gains
        #expect(out[0].allSatisfy { $0 == 0.25 * sum } && out[1].allSatisfy { $0 == 0.5 * sum })
    }

    @Test func aChainOfAThousandUnityGainsPassesTheSourceThroughAfterAnEdit() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 512)
        let ramp = rampSource()
        var end: (any AudioNode)?
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            end = try chain(from: ramp, count: 1000, gain: 1, in: &e)
            try e.add(end!, to: engine.mainGroup)
        }
        var out = try renderOffline(engine, frames: 1024, block: 512)
        #expect(out[0].enumerated().allSatisfy { $0.element == Float($0.offset) })
        let extra = constantSource([1])
        try engine.mainGroup.add(extra)  // a new plan, with new buffers
        out = try renderOffline(engine, frames: 512)
        #expect(out[1].enumerated().allSatisfy { $0.element == Float(1024 + $0.offset) + 1 })
    }

    @Test func manySourcesOfOneGroupRenderThroughOneBufferAndSumExactly() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let addresses = OutputAddresses()
        let sources = (0..<50).map { index in
            BlockSource(channelCount: 2) { view, _ in
                addresses.record(view.samples(0))
                view.samples(0).update(repeating: Float(index) / 64, count: view.frameCount)
                view.samples(1).update(repeating: -Float(index) / 32, count: view.frameCount)
            }
        }
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            for source in sources { try e.add(source, to: engine.mainGroup) }
        }
        let total = Float((0..<50).reduce(0, +))
        var out = try renderOffline(engine, frames: 600, block: 200)
        #expect(out[0].allSatisfy { $0 == total / 64 } && out[1].allSatisfy { $0 == -total / 32 })
        // Each source's output is added to the group's sum as soon as it renders, so the next source
        // writes into the same buffer.
        #expect(addresses.takeDistinct().count == 1)
        // A tapped source keeps its buffer until the group has read it: the sources after it (in the order
        // they were added) need one more.
        let tapped = Collector()
        let tap = try engine.installTap(on: sources[7], bufferSize: 100) { tapped.receive($0) }
        out = try renderOffline(engine, frames: 600, block: 200)
        #expect(out[0].allSatisfy { $0 == total / 64 } && out[1].allSatisfy { $0 == -total / 32 })
        #expect(addresses.takeDistinct().count == 2)
        try #require(waitUntil(seconds: 30) { tapped.frameCount >= 600 })
        #expect(tapped.channels[0].prefix(600).allSatisfy { $0 == 7.0 / 64 })
        try engine.removeTap(tap)
    }

    @Test func twoBusesOfAMixerEachSumTheirOwnSources() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let mixer = MixerNode(inputCount: 2)
        mixer.inputs[1].volume.set(0.5, rampDuration: 0)
        let first = [constantSource([0.25, 1]), constantSource([0.5, 2])]
        let second = [constantSource([4, 0.125]), constantSource([8, 0.0625])]
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            // Interleaved, so the two buses' sums are both open while the sources render.
            for index in 0..<2 {
                try e.connect(first[index], to: mixer, bus: 0)
                try e.connect(second[index], to: mixer, bus: 1)
            }
            try e.add(mixer, to: engine.mainGroup)
        }
        let out = try renderOffline(engine, frames: 600, block: 200)
        #expect(out[0].allSatisfy { $0 == 0.75 + 0.5 * 12 } && out[1].allSatisfy { $0 == 3 + 0.5 * 0.1875 })
    }

    @Test func sourcesSummedAsTheyRenderKeepEachChannelsMapping() throws {
        // Three channels: a stereo source, added first so it writes the sum, reaches the first two (the third
        // is written silent), a mono one all three; `both` also feeds a gain in the same group, so the group
        // reads it at its own step beside the early-summed ones.
        let engine = AudioEngine(channelCount: 3, maximumFrameCount: 128)
        let mono = constantSource([0.5])
        let stereo = constantSource([0.25, -0.25])
        let both = constantSource([1, 2, 4])
        let gain = GainNode(channelCount: 3, volume: 0.5)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.add(stereo, to: engine.mainGroup)
            try e.add(mono, to: engine.mainGroup)
            try e.add(both, to: engine.mainGroup)
            try e.connect(both, to: gain)
            try e.add(gain, to: engine.mainGroup)
        }
        let out = try renderOffline(engine, frames: 300, block: 100)
        #expect(out[0].allSatisfy { $0 == 0.5 + 0.25 + 1 + 0.5 })
        #expect(out[1].allSatisfy { $0 == 0.5 - 0.25 + 2 + 1 })
        #expect(out[2].allSatisfy { $0 == 0.5 + 4 + 2 })
    }
}

/// The addresses sources rendered their first channel into.
private final class OutputAddresses: @unchecked Sendable {
    private let lock = NSLock()
    private var addresses: Set<UnsafeMutablePointer<Float>> = []

    func record(_ address: UnsafeMutablePointer<Float>) { lock.withLock { _ = addresses.insert(address) } }

    /// The distinct addresses recorded since the last call.
    func takeDistinct() -> Set<UnsafeMutablePointer<Float>> {
        lock.withLock {
            defer { addresses = [] }
            return addresses
        }
    }
}
