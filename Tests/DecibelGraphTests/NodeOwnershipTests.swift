import DecibelCore
import DecibelGraph
import Testing

/// A node belongs to one engine: two engines' render threads never run the same node.
@Suite struct NodeOwnershipTests {
    @Test func aNodeAnotherEngineHoldsIsRefusedNamingBothEngines() throws {
        let first = AudioEngine(), second = AudioEngine()
        first.name = "karaoke"
        second.name = "recorder"
        let tone = ToneGenerator(), gain = GainNode()
        try first.mainGroup.add(tone)
        let attempts: [(String, () throws(AudioError) -> Void)] = [
            ("attach", { () throws(AudioError) in try second.attach(tone) }),
            ("group add", { () throws(AudioError) in try second.mainGroup.add(tone) }),
            ("connect", { () throws(AudioError) in try second.connect(tone, to: gain) }),
        ]
        for (label, attempt) in attempts {
            let error = #expect(throws: AudioError.self, "\(label)") { try attempt() }
            #expect(error?.kind == .invalidState, "\(label)")
            #expect(
                error?.message
                    == "ToneGenerator belongs to engine 'karaoke'; detach it there before adding it to engine 'recorder'",
                "\(label)")
        }
        // A refused batch changes nothing: the gain node of the refused connect was not claimed either.
        try first.attach(gain)
    }

    @Test func detachingFreesTheNodeForAnotherEngine() throws {
        let first = AudioEngine(), second = AudioEngine()
        let tone = ToneGenerator(frequency: 1000, amplitude: 0.5)
        try first.mainGroup.add(tone)
        try first.detach(tone)
        try second.mainGroup.add(tone)
        let rendered = try second.render(frames: 256)
        #expect(rendered[0].contains { $0 != 0 }, "the tone renders in its new engine")
    }

    @Test func anEngineThatEndsFreesItsNodes() throws {
        let tone = ToneGenerator()
        do {
            let first = AudioEngine()
            try first.mainGroup.add(tone)
        }
        let second = AudioEngine()
        try second.mainGroup.add(tone)
    }

    @Test func engineNamesAreDistinctByDefault() {
        #expect(AudioEngine().name != AudioEngine().name)
    }
}
