import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Missing, unreadable, empty, truncated, non-audio and absurd-header files throw typed errors naming the
/// file, and the broken-file corpus never crashes.
@Suite struct BadInputTests {
    /// Opens `path` and reads it to the end in bounded blocks. Returns the error, or nil when it decoded.
    static func openAndRead(_ path: String) -> AudioError? {
        do {
            let file = try AudioFile(path: path, chunkFrames: 2_048)
            let block = AudioBuffer(channelCount: min(file.channelCount, 8), frameCapacity: 2_048)
            while !file.isAtEnd {
                if try file.read(into: block.view) == 0 { break }
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func missingFile() {
        let error = Self.openAndRead("/nonexistent/decibel/missing.wav")
        #expect(error?.kind == .fileNotFound)
        #expect(error?.message.contains("/nonexistent/decibel/missing.wav") == true)
    }

    @Test func directoryAndUnreadable() throws {
        let directory = Fixtures.directory("unreadable")
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = Self.openAndRead(directory.path)
        #expect(error?.kind == .fileUnreadable)
        #expect(error?.message.contains("directory") == true)
        let path = directory.appendingPathComponent("locked.wav").path
        try BrokenFileCorpus.wav().write(to: URL(fileURLWithPath: path))
        chmod(path, 0)
        if getuid() == 0 {
            print(
                "BadInputTests: running as root, which reads mode-000 files anyway; the permission case is checked only as a non-root user"
            )
        } else {
            #expect(Self.openAndRead(path)?.kind == .fileUnreadable)
        }
    }

    @Test func emptyFile() throws {
        let directory = Fixtures.directory("empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("empty.wav").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let error = Self.openAndRead(path)
        #expect(error?.kind == .invalidFile)
        #expect(error?.message == "\(path): is empty (0 bytes)")
    }

    @Test(
        "absurd headers are refused (recoverable ones decode or fail cleanly)",
        arguments: BrokenFileCorpus.absurdHeaders.map(\.name))
    func absurdHeader(_ name: String) throws {
        let entry = try #require(BrokenFileCorpus.absurdHeaders.first { $0.name == name })
        let directory = Fixtures.directory("absurd")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(name).wav").path
        try entry.bytes.write(to: URL(fileURLWithPath: path))
        guard entry.mustFail else {
            if let error = Self.openAndRead(path) { #expect(error.message.hasPrefix(path)) }
            return
        }
        let error = try #require(Self.openAndRead(path), "\(name) was accepted as audio")
        #expect([.invalidFile, .unsupportedFormat].contains(error.kind), "\(name): \(error)")
        #expect(error.message.hasPrefix(path), "\(name): the message must name the file: \(error)")
    }

    @Test(
        "the broken-file corpus gives errors and never crashes",
        arguments: ["wav", "aiff", "flac", "ogg", "mp3", "m4a"])
    func corpus(_ container: String) throws {
        try Fixtures.requireTool("sox")
        let directory = Fixtures.directory("corpus-\(container)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let valid = directory.appendingPathComponent("valid.\(container)").path
        if container == "mp3" || container == "m4a" {
            try Fixtures.requireTool("ffmpeg")
            // M4A with its index first (+faststart), so cuts through the audio leave an index to check against.
            try Fixtures.tool(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "sine=f=440:d=0.3:r=48000", "-metadata", "title=Corpus",
                ] + (container == "m4a" ? ["-c:a", "aac", "-movflags", "+faststart"] : []) + [valid])
        } else {
            try Fixtures.tool(
                "sox",
                [
                    "-n", "-r", "48000", "-c", "2", "-b", "16", valid, "synth", "0.3", "sine", "440", "sine", "660",
                    "vol", "0.5",
                ])
        }
        #expect(Self.openAndRead(valid) == nil, "the unbroken \(container) must decode")
        let original = try Data(contentsOf: URL(fileURLWithPath: valid))
        let entries =
            BrokenFileCorpus.truncations(of: original, container: container)
            + BrokenFileCorpus.flips(of: original, container: container)
        var failures = 0, accepted: [String] = []
        for entry in entries {
            let path = directory.appendingPathComponent("\(entry.name).\(container)").path
            try entry.bytes.write(to: URL(fileURLWithPath: path))
            if let error = Self.openAndRead(path) {
                failures += 1
                #expect(error.message.hasPrefix(path), "\(entry.name): the message must name the file: \(error)")
            } else if entry.mustFail {
                accepted.append(entry.name)
            }
            try? FileManager.default.removeItem(atPath: path)
        }
        #expect(accepted.isEmpty, "\(container): truncated files accepted as complete: \(accepted)")
        print(
            "corpus \(container): \(entries.count) broken files, \(failures) refused with a typed error, none crashed")
    }
}
