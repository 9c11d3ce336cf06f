#if canImport(Glibc)
import Glibc
#endif
import DecibelCore
import DecibelFormats

/// DecibelFormats' render-thread paths: `Recorder.append` and the resampler's `process`.
enum FormatsScenarios {
    static let all: [Scenario] = [resampler]

    /// soxr streaming conversion inside a real-time section once prepared.
    static let resampler = Scenario("formats-resampler", "Resampler.process (libsoxr, 44.1→48 kHz stereo) in a real-time section") {
        let converter = try Resampler(inputRate: 44_100, outputRate: 48_000, channelCount: 2, maxInputFrames: 512)
        let input = AudioBuffer(channelCount: 2, frameCapacity: 512)
        let output = AudioBuffer(channelCount: 2, frameCapacity: converter.maxOutputFrames(forInput: 512))
        var produced = 0
        for block in 0..<200 {
            for frame in 0..<512 {
                let phase: Double = 2 * Double.pi * 1000 * Double(block * 512 + frame) / 44_100
                let value = Float(sin(phase))
                input[0][frame] = value
                input[1][frame] = value
            }
            let size = 64 + (block * 37) % 449  // varying block sizes up to the prepared maximum
            RealtimeSanitizer.enter()
            let result = converter.process(input.view(frames: size), into: output.view)
            RealtimeSanitizer.exit()
            produced += result.produced
        }
        guard produced > 50_000 else { throw ScenarioFailure("the resampler produced only \(produced) frames") }
    }
}
