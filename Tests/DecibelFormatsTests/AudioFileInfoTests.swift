import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// What `AudioFile` reports about a file agrees with `soxi`, and `AudioFileInfo` encodes it as JSON.
@Suite struct AudioFileInfoTests {
    static let encodings: [(name: String, ext: String, arguments: [String])] = [
        ("wav-s16", "wav", ["-b", "16"]), ("wav-s24", "wav", ["-b", "24"]),
        ("wav-f32", "wav", ["-e", "floating-point", "-b", "32"]),
        ("wav-u8", "wav", ["-b", "8"]), ("aiff-s16", "aiff", ["-b", "16"]), ("flac-s24", "flac", ["-b", "24"]),
        ("ogg", "ogg", []),
    ]

    @Test("rate, channels, frames, precision and tags agree with soxi", arguments: encodings.map(\.name))
    func agreesWithSoxi(_ name: String) throws {
        try Fixtures.requireTool("soxi")
        let entry = try #require(Self.encodings.first { $0.name == name })
        let directory = Fixtures.directory("info")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(name).\(entry.ext)").path
        try Fixtures.tool(
            "sox",
            ["-n", "-r", "44100", "-c", "3"] + entry.arguments + [
                "--comment", "Decibel test", path, "synth", "0.75", "sine", "500",
            ])
        let file = try AudioFile(path: path)
        func soxi(_ flag: String) throws -> String {
            try Fixtures.tool("soxi", [flag, path]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(file.sampleRate == Double(try soxi("-r")))
        #expect(file.channelCount == Int(try soxi("-c")))
        #expect(file.frameCount == Int(try soxi("-s")))
        #expect(abs(file.duration - (Double(try soxi("-D")) ?? -1)) < 1e-3)
        if let bits = file.encoding?.bitDepth, file.encoding?.isLossless == true {
            let soxBits = try soxi("-b")
            #expect(bits == Int(soxBits), "\(name): bit depth \(bits) vs soxi \(soxBits)")
        }
        let soxComment = try soxi("-a")
        // libsndfile does not expose AIFF's COMT/ANNO chunks as strings; WAV, FLAC and Ogg tags it does.
        if soxComment.contains("Decibel test"), entry.ext != "aiff" {
            #expect(
                file.metadata.values.contains { $0.contains("Decibel test") },
                "\(name): soxi shows '\(soxComment)', we read \(file.metadata)")
        }
    }

    @Test func jsonEncodingHasEveryField() throws {
        let directory = Fixtures.directory("info-json")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tagged.wav").path
        let writer = try AudioFileWriter(
            path: path, format: .wav(bits: 24), sampleRate: 48_000, channelCount: 2,
            metadata: [.title: "Tone", .artist: "Decibel"])
        try writer.writeSilence(frames: 4_800)
        try writer.close()
        let info = try AudioFileInfo(path: path)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(info.jsonString().utf8)) as? [String: Any])
        #expect(object["container"] as? String == "wav")
        #expect(object["encoding"] as? String == "pcm_24")
        #expect(object["bitDepth"] as? Int == 24)
        #expect(object["sampleRate"] as? Int == 48_000)
        #expect(object["channels"] as? Int == 2)
        #expect(object["frames"] as? Int == 4_800)
        #expect(abs((object["duration"] as? Double ?? 0) - 0.1) < 1e-9)
        #expect((object["metadata"] as? [String: String]) == ["title": "Tone", "artist": "Decibel"])
        #expect(info.text.contains("Sample rate: 48000 Hz"))
        let decoded = try JSONDecoder().decode(AudioFileInfo.self, from: Data(info.jsonString().utf8))
        #expect(decoded == info)
    }
}
