import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// The .dat written as the audio decodes equals the one made from every bucket at once, and a failed
/// write leaves nothing behind.
@Suite struct WaveformDatStreamTests {
    /// A 16-bit PCM copy of the shape file: the exact 16-bit read path (the float file takes the other).
    static func pcmCopy(of path: String, in directory: URL) throws -> String {
        let source = try AudioFile(path: path)
        let copy = directory.appendingPathComponent("shape16.wav").path
        let writer = try AudioFileWriter(path: copy, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2)
        let audio = try source.readAll()
        try withExtendedLifetime(audio) { try writer.write(audio.view) }
        try writer.close()
        return copy
    }

    @Test(arguments: [false, true])
    func streamedDataEqualsTheWholeSummaryByteForByte(pcm: Bool) throws {
        let directory = Fixtures.directory("waveform-dat-stream")
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = try WaveformPeaksTests.makeFile(in: directory, frames: 100_003).path
        if pcm { path = try Self.pcmCopy(of: path, in: directory) }
        for (split, bits, perPixel) in [
            (false, WaveformPeaks.Bits.sixteen, 256), (true, .sixteen, 700), (false, .eight, 1_000), (true, .eight, 2),
        ] {
            // Blocks of 1000 frames do not line up with the buckets.
            let file = try AudioFile(path: path, chunkFrames: 1_000)
            let expected = try file.sixteenBitWaveform(
                samplesPerPixel: perPixel, splitChannels: split, measuresRMS: false
            ).datData(bits: bits)
            let output = directory.appendingPathComponent("streamed.dat").path
            let buckets = try file.writeSixteenBitWaveformDat(
                to: output, samplesPerPixel: perPixel, splitChannels: split, bits: bits)
            #expect(buckets == (100_003 + perPixel - 1) / perPixel)
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(written == expected, "pcm \(pcm), split \(split), \(bits) bits, \(perPixel) per pixel")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".partial")
        }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    @Test func aFailedWriteLeavesTheDestinationAsItWas() throws {
        let directory = Fixtures.directory("waveform-dat-failure")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try WaveformPeaksTests.makeFile(in: directory).path
        let output = directory.appendingPathComponent("kept.dat").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: output))
        let file = try AudioFile(path: path)
        file.close()
        #expect(throws: AudioError.self) { try file.writeSixteenBitWaveformDat(to: output, samplesPerPixel: 256) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("earlier".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["kept.dat", "shape.wav"])

        let open = try AudioFile(path: path)
        let missing = directory.appendingPathComponent("no/such/dir/out.dat").path
        let error = #expect(throws: AudioError.self) {
            try open.writeSixteenBitWaveformDat(to: missing, samplesPerPixel: 256)
        }
        #expect(error?.kind == .fileUnreadable)
        #expect(error?.message == "\(missing): cannot write: No such file or directory")
    }
}
