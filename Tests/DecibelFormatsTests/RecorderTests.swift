import DecibelCore
import DecibelTestSupport
import Foundation
import Testing

@testable import DecibelFormats

/// Recording: close() flushes everything, overflow becomes silence of the exact length, and a kill -9
/// leaves a valid file holding every frame the recorder had written before the kill.
@Suite struct RecorderTests {
    /// The probe's signal (see Tests/RecordProbe/main.swift): never zero, exact in float.
    static func value(_ frame: Int) -> Float { Float(frame % 65_521 + 1) / 65_536 }

    static func fill(_ block: AudioBuffer, from start: Int) {
        for frame in 0..<block.frameCapacity {
            block[0][frame] = value(start + frame)
            block[1][frame] = -value(start + frame)
        }
    }

    @Test func closeFlushesEveryFrame() throws {
        let directory = Fixtures.directory("recorder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("take.wav").path
        let recorder = try Recorder(
            path: path, format: .wav(bits: 32, float: true), sampleRate: 48_000, channelCount: 2, ringSeconds: 10)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 480)
        for index in 0..<200 {
            Self.fill(block, from: index * 480)
            recorder.append(block.view)
        }
        let summary = try recorder.close()
        #expect(
            summary
                == RecordingSummary(
                    framesWritten: 96_000, fileFrames: 96_000, fileDuration: 2, silenceFramesInserted: 0,
                    overflowFrames: 0, overflowEvents: 0))
        let decoded = try AudioFile(path: path).readAll()
        #expect(decoded.frameLength == 96_000)
        let mismatch = (0..<decoded.frameLength).first {
            decoded[0][$0] != Self.value($0) || decoded[1][$0] != -Self.value($0)
        }
        #expect(mismatch == nil, "frame \(mismatch ?? -1) differs from what was appended")
    }

    @Test func droppingTheRecorderStillFinishesTheFile() throws {
        let directory = Fixtures.directory("recorder-drop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("dropped.wav").path
        do {
            let recorder = try Recorder(path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2)
            let block = AudioBuffer(channelCount: 2, frameCapacity: 1_000)
            for _ in 0..<5 { recorder.append(block.view) }
        }  // no close(): deinit stops the writer thread, which drains first
        #expect(try AudioFile(path: path).frameCount == 5_000)
    }

    @Test func overflowBecomesSilenceOfTheExactLength() throws {
        let directory = Fixtures.directory("recorder-overflow")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("overflow.wav").path
        // A 512-frame ring and 256-frame blocks appended as fast as possible: the writer cannot keep up.
        let recorder = try Recorder(
            path: path, format: .wav(bits: 32, float: true), sampleRate: 48_000, channelCount: 2, ringSeconds: 0.01)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 256)
        let blocks = 400
        for index in 0..<blocks {
            Self.fill(block, from: index * 256)
            recorder.append(block.view)
        }
        let summary = try recorder.close()
        #expect(summary.overflowFrames > 0, "the test must actually overflow")
        #expect(summary.overflowEvents > 0)
        #expect(summary.silenceFramesInserted == summary.overflowFrames)
        #expect(summary.framesWritten == blocks * 256, "the timeline must keep its length")
        let decoded = try AudioFile(path: path).readAll()
        #expect(decoded.frameLength == blocks * 256)
        var silent = 0, wrong: [Int] = []
        for frame in 0..<decoded.frameLength {
            if decoded[0][frame] == 0 && decoded[1][frame] == 0 {
                silent += 1
            } else if decoded[0][frame] != Self.value(frame) || decoded[1][frame] != -Self.value(frame) {
                wrong.append(frame)
            }
        }
        #expect(wrong.isEmpty, "frames out of place after a gap: \(wrong.prefix(10))")
        #expect(
            silent == summary.silenceFramesInserted,
            "\(silent) silent frames in the file, \(summary.silenceFramesInserted) reported")
        print(
            "recorder overflow: \(summary.overflowFrames) frames dropped in \(summary.overflowEvents) events, all written back as silence in place"
        )
    }

    @Test func killNineLeavesAValidFile() throws {
        let probe = TestEnvironment.productsDirectory.appendingPathComponent("decibel-record-probe")
        try #require(
            FileManager.default.isExecutableFile(atPath: probe.path),
            "build decibel-record-probe first (swift build --build-tests)")
        let directory = Fixtures.directory("recorder-kill")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("killed.wav").path
        let process = try ChildProcess(probe.path, [path, "48000"], standardOutput: .pipe, standardError: .inherit)
        let output = try #require(process.standardOutput)
        // The probe's last "appending N" (frames handed to the recorder, counting the block being handed
        // over) and "flushed N" (frames its writer thread had written to the file) lines.
        var appending = 0, flushed = 0, pending = ""
        func take(_ data: Data) {
            pending += String(decoding: data, as: UTF8.self)
            let lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
            pending = String(lines.last ?? "")
            for line in lines.dropLast() {
                if line.hasPrefix("appending ") { appending = Int(line.dropFirst(10)) ?? appending }
                if line.hasPrefix("flushed ") { flushed = Int(line.dropFirst(8)) ?? flushed }
            }
        }
        let deadline = Date().addingTimeInterval(60)
        // Read progress until 1.5 s of audio was handed over and the writer has put 0.5 s of it in the
        // file, then kill -9 mid-recording.
        while appending < 72_000 || flushed < 24_000, Date() < deadline {
            let data = output.availableData
            if data.isEmpty { break }
            take(data)
        }
        process.signal(SIGKILL)
        let termination = process.wait()
        #expect(termination.signal != nil, "\(termination)")
        // And what it wrote between the last read and the kill (its end of the pipe is closed now), so the
        // bounds below use its final counts however long this thread took to send the signal.
        take(output.readDataToEndOfFile())
        try #require(
            appending >= 72_000 && flushed >= 24_000,
            "the probe reported only \(appending) frames appended, \(flushed) flushed")
        let file = try AudioFile(path: path)
        // Exact whatever the scheduling: the file holds everything the recorder had written (its header is
        // rewritten after every write) and nothing that was never appended.
        #expect(
            file.frameCount >= flushed,
            "the file holds \(file.frameCount) frames; the recorder had written \(flushed) before the kill")
        #expect(
            file.frameCount <= appending,
            "the file holds \(file.frameCount) frames; only \(appending) were handed to the recorder")
        let decoded = try file.readAll()
        let mismatch = (0..<decoded.frameLength).first {
            decoded[0][$0] != Self.value($0) || decoded[1][$0] != -Self.value($0)
        }
        #expect(mismatch == nil, "frame \(mismatch ?? -1) differs from what was appended")
        print(
            "recorder kill -9: \(appending) frames appended, \(flushed) reported flushed, \(file.frameCount) in the file (\(String(format: "%.0f", Double(appending - file.frameCount) / 48)) ms behind)"
        )
    }
}
