import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// AAC, ALAC and M4A through FFmpeg's run-time-loaded libraries, checked against the ffmpeg command.
@Suite("M4A, AAC and ALAC")
struct M4ATests {
    let directory = Fixtures.directory("m4a")

    init() throws { try Fixtures.requireTool("ffmpeg") }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// `ffmpeg -i source <arguments> name`, returning the new file's path.
    private func ffmpeg(_ source: String, _ arguments: [String], _ name: String) throws -> String {
        try Fixtures.tool("ffmpeg", ["-v", "error", "-y", "-i", source] + arguments + [path(name)])
        return path(name)
    }

    /// ffprobe's value of `entry` for the first audio stream.
    private func probe(_ file: String, _ entry: String) throws -> String {
        let result = try Fixtures.tool(
            "ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", entry, "-of", "csv=p=0", file])
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("an AAC M4A made by ffmpeg reads sample-close to ffmpeg's own decode, with its length and tags")
    func aacFromFFmpeg() throws {
        let source = try Fixtures.makeSource(in: directory, rate: 44_100, seconds: 3.3)
        let m4a = try ffmpeg(source, ["-c:a", "aac", "-b:a", "160k", "-metadata", "title=Take 3"], "aac.m4a")
        let file = try AudioFile(path: m4a)
        #expect(file.container == .m4a && file.encoding == .aac)
        #expect(file.sampleRate == 44_100 && file.channelCount == 2)
        #expect(file.frameCount == 145_530 && !file.frameCountIsEstimate)  // 3.3 s: priming and padding trimmed
        #expect(file.metadata["title"] == "Take 3")
        #expect(file.info.lossless == false && file.info.bitDepth == nil)
        let ours = try Fixtures.decode(m4a)
        let theirs = try Fixtures.ffmpegFloat(m4a, channels: 2)
        for channel in 0..<2 {
            #expect(ours[channel].count == 145_530)
            // ffmpeg's command keeps the encoder's end padding (it ends on a whole AAC frame); the audio is
            // the same decoder's output sample for sample.
            #expect(theirs[channel].count >= 145_530)
            #expect(Fixtures.maxDifference(ours[channel], theirs[channel]) <= 1e-6)
            let reference = try Fixtures.soxFloat(source, channels: 2)[channel]
            #expect(SignalAnalysis.snr(ours[channel], reference: reference) > 20)  // it is the tone, in time
        }
    }

    @Test("ALAC at 16 and 24 bits decodes exactly to the samples that were encoded", arguments: [16, 24])
    func alacIsExact(bits: Int) throws {
        let source = try Fixtures.makeSource(in: directory, rate: 48_000, seconds: 1.5)
        let m4a = try ffmpeg(
            source, ["-c:a", "alac", "-sample_fmt", bits == 16 ? "s16p" : "s32p", "-bits_per_raw_sample", "\(bits)"],
            "alac\(bits).m4a")
        let file = try AudioFile(path: m4a)
        #expect(file.encoding == .alac && file.info.lossless && file.bitDepth == bits)
        #expect(file.frameCount == 72_000)
        let ours = try Fixtures.decode(m4a), theirs = try Fixtures.ffmpegFloat(m4a, channels: 2)
        let original = try Fixtures.soxFloat(source, channels: 2)
        for channel in 0..<2 {
            #expect(ours[channel] == theirs[channel])
            // One quantisation step of the stored depth from the float source, no more.
            #expect(Fixtures.maxDifference(ours[channel], original[channel]) <= 1 / Float(1 << (bits - 1)))
        }
    }

    @Test("raw ADTS AAC: the length is an estimate until the end, and the decode matches ffmpeg's")
    func adts() throws {
        let source = try Fixtures.makeSource(in: directory, rate: 48_000, seconds: 2, channels: 1)
        let aac = try ffmpeg(source, ["-c:a", "aac"], "raw.aac")
        let file = try AudioFile(path: aac)
        #expect(file.container == .adts && file.encoding == .aac && file.frameCountIsEstimate)
        let ours = try Fixtures.decode(aac)[0], theirs = try Fixtures.ffmpegFloat(aac, channels: 1)[0]
        #expect(ours.count == theirs.count)
        #expect(Fixtures.maxDifference(ours, theirs) <= 1e-6)
    }

