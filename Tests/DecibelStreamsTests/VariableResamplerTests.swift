import DecibelCore
import DecibelStreams
import Testing

@Suite struct VariableResamplerTests {
    /// Where a click at input frame `click` leaves the converter (output frame), after `steer` set the ratio.
    /// The click's place tells the ratio the converter ran at before it: counting the input soxr takes does
    /// not, since soxr takes more than it converts when offered more.
    static func clickPosition(
        _ converter: VariableResampler, click: Int, steer: (VariableResampler) -> Void
    ) -> Int? {
        steer(converter)
        let output = AudioBuffer(channelCount: 1, frameCapacity: 256)
        var fed = 0, produced = 0
        while produced < click * 2 {
            let made = converter.produce(into: output.view) { staging in
                let samples = staging.samples(0)
                for frame in 0..<staging.frameCount { samples[frame] = fed + frame == click ? 1 : 0 }
                fed += staging.frameCount
                return staging.frameCount
            }
            for frame in 0..<made where output[0][frame] > 0.3 { return produced + frame }
            produced += made
        }
        return nil
    }

    /// A fresh 48 → 48 kHz converter (priming leaves a fixed delay, the same in every one).
    static func converter() throws -> VariableResampler {
        try VariableResampler(
            inputRate: 48_000, outputRate: 48_000, channelCount: 1, maxInputFrames: 256, outputBlockFrames: 256)
    }

    @Test("a ratio set at once during a glide holds after the glide would have ended")
    func immediateRatioEndsAGlide() throws {
        let reference = try #require(
            Self.clickPosition(try Self.converter(), click: 150_000) {
                $0.setRatio(0.99, slewFrames: 0)
            })
        // A one-second glide up, replaced at once by 0.99: before the fix the glide ran on and the click came
        // out about 2,300 frames early.
        let position = try #require(
            Self.clickPosition(try Self.converter(), click: 150_000) {
                $0.setRatio(1.01, slewFrames: 48_000)
                $0.setRatio(0.99, slewFrames: 0)
            })
        #expect(abs(position - reference) <= 2, "the click came out at \(position), without the glide at \(reference)")
    }
}
