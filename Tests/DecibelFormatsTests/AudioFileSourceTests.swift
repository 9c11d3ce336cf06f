import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Seeking, the player pull source and file conversion.
@Suite struct AudioFileSourceTests {
    static func makeRamp(in directory: URL, frames: Int = 20_000, rate: Int = 48_000) throws -> String {
        let path = directory.appendingPathComponent("ramp-\(rate).wav").path
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: frames)
        for frame in 0..<frames {
            buffer[0][frame] = Float(frame) / Float(frames)
            buffer[1][frame] = -Float(frame) / Float(frames)
        }
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 32, float: true), sampleRate: Double(rate), channelCount: 2)
        try writer.write(buffer.view)
        try writer.close()
        return path
    }

    /// Channel 0 of what `source` renders in blocks of `block` frames until its end or `limit` frames (60 s at
    /// most), napping 2 ms whenever the decoder has not kept up.
    static func collect(_ source: AudioFileSource, block: Int = 512, limit: Int = .max) -> [Float] {
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: block)
        var collected: [Float] = []
        let deadline = Date().addingTimeInterval(60)
        while collected.count < limit, !source.isAtEnd, Date() < deadline {
            let count = source.render(into: buffer.view)
            collected += buffer.samples(ofChannel: 0).prefix(count)
            if count < block { usleep(2_000) }
        }
        return collected
    }

    @Test func seekByFrameAndTimeThenReadToTheEnd() throws {
        let directory = Fixtures.directory("seek")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try AudioFile(path: try Self.makeRamp(in: directory), chunkFrames: 1_000)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 3_000)
        try file.seek(toFrame: 12_345)
        #expect(try file.read(into: block) == 3_000)
        #expect(block[0][0] == 12_345 / 20_000 && block[1][2_999] == -Float(15_344) / 20_000)
        try file.seek(toTime: 0.25)
        #expect(file.position == 12_000 && file.currentTime == 0.25)
        try file.seek(toFrame: 19_000)
        #expect(try file.read(into: block) == 1_000)
        #expect(file.isAtEnd)
        #expect(try file.read(into: block) == 0)
        #expect(throws: AudioError.self) { try file.seek(toFrame: 20_001) }
        // A mono destination takes the first channel; a 3-channel one gets silence in the third.
        try file.seek(toFrame: 0)
        let wide = AudioBuffer(channelCount: 3, frameCapacity: 10)
        wide[2][0] = 7
        #expect(try file.read(into: wide) == 10)
        #expect(wide[2][0] == 0 && wide[1][9] == -9 / 20_000)
    }

    @Test func sourceDeliversTheWholeFileInOrder() throws {
        let directory = Fixtures.directory("source")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try AudioFileSource(path: try Self.makeRamp(in: directory), bufferSeconds: 0.05)
        let collected = Self.collect(source)
        #expect(source.error == nil)
        #expect(collected.count == 20_000)
        #expect(collected == (0..<20_000).map { Float($0) / 20_000 })
    }

    /// Without rate conversion the decoder decodes straight into the ring, in two pieces where the free space
    /// wraps: a looping source must still deliver the file again and again with no frame lost or doubled.
    @Test func aLoopingSourceStartsOverSeamlessly() throws {
        let directory = Fixtures.directory("source-loop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try AudioFileSource(path: try Self.makeRamp(in: directory), bufferSeconds: 0.05)
        source.isLooping = true
        let collected = Self.collect(source, block: 700, limit: 50_000)
        #expect(source.error == nil)
        #expect(collected.count >= 50_000)
        let firstWrong = collected.indices.first { collected[$0] != Float($0 % 20_000) / 20_000 }
        #expect(firstWrong == nil, "frame \(firstWrong ?? 0) of the looped ramp is wrong")
    }

    /// A stream damaged part way: what decoded before the damaged chunk plays, in order, and `error` says why.
    @Test func aSourceOfADamagedFilePlaysWhatDecodedThenSaysWhy() throws {
        let directory = Fixtures.directory("source-damaged")
        defer { try? FileManager.default.removeItem(at: directory) }
        let flac = directory.appendingPathComponent("ramp.flac").path
        let sox = try run("sox", [try Self.makeRamp(in: directory), "-b", "16", flac])
        try #require(sox.status == 0, "\(sox.standardError)")
        let whole = try Data(contentsOf: URL(fileURLWithPath: flac))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: flac))
        let source = try AudioFileSource(path: flac, bufferSeconds: 0.05)
        let collected = Self.collect(source)
        print("damaged FLAC: \(collected.count) of 20000 frames played, error: \(String(describing: source.error))")
        #expect(source.error?.kind == .invalidFile)
        #expect(collected.count > 0 && collected.count < 20_000)
        let ramp = (0..<collected.count).map { (Float($0) / 20_000 * 32_768).rounded() / 32_768 }
        #expect(zip(collected, ramp).allSatisfy { abs($0 - $1) <= 1.0 / 32_768 }, "the frames played are the ramp's")
    }

    @Test func sourceSeeksWhilePlayingAndAfterTheEnd() throws {
        let directory = Fixtures.directory("source-seek")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try AudioFileSource(path: try Self.makeRamp(in: directory), bufferSeconds: 0.05)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 256)
        /// Renders until the end and returns the frames that came from the file (silence while seeking excluded).
        func playToEnd() -> [Float] {
            var collected: [Float] = []
            let deadline = Date().addingTimeInterval(60)
            while !source.isAtEnd, Date() < deadline {
                let count = source.render(into: block.view)
                collected += block.samples(ofChannel: 0).prefix(count)
                if count < 256 { usleep(1_000) }
            }
            return collected
        }
        var first: [Float] = []
        let firstDeadline = Date().addingTimeInterval(60)
        while first.count < 1_000, Date() < firstDeadline {
            let count = source.render(into: block.view)
            first += block.samples(ofChannel: 0).prefix(count)
            if count == 0 { usleep(1_000) }
        }
        try #require(first.count >= 1_000, "the source delivered only \(first.count) frames before the seek")
        try source.seek(toFrame: 15_000)
        let rest = playToEnd()
        #expect(
            rest == (15_000..<20_000).map { Float($0) / 20_000 },
            "after a seek to 15000 the source plays exactly 15000…19999")
        #expect(source.currentFrame == 20_000)
        try source.seek(toTime: 0.4)  // after the end: 19200
        let again = playToEnd()
        #expect(again == (19_200..<20_000).map { Float($0) / 20_000 })
        #expect(throws: AudioError.self) { try source.seek(toFrame: 20_001) }
    }

    /// A paused player renders nothing after its seek, so nothing else would empty a ring full of frames from
    /// before it: the seek itself must, or the decoder waits (a deep-buffer player's seek was heard as
    /// seconds of silence).
    @Test func aRenderThreadSeekLetsTheDecoderRefillWithoutARender() throws {
        let directory = Fixtures.directory("source-paused-seek")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try AudioFileSource(path: try Self.makeRamp(in: directory), bufferSeconds: 0.2)
        func waitFor(_ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while !condition() && Date() < deadline { usleep(1_000) }
            return condition()
        }
        // Filled until fewer than the 5000 frames after the seek fit beside what it holds.
        let filled = source.bufferCapacity - 5_000 + 1
        try #require(waitFor { source.bufferedFrames >= filled }, "the decoder filled \(source.bufferedFrames) frames")
        try source.seek(to: 15_000)  // as FilePlayer does, on the thread that renders
        #expect(
            waitFor { source.bufferedFrames == 5_000 },
            "with no render since the seek the decoder holds \(source.bufferedFrames) of the 5000 frames after it")
        #expect(source.currentFrame == 15_000)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 5_000)
        #expect(source.render(into: block.view) == 5_000)
        #expect(block.samples(ofChannel: 0) == (15_000..<20_000).map { Float($0) / 20_000 })
    }

    /// A file decoded whole before a seek is not fully decoded after it until the decoder has refilled from the
    /// new position: a player waiting for the decoder would otherwise stop waiting at once, and render the
    /// pending seek's silence (a deep buffer's whole request of it).
    @Test func aSeekInAFileDecodedWholeWaitsForTheDecoder() throws {
        let directory = Fixtures.directory("source-whole-seek")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try AudioFileSource(path: try Self.makeRamp(in: directory), bufferSeconds: 1)
        let deadline = Date().addingTimeInterval(10)
        while !source.isFullyDecoded && Date() < deadline { usleep(1_000) }
        try #require(source.isFullyDecoded && source.bufferedFrames == 20_000)
        try source.seek(to: 15_000)
        for _ in 0..<2_000 {  // about 2 s: at the file's end the decoder naps an eighth of its ring (170 ms)
            let fully = source.isFullyDecoded, buffered = source.bufferedFrames
            if fully {
                #expect(buffered == 5_000, "fully decoded with \(buffered) of the 5000 frames after the seek")
                break
            }
            usleep(1_000)
        }
        #expect(source.isFullyDecoded)
    }

    @Test func sourceResamplesToTheStreamRate() throws {
        let directory = Fixtures.directory("source-resample")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tone.wav").path
        let tone = AudioBuffer(channelCount: 1, frameCapacity: 44_100)
        for frame in 0..<44_100 { tone[0][frame] = Float(0.5 * sin(2 * Double.pi * 1_000 * Double(frame) / 44_100)) }
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 32, float: true), sampleRate: 44_100, channelCount: 1)
        try writer.write(tone.view)
        try writer.close()
        let source = try AudioFileSource(path: path, sampleRate: 48_000)
        #expect(source.format.sampleRate == 48_000 && source.expectedFrames == 48_000)
        let block = AudioBuffer(channelCount: 1, frameCapacity: 1_024)
        var collected: [Float] = []
        let deadline = Date().addingTimeInterval(60)
        while !source.isAtEnd, Date() < deadline {
            let count = source.render(into: block.view)
            collected += block.samples(ofChannel: 0).prefix(count)
            if count < 1_024 { usleep(2_000) }
        }
        #expect(abs(collected.count - 48_000) <= 1)
        let middle = Array(collected[12_000..<36_000])
        #expect(abs(SignalAnalysis.frequency(middle, sampleRate: 48_000) - 1_000) < 0.01)
    }

    @Test func convertChangesFormatRateAndKeepsTags() throws {
        try Fixtures.requireTool("soxi")
        let directory = Fixtures.directory("convert")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.wav").path
        let writer = try AudioFileWriter(
            path: input, format: .wav(bits: 24), sampleRate: 44_100, channelCount: 2, metadata: [.title: "Convert me"])
        let tone = AudioBuffer(channelCount: 2, frameCapacity: 44_100)
        for frame in 0..<44_100 { tone[0][frame] = Float(0.25 * sin(2 * Double.pi * 1_000 * Double(frame) / 44_100)) }
        try writer.write(tone.view)
        try writer.close()

        let flac = directory.appendingPathComponent("out.flac").path
        let same = try AudioConverter.convert(input: input, output: flac)
        #expect(same.output.container == .flac && same.output.bitDepth == 24 && same.output.frames == 44_100)
        #expect(same.output.metadata["title"] == "Convert me")
        let original = try Fixtures.decode(input), copy = try Fixtures.decode(flac)
        #expect(original == copy, "a 24-bit WAV → 24-bit FLAC conversion is lossless")

        let resampled = directory.appendingPathComponent("out.aiff").path
        let summary = try AudioConverter.convert(
            input: input, output: resampled, options: ConvertOptions(format: .aiff(bits: 16), sampleRate: 48_000))
        #expect(summary.output.sampleRate == 48_000 && summary.output.bitDepth == 16)
        #expect(abs(summary.output.frames - 48_000) <= 1)
        let soxRate = try Fixtures.tool("soxi", ["-r", resampled]).standardOutput.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(soxRate == "48000")
        #expect(throws: AudioError.self) {
            try AudioConverter.convert(input: input, output: directory.appendingPathComponent("x.xyz").path)
        }
    }
}