    @Test("seeking lands on the frame asked for: the same samples as reading through to it")
    func seeking() throws {
        let source = try Fixtures.makeSource(in: directory, rate: 48_000, seconds: 10)
        // Without noise substitution: its decoder-side random generator makes any two decodes differ by
        // ~1e-5 after a seek, which would hide a misaligned frame less well than an exact comparison.
        let m4a = try ffmpeg(source, ["-c:a", "aac", "-aac_pns", "0"], "seek.m4a")
        let whole = try Fixtures.decode(m4a)
        let file = try AudioFile(path: m4a)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 4096)
        for frame in [100_000, 0, 1_000, 33_333, 250_000, 479_000, 8_191, 300_001] {
            try file.seek(toFrame: frame)
            let count = try file.read(into: block)
            #expect(count == min(4096, file.frameCount - frame))
            for channel in 0..<2 {
                let expected = Array(whole[channel][frame..<(frame + count)])
                let difference = Fixtures.maxDifference(block.samples(ofChannel: channel), expected)
                #expect(difference <= 1e-6, "frame \(frame), channel \(channel): \(difference)")
            }
        }
    }

    @Test("Decibel writes AAC and ALAC M4A files that ffmpeg reads back, tags included")
    func writing() throws {
        let source = try Fixtures.makeSource(in: directory, rate: 48_000, seconds: 2)
        let input = try AudioFile(path: source).readAll()
        let formats: [(String, AudioFileWriter.Format)] = [
            ("w-aac.m4a", .m4a(bitRate: 192_000)), ("w-alac16.m4a", try .alac(bits: 16)),
            ("w-alac24.m4a", try .alac(bits: 24)),
        ]
        for (name, format) in formats {
            let writer = try AudioFileWriter(
                path: path(name), format: format, sampleRate: 48_000, channelCount: 2, metadata: [.title: "Written"])
            // Odd block sizes: the encoder's 1024/4096-frame packets are filled across writes.
            var offset = 0
            while offset < input.frameLength {
                let count = min(1_000, input.frameLength - offset)
                try writer.write(input.view(frames: input.frameLength).slice(from: offset, count: count))
                offset += count
            }
            try writer.close()
            #expect(try probe(path(name), "stream=codec_name") == (format.encoding == .aac ? "aac" : "alac"))
            #expect(try probe(path(name), "stream=duration_ts") == "96000")
            #expect(try probe(path(name), "format_tags=title") == "Written")
            let decoded = try Fixtures.ffmpegFloat(path(name), channels: 2)
            let reread = try Fixtures.decode(path(name))
            for channel in 0..<2 {
                let original = input.samples(ofChannel: channel)
                if format.encoding == .alac {
                    let step = 1 / Float(1 << ((format.bitsPerSample ?? 16) - 1))
                    #expect(decoded[channel].count == 96_000)
                    #expect(Fixtures.maxDifference(decoded[channel], original) <= step)
                } else {
                    #expect(SignalAnalysis.snr(decoded[channel], reference: original) > 25)
                }
                if format.encoding == .aac {
                    // The same encoder as the ffmpeg command at the same rate, fed the same floats.
                    let theirs = try ffmpeg(source, ["-c:a", "aac", "-b:a", "192k"], "ffmpeg-aac.m4a")
                    #expect(decoded[channel] == (try Fixtures.ffmpegFloat(theirs, channels: 2))[channel])
                }
                #expect(Fixtures.maxDifference(reread[channel], decoded[channel]) <= 1e-6)
            }
        }
    }

    @Test("a Recorder records to M4A from its writer thread; ffmpeg reads the recording back")
    func recorder() throws {
        let recording = path("recorded.m4a")
        let recorder = try Recorder(path: recording, format: .m4a(), sampleRate: 48_000, channelCount: 1)
        let block = AudioBuffer(channelCount: 1, frameCapacity: 480)
        block.frameLength = 480
        var phase = 0.0
        for _ in 0..<200 {  // 2 s of 1 kHz at half scale, in 10 ms blocks
            for frame in 0..<480 {
                block.view(frames: 480).samples(0)[frame] = Float(0.5 * sin(phase))
                phase += 2 * .pi * 1_000 / 48_000
            }
            recorder.append(block.view(frames: 480))
            Thread.sleep(forTimeInterval: 0.001)
        }
        let summary = try recorder.close()
        #expect(summary.framesWritten == 96_000 && summary.overflowFrames == 0)
        #expect(try probe(recording, "stream=duration_ts") == "96000")
        let decoded = try Fixtures.ffmpegFloat(recording, channels: 1)[0]
        let level = decoded[4_800..<91_200].map { abs($0) }.max() ?? 0
        #expect(abs(level - 0.5) < 0.02)  // 128 kb/s (measured 0.512; 64 kb/s overshoots to 0.587)
        #expect(abs(SignalAnalysis.frequency(Array(decoded[4_800..<91_200]), sampleRate: 48_000) - 1_000) < 0.5)
    }

    @Test("damaged or foreign files are refused with the reason; appending to M4A is refused")
    func refusals() throws {
        let source = try Fixtures.makeSource(in: directory, rate: 48_000, seconds: 2)
        let m4a = try ffmpeg(source, ["-c:a", "aac", "-movflags", "+faststart"], "whole.m4a")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: m4a))
        // The index first (+faststart), then half the audio: opens, then ends early with a clear error.
        let truncated = path("truncated.m4a")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let file = try AudioFile(path: truncated)
        #expect(throws: AudioError.self) { _ = try file.readAll() }
        do {
            _ = try AudioFile(path: truncated).readAll()
        } catch {
            #expect(error.kind == .invalidFile)
            #expect(error.message.contains("truncated"), "\(error.message)")
        }
        // Without the index (ffmpeg writes it last by default, so a cut file has none).
        let plain = try ffmpeg(source, ["-c:a", "aac"], "plain.m4a")
        let headless = path("headless.m4a")
        try Data(contentsOf: URL(fileURLWithPath: plain)).prefix(4_000).write(to: URL(fileURLWithPath: headless))
        #expect(throws: AudioError.self) { _ = try AudioFile(path: headless) }
        let appending = #expect(throws: AudioError.self) { _ = try AudioFileWriter(appendingTo: m4a) }
        #expect(appending?.message.contains("cannot append to an MP4/M4A") == true)
        let badBits = #expect(throws: AudioError.self) { _ = try AudioFileWriter.Format.alac(bits: 20) }
        #expect(badBits?.kind == .unsupportedFormat)
    }
}
