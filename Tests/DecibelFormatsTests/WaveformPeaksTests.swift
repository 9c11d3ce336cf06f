import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Waveform summaries match a direct computation and export in audiowaveform's formats.
@Suite struct WaveformPeaksTests {
    /// A file whose samples we know: left a 50 Hz sine with rising amplitude, right a ramp.
    static func makeFile(
        in directory: URL, frames: Int = 48_000
    ) throws -> (path: String, left: [Float], right: [Float]) {
        let path = directory.appendingPathComponent("shape.wav").path
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: frames)
        for frame in 0..<frames {
            let gain = Double(frame) / Double(frames)
            buffer[0][frame] = Float(gain * sin(2 * Double.pi * 50 * Double(frame) / 48_000))
            buffer[1][frame] = Float(frame % 1_000) / 1_000 - 0.5
        }
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 32, float: true), sampleRate: 48_000, channelCount: 2)
        try writer.write(buffer.view)
        try writer.close()
        return (path, buffer.samples(ofChannel: 0), buffer.samples(ofChannel: 1))
    }

    @Test func perChannelBucketsMatchDirectComputation() throws {
        let directory = Fixtures.directory("waveform")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (path, left, right) = try Self.makeFile(in: directory)
        let file = try AudioFile(path: path, chunkFrames: 1_000)  // blocks that do not line up with buckets
        let data = try file.waveform(.samplesPerPixel(768))
        #expect(data.samplesPerBucket == 768)
        #expect(data.channelCount == 2)
        #expect(data.bucketCount == (48_000 + 767) / 768)
        for bucket in [0, 1, 30, data.bucketCount - 1] {
            let range = (bucket * 768)..<min(48_000, (bucket + 1) * 768)
            for (channel, samples) in [left, right].enumerated() {
                let slice = samples[range]
                #expect(data.minimum[channel][bucket] == slice.min())
                #expect(data.maximum[channel][bucket] == slice.max())
                let rms = Float(SignalAnalysis.rms(slice))
                #expect(abs(data.rms[channel][bucket] - rms) < 1e-5)
            }
        }
    }

    @Test func pointsAndMonoMix() throws {
        let directory = Fixtures.directory("waveform-mono")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (path, left, right) = try Self.makeFile(in: directory)
        let data = try AudioFile(path: path).waveform(.points(1_800), mixToMono: true)
        #expect(data.channelCount == 1)
        #expect(data.samplesPerBucket == 27)  // ⌈48000 / 1800⌉
        #expect(data.bucketCount <= 1_800 && data.bucketCount == (48_000 + 26) / 27)
        let bucket = 1_000
        let mixed = (bucket * 27..<(bucket + 1) * 27).map { (left[$0] + right[$0]) * 0.5 }
        #expect(abs(data.minimum[0][bucket] - (mixed.min() ?? 9)) < 1e-6)
        #expect(abs(data.maximum[0][bucket] - (mixed.max() ?? 9)) < 1e-6)
    }

    @Test func datVersion2AndJSONExport() throws {
        // Two buckets of two channels; audiowaveform stores them bucket-major: min/max of channel 0, then 1.
        let data = WaveformPeaks(
            sampleRate: 44_100, samplesPerBucket: 256, minimum: [[-1, -0.25], [-0.5, 0]],
            maximum: [[1, 0.25], [0.5, 0.001]], rms: [[0, 0], [0, 0]])
        let dat = data.datData(bits: .sixteen)
        #expect(dat.count == 24 + 2 * 2 * 2 * 2)
        let words = (0..<6).map { index in
            dat.withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(fromByteOffset: index * 4, as: Int32.self)) }
        }
        #expect(words == [2, 0, 44_100, 256, 2, 2])
        let values = (0..<8).map { index in
            dat.withUnsafeBytes {
                Int16(littleEndian: $0.loadUnaligned(fromByteOffset: 24 + index * 2, as: Int16.self))
            }
        }
        #expect(values == [-32_768, 32_767, -16_384, 16_384, -8_192, 8_192, 0, 32])
        let parsed = try WaveformPeaks(dat: dat)
        #expect(parsed.bucketCount == 2 && parsed.channelCount == 2 && parsed.samplesPerBucket == 256)
        #expect(parsed.minimum == [[-1, -0.25], [-0.5, 0]])

        let eight = data.datData(bits: .eight)
        #expect(eight.count == 24 + 8)
        #expect(eight.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 4, as: UInt32.self) } == 1)

        let json = try #require(try JSONSerialization.jsonObject(with: data.jsonData()) as? [String: Any])
        #expect(json["version"] as? Int == 2)
        #expect(json["channels"] as? Int == 2)
        #expect(json["sample_rate"] as? Int == 44_100)
        #expect(json["samples_per_pixel"] as? Int == 256)
        #expect(json["bits"] as? Int == 16)
        #expect(json["length"] as? Int == 2)
        #expect(json["data"] as? [Int] == [-32_768, 32_767, -16_384, 16_384, -8_192, 8_192, 0, 32])
    }

    @Test func corruptDatIsRejected() {
        #expect(throws: AudioError.self) { try WaveformPeaks(dat: Data([1, 2, 3])) }
        var absurd = Data()
        for word: UInt32 in [2, 0, 44_100, 256, 0xFFFF_FFF0, 2] {
            withUnsafeBytes(of: word.littleEndian) { absurd.append(contentsOf: $0) }
        }
        #expect(throws: AudioError.self) { try WaveformPeaks(dat: absurd) }
    }

    @Test func jsonReadsBackWhatWasWrittenInBothBitDepths() throws {
        let data = WaveformPeaks(
            sampleRate: 48_000, samplesPerBucket: 512, minimum: [[-1, -0.25, 0], [-0.5, 0, -0.125]],
            maximum: [[1, 0.25, 0.5], [0.5, 0.001, 0.125]], rms: [[0, 0, 0], [0, 0, 0]])
        for bits in [WaveformPeaks.Bits.sixteen, .eight] {
            let parsed = try WaveformPeaks(json: data.jsonData(bits: bits))
            let viaDat = try WaveformPeaks(dat: data.datData(bits: bits))
            #expect(parsed.sampleRate == 48_000 && parsed.samplesPerBucket == 512)
            #expect(parsed.minimum == viaDat.minimum && parsed.maximum == viaDat.maximum)
            #expect(parsed.channelCount == 2 && parsed.bucketCount == 3)
        }
        // audiowaveform's version 1 JSON has no "channels": one channel.
        let version1 = #"{"sample_rate":8000,"samples_per_pixel":64,"bits":8,"length":2,"data":[-128,127,-1,1]}"#
        let mono = try WaveformPeaks(json: Data(version1.utf8))
        #expect(
            mono.channelCount == 1 && mono.minimum == [[-1, -1.0 / 128]] && mono.maximum == [[127.0 / 128, 1.0 / 128]])
    }

    @Test(
        "waveform JSON that is not what audiowaveform writes is refused with the reason",
        arguments: [
            ("not json", "not valid JSON"),
            (#"{"sample_rate":8000,"bits":8,"length":0,"data":[]}"#, "no \"samples_per_pixel\""),
            (#"{"sample_rate":8000,"samples_per_pixel":64,"bits":12,"length":0,"data":[]}"#, "12 bits"),
            (#"{"sample_rate":8000,"samples_per_pixel":64,"bits":8,"length":2,"data":[1,2]}"#, "holds 2 values"),
            (#"{"sample_rate":8000,"samples_per_pixel":64,"bits":8,"length":1,"data":[1,200]}"#, "8-bit range"),
            (#"{"sample_rate":0,"samples_per_pixel":64,"bits":8,"length":0,"data":[]}"#, "absurd"),
            (#"{"sample_rate":8000,"samples_per_pixel":0,"bits":8,"length":0,"data":[]}"#, "absurd"),
            (#"{"channels":0,"sample_rate":8000,"samples_per_pixel":64,"bits":8,"length":0,"data":[]}"#, "absurd"),
            // Found by the fuzzer: accepted, then written to .dat as a different 32-bit number.
            (#"{"sample_rate":4,"samples_per_pixel":333333333333312,"bits":16,"length":0,"data":[]}"#, "absurd"),
        ])
    func corruptJSONIsRejected(text: String, reason: String) {
        #expect {
            try WaveformPeaks(json: Data(text.utf8))
        } throws: { error in
            (error as? AudioError)?.kind == .invalidFile && "\(error)".contains(reason)
        }
    }
}
