import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelStreams

/// libsoxr conversions of a 1 kHz sine keep an SNR of at least 100 dB.
@Suite struct ResamplerTests {
    /// Streams `seconds` of a 1 kHz sine at `input` Hz through a `Resampler` in uneven blocks and returns
    /// the output.
    static func convert(
        from input: Int, to output: Int, seconds: Int = 3, quality: Resampler.Quality = .veryHigh
    ) throws -> [Float] {
        let converter = try Resampler(
            inputRate: Double(input), outputRate: Double(output), channelCount: 1, quality: quality,
            maxInputFrames: 1_024)
        let total = input * seconds
        let source = AudioBuffer(channelCount: 1, frameCapacity: total)
        for frame in 0..<total {
            source[0][frame] = Float(0.5 * sin(2 * Double.pi * 1_000 * Double(frame) / Double(input)))
        }
        let block = AudioBuffer(channelCount: 1, frameCapacity: converter.maxOutputFrames(forInput: 1_024))
        var result: [Float] = []
        var offset = 0, step = 0
        while offset < total {
            let size = min(1_024, 100 + (step * 211) % 925, total - offset)
            let (consumed, produced) = converter.process(source.view.slice(from: offset, count: size), into: block.view)
            offset += consumed
            result += block.samples(ofChannel: 0).prefix(produced)
            step += 1
        }
        while true {
            let produced = converter.flush(into: block.view)
            if produced == 0 { break }
            result += block.samples(ofChannel: 0).prefix(produced)
        }
        return result
    }

    @Test("1 kHz sine SNR ≥ 100 dB", arguments: [(44_100, 48_000), (48_000, 44_100), (96_000, 48_000)])
    func sineStaysClean(_ rates: (Int, Int)) throws {
        let (input, output) = rates
        let converted = try Self.convert(from: input, to: output)
        let expected = 3 * output
        #expect(
            abs(converted.count - expected) <= 1, "\(input)→\(output): \(converted.count) frames, expected \(expected)")
        // One second from the middle: a whole number of 1 kHz periods, so the tone sits on one DFT bin.
        let middle = converted[output..<(2 * output)]
        let snr = SignalAnalysis.toneSNR(Array(middle), frequency: 1_000, sampleRate: Double(output))
        #expect(snr >= 100, "\(input)→\(output): SNR \(snr) dB")
        // The output is also time-aligned with the input: against the ideal sine at the output rate.
        let ideal = (output..<(2 * output)).map {
            Float(0.5 * sin(2 * Double.pi * 1_000 * Double($0) / Double(output)))
        }
        let alignedSNR = SignalAnalysis.snr(Array(middle), reference: ideal)
        #expect(alignedSNR >= 100, "\(input)→\(output): SNR against the ideal, time-aligned sine \(alignedSNR) dB")
        print(
            "resampler \(input)→\(output): SNR \(String(format: "%.1f", snr)) dB (DFT), \(String(format: "%.1f", alignedSNR)) dB vs ideal"
        )
    }

    @Test("converters made and run on many threads at once give what they give alone")
    func concurrentConvertersAgree() throws {
        let ratios = [
            (44_100, 48_000), (48_000, 44_100), (96_000, 44_100), (8_000, 48_000), (48_000, 16_000),
            (22_050, 96_000), (11_025, 44_100), (192_000, 48_000),
        ]
        let alone = try ratios.map { try Self.convert(from: $0.0, to: $0.1, seconds: 1) }
        let together = Locked<[[Float]?]>(Array(repeating: nil, count: ratios.count))
        DispatchQueue.concurrentPerform(iterations: ratios.count) { index in
            let output = try? Self.convert(from: ratios[index].0, to: ratios[index].1, seconds: 1)
            together.withLock { $0[index] = output }
        }
        for index in ratios.indices {
            #expect(together.withLock { $0[index] } == alone[index], "\(ratios[index])")
        }
    }

    @Test func theMeasureCatchesADistortedSignal() {
        // Guard against a measure that cannot fail: a sine plus -60 dB of its third harmonic reads ≈ 60 dB.
        let samples = (0..<48_000).map { frame -> Float in
            let t = Double(frame) / 48_000
            return Float(0.5 * sin(2 * Double.pi * 1_000 * t) + 0.0005 * sin(2 * Double.pi * 3_000 * t))
        }
        let snr = SignalAnalysis.toneSNR(samples, frequency: 1_000, sampleRate: 48_000)
        #expect(abs(snr - 60) < 0.5, "measured \(snr) dB")
    }

    /// libsoxr hands out a null input buffer once flushing and wrote the next block through it: a player
    /// whose looping was switched on while its decoder flushed the file's tail crashed in soxr_process (seen
    /// under AddressSanitizer in `AudioPlayerTests.seamlessLoop`, where the decoder runs slower).
    @Test("a flushed converter takes no more input and does not crash")
    func noInputAfterFlush() throws {
        let converter = try Resampler(inputRate: 44_100, outputRate: 48_000, channelCount: 2, maxInputFrames: 512)
        let input = AudioBuffer(channelCount: 2, frameCapacity: 512)
        let output = AudioBuffer(channelCount: 2, frameCapacity: converter.maxOutputFrames(forInput: 512))
        for frame in 0..<512 { input.view.samples(0)[frame] = sin(Float(frame) * 0.06) }
        #expect(converter.process(input.view, into: output.view).consumed == 512)
        _ = converter.flush(into: output.view(frames: 64))
        #expect(converter.isFlushing)
        let after = converter.process(input.view, into: output.view)
        #expect(after.consumed == 0 && after.produced == 0)
        var drained = 0
        while case let produced = converter.flush(into: output.view), produced > 0 { drained += produced }
        #expect(drained > 0, "the rest of the tail still drains")
    }

    @Test func rejectsNonsenseRates() {
        #expect(throws: AudioError.self) { try Resampler(inputRate: 0, outputRate: 48_000, channelCount: 1) }
        #expect(throws: AudioError.self) { try Resampler(inputRate: 44_100, outputRate: .nan, channelCount: 1) }
        #expect(throws: AudioError.self) { try Resampler(inputRate: 44_100, outputRate: 48_000, channelCount: 0) }
    }
}
