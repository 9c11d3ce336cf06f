import DecibelCore
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelFormats

/// A recorder tells its app what happens: first frames, progress, the finished file, a failure.
@Suite struct RecorderEventTests {
    @Test func aRecorderPostsStartedFramesWrittenAndFinishedWithTheFilesLength() throws {
        let directory = Fixtures.directory("recorder-events")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("take.wav").path
        let recorder = try Recorder(path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2)
        let events = Locked<[Recorder.Event]>([])
        recorder.addObserver { event in events.withLock { $0.append(event) } }
        let block = AudioBuffer(channelCount: 2, frameCapacity: 4_800)
        for _ in 0..<10 {
            recorder.append(block.view)
            Thread.sleep(forTimeInterval: 0.03)
        }
        let summary = try recorder.close()
        let seen = events.withLock { $0 }
        #expect(seen.first == .started)
        #expect(seen.last == .finished(summary))
        #expect(summary.fileFrames == 48_000 && summary.fileDuration == 1)
        let progress = seen.compactMap { event -> Int? in
            if case .framesWritten(let frames) = event { return frames }
            return nil
        }
        #expect(progress.count >= 2 && progress == progress.sorted() && progress.last == 48_000)
        #expect(seen.filter { $0 == .started }.count == 1)
    }

    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["DECIBEL_TEST_SANITIZER"] == "thread",
            "Swift's ThreadSanitizer runtime dies of SIGBUS (exit 66) under any `ulimit -f`: a two-line Swift program that prints an enum case does too"
        ))
    func aWriteFailureIsPostedAsFailedWithTheErrorCloseThrows() throws {
        // The probe records under a 64 KiB file-size limit: the writes past it fail with EFBIG.
        let directory = Fixtures.directory("recorder-failure")
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = TestEnvironment.productsDirectory.appendingPathComponent("decibel-record-probe").path
        try #require(FileManager.default.fileExists(atPath: probe), "build decibel-record-probe first")
        let path = directory.appendingPathComponent("limited.wav").path
        let result = try run("sh", ["-c", "ulimit -f 64; exec \"$0\" \"$1\"", probe, path])
        let lines = result.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("appending") }
        print(
            "recorder past a 64 KiB limit: \(lines.filter { !$0.hasPrefix("flushed") }), status \(result.status), stderr \(result.standardError.suffix(400))"
        )
        #expect(result.status == 3)
        #expect(lines.filter { $0.hasPrefix("failed") } == ["failed fileUnreadable"])
        #expect(lines.last == "close threw fileUnreadable")
    }

    @Test func closingFromAnEventHandlerIsRefusedNotADeadlock() throws {
        let directory = Fixtures.directory("recorder-handler")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = try Recorder(
            path: directory.appendingPathComponent("take.wav").path, format: .wav(bits: 16), sampleRate: 48_000,
            channelCount: 1)
        let refusal = Locked<AudioError?>(nil)
        recorder.addObserver { [recorder] event in
            guard case .started = event else { return }
            do throws(AudioError) { try recorder.close() } catch { refusal.withLock { $0 = error } }
        }
        let block = AudioBuffer(channelCount: 1, frameCapacity: 480)
        recorder.append(block.view)
        let deadline = Date().addingTimeInterval(2)
        while refusal.withLock({ $0 }) == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(refusal.withLock { $0 }?.kind == .invalidState)
        #expect(try recorder.close().fileFrames == 480)
    }

    /// An app that drops its recorder from an event handler (on `.failed`, say) releases the last reference
    /// on the writer thread: the recorder's `deinit` runs there and cannot wait for its own thread, so the
    /// thread must not depend on the recorder's memory. (It did: the writer went on reading a freed ring.)
    @Test func droppingTheLastReferenceInAnEventHandlerStillFinishesTheFile() throws {
        let directory = Fixtures.directory("recorder-handler-drop")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("take.wav").path
        let owner = Locked<Recorder?>(nil)
        let released = Locked<Bool>(false)
        let testLetGo = Atomic<Bool>(false)
        do {
            let recorder = try Recorder(path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 1)
            owner.withLock { $0 = recorder }
            recorder.addObserver { event in
                guard case .started = event else { return }
                // Wait (on the writer thread) until the handler's reference is the only one left.
                let deadline = Date().addingTimeInterval(5)
                while !testLetGo.load(ordering: .acquiring) && Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.001)
                }
                let last = owner.withLock { recorder in
                    defer { recorder = nil }
                    return recorder
                }
                withExtendedLifetime(last) {}
                released.withLock { $0 = true }
            }
            let block = AudioBuffer(channelCount: 1, frameCapacity: 480)
            for _ in 0..<10 { recorder.append(block.view) }
        }  // the test's reference is gone; the handler holds the last one
        testLetGo.store(true, ordering: .releasing)
        let deadline = Date().addingTimeInterval(10)
        var frames = 0
        while Date() < deadline {
            if released.withLock({ $0 }), let count = try? AudioFile(path: path).frameCount, count == 4_800 {
                frames = count
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(released.withLock { $0 }, "the handler never ran")
        #expect(frames == 4_800, "the file holds \(frames) of 4800 frames")
    }
}
