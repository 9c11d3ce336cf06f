import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Files produced by sox and ffmpeg decode to the same samples as the reference decoders.
@Suite struct AudioFileDecodeTests {
    /// A file made by an external encoder, and how closely its decode must match the reference.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let fileExtension: String
        /// Arguments for `sox SOURCE <arguments> OUT` (or ffmpeg when `usesFFmpeg`).
        let encoder: [String]
        let usesFFmpeg: Bool
        let encoding: AudioEncoding
        /// Largest per-sample difference from the reference for lossless encodings; `nil` for lossy.
        let tolerance: Float?
        /// Minimum SNR in dB against the reference for lossy encodings, after lining up the decoders'
        /// delay handling. Vorbis and Opus use the same decoder library on both sides (≥ 80 dB); MP3 is
        /// decoded by libmad in sox and mpg123 in libsndfile, which differ in rounding (≥ 50 dB; measured
        /// 58–62 dB).
        let lossySNR: Double
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "wav-u8", fileExtension: "wav", encoder: ["-b", "8", "-e", "unsigned-integer"], usesFFmpeg: false,
            encoding: .pcmU8, tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-s16", fileExtension: "wav", encoder: ["-b", "16", "-e", "signed-integer"], usesFFmpeg: false,
            encoding: .pcm16, tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-s24", fileExtension: "wav", encoder: ["-b", "24", "-e", "signed-integer"], usesFFmpeg: false,
            encoding: .pcm24, tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-s32", fileExtension: "wav", encoder: ["-b", "32", "-e", "signed-integer"], usesFFmpeg: false,
            encoding: .pcm32, tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-f32", fileExtension: "wav", encoder: ["-b", "32", "-e", "floating-point"], usesFFmpeg: false,
            encoding: .float32, tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-ulaw", fileExtension: "wav", encoder: ["-e", "u-law"], usesFFmpeg: false, encoding: .ulaw,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "wav-alaw", fileExtension: "wav", encoder: ["-e", "a-law"], usesFFmpeg: false, encoding: .alaw,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "aiff-s16", fileExtension: "aiff", encoder: ["-b", "16"], usesFFmpeg: false, encoding: .pcm16,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "aiff-s24", fileExtension: "aiff", encoder: ["-b", "24"], usesFFmpeg: false, encoding: .pcm24,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "flac-s16", fileExtension: "flac", encoder: ["-b", "16"], usesFFmpeg: false, encoding: .pcm16,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "flac-s24", fileExtension: "flac", encoder: ["-b", "24"], usesFFmpeg: false, encoding: .pcm24,
            tolerance: 0, lossySNR: 0),
        Case(
            name: "ogg-vorbis", fileExtension: "ogg", encoder: ["-C", "6"], usesFFmpeg: false, encoding: .vorbis,
            tolerance: nil, lossySNR: 80),
        Case(
            name: "opus", fileExtension: "opus", encoder: ["-c:a", "libopus", "-b:a", "128k"], usesFFmpeg: true,
            encoding: .opus, tolerance: nil, lossySNR: 40),
        Case(
            name: "mp3", fileExtension: "mp3", encoder: ["-c:a", "libmp3lame", "-b:a", "192k"], usesFFmpeg: true,
            encoding: .mp3, tolerance: nil, lossySNR: 50),
        // No Xing/Info frame: the length is an estimate and the stream's real end must not read as truncation.
        Case(
            name: "mp3-no-xing", fileExtension: "mp3",
            encoder: ["-c:a", "libmp3lame", "-b:a", "128k", "-write_xing", "0"], usesFFmpeg: true, encoding: .mp3,
            tolerance: nil, lossySNR: 50),
    ]

    @Test func reportsWhatTheInstalledLibraryReads() {
        let containers = SndFileCapabilities.containers.map(\.rawValue).joined(separator: ", ")
        let encodings = SndFileCapabilities.encodings.map(\.rawValue).joined(separator: ", ")
        print("\(SndFileCapabilities.version): containers \(containers); encodings \(encodings)")
        #expect(SndFileCapabilities.canRead(.wav, .pcm16) && SndFileCapabilities.canWrite(.flac, .pcm24))
    }

    @Test("decodes like the reference decoder", arguments: cases)
    func decodesLikeReference(_ testCase: Case) throws {
        try Fixtures.requireTool("sox")
        let directory = Fixtures.directory("decode")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try Fixtures.makeSource(in: directory)
        let path = directory.appendingPathComponent("\(testCase.name).\(testCase.fileExtension)").path
        if testCase.usesFFmpeg {
            try Fixtures.requireTool("ffmpeg")
            try Fixtures.tool("ffmpeg", ["-v", "error", "-y", "-i", source] + testCase.encoder + [path])
        } else {
            try Fixtures.tool("sox", [source] + testCase.encoder + [path])
        }
        let container = try #require(AudioContainer(pathExtension: testCase.fileExtension))
        let opened = Result { () throws(AudioError) -> AudioFile in try AudioFile(path: path) }
        guard SndFileCapabilities.canRead(container, testCase.encoding) else {
            // Detected at run time: this libsndfile build lacks the codec. Say so, and insist the failure is typed.
            print(
                "\(testCase.name): not supported by the installed \(SndFileCapabilities.version); checked that opening fails cleanly"
            )
            if case .failure(let error) = opened { #expect([.unsupportedFormat, .invalidFile].contains(error.kind)) }
            return
        }
        guard case .success(let file) = opened else {
            Issue.record("\(SndFileCapabilities.version) lists \(testCase.name) but cannot decode it: \(opened)")
            return
        }
        #expect(
            file.encoding == testCase.encoding,
            "\(testCase.name): encoding \(String(describing: file.encoding)) (\(file.encodingName))")
        #expect(file.channelCount == 2)
        let ours = try Fixtures.decode(path)
        // sox cannot read Opus (no opusfile in Debian's sox); ffmpeg is the reference there.
        let reference =
            testCase.encoding == .opus
            ? try Fixtures.ffmpegFloat(path, channels: 2) : try Fixtures.soxFloat(path, channels: 2)
        for channel in 0..<2 {
            if let tolerance = testCase.tolerance {
                #expect(
                    ours[channel].count == reference[channel].count,
                    "\(testCase.name): \(ours[channel].count) frames, sox gives \(reference[channel].count)")
                let difference = Fixtures.maxDifference(ours[channel], reference[channel])
                #expect(
                    difference <= tolerance,
                    "\(testCase.name) channel \(channel): differs from sox by up to \(difference)")
            } else {
                let lengthGap = abs(ours[channel].count - reference[channel].count)
                #expect(
                    lengthGap <= 2_400,
                    "\(testCase.name): \(ours[channel].count) frames vs the reference's \(reference[channel].count)")
                let lag = Fixtures.bestLag(ours[channel], reference: reference[channel])
                let aligned =
                    lag >= 0 ? Array(ours[channel].dropFirst(lag)) : Array(repeating: 0, count: -lag) + ours[channel]
                let snr = SignalAnalysis.snr(aligned, reference: reference[channel])
                #expect(
                    snr >= testCase.lossySNR,
                    "\(testCase.name) channel \(channel): SNR against the reference \(snr) dB < \(testCase.lossySNR) dB"
                )
            }
        }
    }
}
