import DecibelCore
import DecibelNull
import DecibelTestSupport
import Testing

/// Render state as an ordinary struct the stream owns (`StreamConfiguration(renderer:)`), changed from
/// outside only through a `SharedFloat`. This file compiles in Swift 6 mode with no `@unchecked`.
@Suite struct NullRendererStateTests {
    /// The support's `ToneRenderer` (a struct: oscillator, level, block count), stamping its block count
    /// into the first sample of channel 0.
    struct CountedTone: AudioRenderer {
        var tone: ToneRenderer

        mutating func render(_ context: RenderContext) {
            tone.render(context)
            context.output.samples(0)[0] = Float(tone.blocks)  // proves the state persists between blocks
        }
    }

    @Test func aStructRendererKeepsItsStateAndHearsTheSharedLevel() throws {
        let level = SharedFloat(0.5)
        let backend = NullBackend(options: .init(clock: .manual))
        let stream = try backend.makeNullStream(
            StreamConfiguration(
                bufferSize: .frames(480),
                renderer: CountedTone(tone: ToneRenderer(frequency: 1000, amplitude: 1, level: level))))
        defer { stream.close() }
        try stream.start()
        var reference = Oscillator(
            shape: .sine, frequency: 1000, amplitude: 0.5, sampleRate: stream.format.sampleRate)
        let first = try stream.render(frames: 480)
        let expectedFirst = (0..<480).map { _ in reference.nextSample() }
        #expect(first.samples(0)[0] == 1)
        #expect(Array(first[1]) == expectedFirst)
        level.value = 0.25
        let second = try stream.render(frames: 480)
        #expect(second.samples(0)[0] == 2)
        let peak = second[1].map(abs).max() ?? 0
        #expect(abs(peak - 0.25) < 0.001)
        reference.amplitude = 0.25
        let expectedSecond = (0..<480).map { _ in reference.nextSample() }
        #expect(Array(second[1]) == expectedSecond, "the tone carries on at the new level")
    }
}
