import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Write→read round trips, header validity while writing, and the 4 GiB guard.
@Suite struct AudioFileWriterTests {
    /// A stereo signal already quantised to `bits` (so a lossless round trip must give it back exactly),
    /// with full-scale negative peaks and noise-like content.
    static func signal(frames: Int, bits: Int, float: Bool) -> AudioBuffer {
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: frames)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for frame in 0..<frames {
            for channel in 0..<2 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let unit = Double(Int64(bitPattern: seed) >> 11) / Double(1 << 52)  // -1 ..< 1
                var value = frame == 0 ? -1.0 : unit * (channel == 0 ? 0.9 : 0.3)
                if !float {
                    let scale = Double(1 << (bits - 1))
                    value = (value * scale).rounded(.down) / scale
                }
                buffer[channel][frame] = Float(value)
            }
        }
        return buffer
    }

    static let lossless: [(String, AudioFileWriter.Format, Int, Bool)] = {
        var formats: [(String, AudioFileWriter.Format, Int, Bool)] = []
        for bits in [8, 16, 24, 32] {
            if let wav = try? AudioFileWriter.Format.wav(bits: bits) {
                formats.append(("wav-\(bits)", wav, bits, false))
            }
            if let aiff = try? AudioFileWriter.Format.aiff(bits: bits) {
                formats.append(("aiff-\(bits)", aiff, bits, false))
            }
        }
        for bits in [8, 16, 24] {
            if let flac = try? AudioFileWriter.Format.flac(bits: bits) {
                formats.append(("flac-\(bits)", flac, bits, false))
            }
        }
        if let wav = try? AudioFileWriter.Format.wav(bits: 32, float: true) {
            formats.append(("wav-float", wav, 32, true))
        }
        if let aiff = try? AudioFileWriter.Format.aiff(bits: 32, float: true) {
            formats.append(("aiff-float", aiff, 32, true))
        }
        formats.append(("wav-double", AudioFileWriter.Format(container: .wav, encoding: .float64), 64, true))
        return formats
    }()

    @Test("lossless round trip is exact", arguments: lossless.map(\.0))
    func losslessRoundTrip(_ name: String) throws {
        let (_, format, bits, float) = try #require(Self.lossless.first { $0.0 == name })
        let directory = Fixtures.directory("roundtrip")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(
            "\(name).\(format.container == .aiff ? "aiff" : format.container.rawValue)"
        ).path
        let original = Self.signal(frames: 10_007, bits: bits, float: float)
        let writer = try AudioFileWriter(path: path, format: format, sampleRate: 44_100, channelCount: 2)
        try writer.write(original.view(frames: 5_000))
        try writer.write(original.view.slice(from: 5_000, count: 5_007))
        try writer.close()
        let file = try AudioFile(path: path)
        #expect(file.frameCount == 10_007)
        #expect(file.encoding == format.encoding)
        #expect(file.container == format.container)
        let decoded = try file.readAll()
        for channel in 0..<2 {
            let difference = Fixtures.maxDifference(
                decoded.samples(ofChannel: channel), original.samples(ofChannel: channel))
            #expect(difference == 0, "\(name) channel \(channel): round trip differs by \(difference)")
        }
    }

    @Test("lossy formats write and read back close to the input", arguments: ["ogg", "opus"])
    func lossyRoundTrip(_ name: String) throws {
        let directory = Fixtures.directory("lossy")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tone.\(name)").path
        let format: AudioFileWriter.Format = name == "ogg" ? .oggVorbis(quality: 0.8) : .opus(quality: 0.9)
        let tone = AudioBuffer(channelCount: 1, frameCapacity: 48_000)
        for frame in 0..<48_000 { tone[0][frame] = Float(0.5 * sin(2 * Double.pi * 1_000 * Double(frame) / 48_000)) }
        let writer: AudioFileWriter
        do {
            writer = try AudioFileWriter(path: path, format: format, sampleRate: 48_000, channelCount: 1)
        } catch {
            Issue.record("the installed libsndfile cannot write \(name): \(error)")
            return
        }
        try writer.write(tone.view)
        try writer.close()
        let file = try AudioFile(path: path)
        #expect(file.encoding == format.encoding)
        let decoded = try file.readAll().samples(ofChannel: 0)
        #expect(abs(decoded.count - 48_000) <= 1_000)
        let middle = Array(decoded[12_000..<36_000])
        #expect(abs(SignalAnalysis.frequency(middle, sampleRate: 48_000) - 1_000) < 1)
        #expect(abs(SignalAnalysis.magnitude(of: 1_000, in: middle, sampleRate: 48_000) - 0.5) < 0.02)
    }

    @Test func headerIsValidWhileWriting() throws {
        let directory = Fixtures.directory("header")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, format) in [
            ("live.wav", try AudioFileWriter.Format.wav(bits: 16)), ("live.aiff", try .aiff(bits: 24)),
        ] {
            let path = directory.appendingPathComponent(name).path
            let writer = try AudioFileWriter(path: path, format: format, sampleRate: 48_000, channelCount: 2)
            let block = Self.signal(frames: 4_800, bits: 16, float: false)
            for round in 1...3 {
                try writer.write(block.view)
                // Another reader opens the file mid-recording: the header must already count every frame.
                let reader = try AudioFile(path: path)
                #expect(
                    reader.frameCount == round * 4_800,
                    "\(name): \(reader.frameCount) frames visible after \(round * 4_800) written")
            }
            try writer.close()
        }
    }

    @Test func wavStaysPlainWavUnderFourGiB() throws {
        let directory = Fixtures.directory("rf64")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("small.wav").path
        let writer = try AudioFileWriter(path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2)
        try writer.writeSilence(frames: 1_000)
        try writer.close()
        let magic = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4)
        #expect(String(decoding: magic, as: UTF8.self) == "RIFF", "a small WAV must downgrade from RF64 to plain RIFF")
        #expect(try AudioFile(path: path).container == .wav)
    }

    /// Writes 4.1 GiB, so it runs only when asked: `DECIBEL_TEST_LARGE_FILES=1 swift test --filter wavBecomesRF64`.
    @Test func wavBecomesRF64PastFourGiB() throws {
        guard ProcessInfo.processInfo.environment["DECIBEL_TEST_LARGE_FILES"] == "1" else {
            print("wavBecomesRF64PastFourGiB: skipped (writes 4.1 GiB); set DECIBEL_TEST_LARGE_FILES=1 to run it")
            return
        }
        let directory = Fixtures.directory("rf64-large")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("large.wav").path
        let frames = 1_100_000_000  // 16-bit stereo: 4.4 GB of audio, past the 4 GiB a RIFF header can count
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2, chunkFrames: 1 << 16)
        try writer.writeSilence(frames: frames)
        try writer.close()
        let magic = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 4) ?? Data()
        #expect(String(decoding: magic, as: UTF8.self) == "RF64")
        let file = try AudioFile(path: path)
        #expect(file.container == .rf64 && file.frameCount == frames)
        try file.seek(toFrame: frames - 10)
        let tail = AudioBuffer(channelCount: 2, frameCapacity: 10)
        #expect(try file.read(into: tail) == 10)
    }

    @Test func aiffRefusesToGrowPastItsHeaderLimit() throws {
        let directory = Fixtures.directory("aiff-limit")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.aiff").path
        let writer = try AudioFileWriter(path: path, format: .aiff(bits: 16), sampleRate: 48_000, channelCount: 2)
        #expect(writer.sizeLimitBytes == Int64(UInt32.max) - 4096)
        writer.sizeLimitBytes = 40_000  // stand-in for 4 GiB, which a test cannot afford to write
        try writer.writeSilence(frames: 10_000)
        #expect(throws: AudioError.self) { try writer.writeSilence(frames: 1) }
        do {
            try writer.writeSilence(frames: 1)
        } catch {
            #expect(error.kind == .unsupportedFormat)
            #expect(error.message.contains(path) && error.message.contains("4 GiB"))
        }
        try writer.close()
        #expect(try AudioFile(path: path).frameCount == 10_000)
    }

    @Test func unsupportedCombinationsThrowClearly() throws {
        #expect(throws: AudioError.self) { try AudioFileWriter.Format.flac(bits: 32) }
        #expect(throws: AudioError.self) { try AudioFileWriter.Format.named("wma") }
        let directory = Fixtures.directory("unsupported")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try AudioFileWriter(
                path: directory.appendingPathComponent("x.ogg").path, format: .opus(), sampleRate: 44_100,
                channelCount: 2)
            Issue.record("Opus at 44.1 kHz should be refused (Opus runs at 8/12/16/24/48 kHz)")
        } catch {
            #expect(error.kind == .unsupportedFormat)
        }
    }
}
