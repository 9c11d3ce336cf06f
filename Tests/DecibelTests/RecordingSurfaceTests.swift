import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// AERecorder's patterns: several sources mixed into one recording, appending to a file, a rate mismatch
/// refused; TAAE's push source; offline rendering straight into an `AudioFileWriter`.
@Suite("Recording and pushing like TAAE", .serialized)
struct RecordingSurfaceTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-recording-surface")
    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A deterministic source: `value(sampleTime)` on every channel.
    private func source(_ value: @escaping @Sendable (Int64) -> Float) -> BlockSource {
        BlockSource { view, time in
            for frame in 0..<view.frameCount {
                let sample = value(time + Int64(frame))
                for channel in 0..<view.channelCount { view.samples(channel)[frame] = sample }
            }
        }
    }

    private func readAll(_ file: String) throws -> AudioBuffer {
        try AudioFile(path: file).readAll()
    }

    @Test("a recording of two sources is their sum, frame for frame")
    func twoSourcesMixed() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, maximumFrameCount: 256)
        let sine = source { Float(sin(2 * Double.pi * 440 * Double($0) / 48_000)) * 0.3 }
        let ramp = source { Float($0 % 100) / 500 }
        let group = ChannelGroup(name: "sources")
        try engine.mainGroup.add(group)
        try group.add(sine)
        try group.add(ramp)
        let file = path("mix.wav")
        let recorder = try Recorder(
            path: file, format: .wav(bits: 32, float: true), sampleRate: 48_000, channelCount: 2)
        let mix = try recorder.record(mixing: [sine, ramp], in: engine, frameLimit: 48_000)
        _ = try engine.render(seconds: 1, blockSize: 256)
        let deadline = Date().addingTimeInterval(5)
        while mix.tap.deliveredFrameCount < 48_000 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try mix.stop(in: engine)
        let summary = try recorder.close()
        #expect(summary.framesWritten == 48_000 && summary.overflowFrames == 0)
        let recorded = try readAll(file)
        var worst: Float = 0
        for frame in 0..<48_000 {
            let want = Float(sin(2 * Double.pi * 440 * Double(frame) / 48_000)) * 0.3 + Float(frame % 100) / 500
            worst = max(worst, abs(recorded[0][frame] - want), abs(recorded[1][frame] - want))
        }
        #expect(worst == 0, "largest difference from the sum: \(worst)")
    }

    @Test("a Recorder refuses an engine at another rate, with both rates in the message")
    func rateMismatchRefused() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
        let recorder = try Recorder(path: path("wrong.wav"), format: .wav(), sampleRate: 44_100, channelCount: 2)
        #expect {
            try recorder.record(engine.mainGroup, in: engine)
        } throws: { error in
            let text = "\(error)"
            return (error as? AudioError)?.kind == .invalidArgument && text.contains("48000 Hz")
                && text.contains("44100 Hz")
        }
        _ = try recorder.close()
    }

    @Test("appending continues a WAV in place: sox reads one valid file holding both takes")
    func appendLeavesAValidFile() throws {
        let file = path("take.wav")
        let first = try Recorder(path: file, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 1)
        let block = AudioBuffer(channelCount: 1, frameCapacity: 1000)
        for frame in 0..<1000 { block[0][frame] = 0.25 }
        for _ in 0..<30 { first.append(block.view) }
        _ = try first.close()
        let second = try Recorder(appendingTo: file, sampleRate: 48_000, channelCount: 1)
        #expect(second.initialFrames == 30_000)
        for frame in 0..<1000 { block[0][frame] = -0.5 }
        for _ in 0..<12 { second.append(block.view) }
        let summary = try second.close()
        #expect(summary.framesWritten == 12_000)
        let soxi = try run("soxi", ["-s", file])
        #expect(soxi.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "42000", "\(soxi.standardError)")
        let samples = try readAll(file)
        #expect(samples.frameLength == 42_000)
        #expect(samples[0][29_999] == 0.25 && samples[0][30_000] == -0.5 && samples[0][41_999] == -0.5)

        #expect {
            try Recorder(appendingTo: file, sampleRate: 44_100, channelCount: 1)
        } throws: { "\($0)".contains("48000 Hz") && "\($0)".contains("44100 Hz") }
        #expect {
            try Recorder(appendingTo: file, sampleRate: 48_000, channelCount: 2)
        } throws: { "\($0)".contains("1 channel") }
        let flac = path("take.flac")
        let writer = try AudioFileWriter(path: flac, format: .flac(), sampleRate: 48_000, channelCount: 1)
        try writer.write(block.view)
        try writer.close()
        #expect {
            try AudioFileWriter(appendingTo: flac)
        } throws: { ($0 as? AudioError)?.kind == .unsupportedFormat && "\($0)".contains("cannot append to FLAC") }
    }

    @Test("engine.render(frames:to:) writes straight into an AudioFileWriter")
    func offlineRenderIntoAWriter() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2)
        try engine.mainGroup.add(ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5))
        let file = path("rendered.flac")
        let writer = try AudioFileWriter(path: file, format: .flac(bits: 24), sampleRate: 48_000, channelCount: 2)
        try engine.render(frames: 48_000, to: writer)
        try writer.close()
        let samples = try readAll(file).samples(ofChannel: 0)
        #expect(samples.count == 48_000)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 0.001)
    }

    @Test(
        "a push source carries 16 kHz mono Int16 pushed from a thread to a 48 kHz stereo engine; the underrun is counted"
    )
    func pushSource() throws {
        let engine = AudioEngine(sampleRate: 48_000, channelCount: 2, maximumFrameCount: 512)
        let pushed = PushSource(format: .init(sampleRate: 16_000, channelCount: 1), ringSeconds: 1)
        try engine.mainGroup.add(pushed)
        // Half a second of 1 kHz at half scale, pushed in network-sized packets by another thread.
        let samples = (0..<8_000).map { Int16((sin(2 * Double.pi * 1000 * Double($0) / 16_000) * 16_384).rounded()) }
        let queued = Atomic<Int>(0)
        let pusher = Thread {
            for start in stride(from: 0, to: samples.count, by: 320) {
                let packet = Array(samples[start..<min(samples.count, start + 320)])
                queued.add(
                    (try? packet.withUnsafeBufferPointer { try pushed.push(interleaved: $0) }) ?? 0, ordering: .relaxed)
            }
            queued.add((try? pushed.endOfStream()) ?? 0, ordering: .relaxed)
        }
        pusher.start()
        let deadline = Date().addingTimeInterval(5)
        while queued.load(ordering: .relaxed) < 23_990 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let output = try engine.render(seconds: 1, blockSize: 512)
        let left = output.samples(ofChannel: 0), right = output.samples(ofChannel: 1)
        #expect(left == right, "mono to both channels")
        let played = queued.load(ordering: .relaxed)
        print(
            "push source: \(played) frames queued, \(pushed.underrunFrames) underrun frames in \(pushed.underrunEvents) blocks"
        )
        #expect(abs(played - 24_000) <= 2, "half a second at 48 kHz, the resampler's tail included")
        let tone = Array(left[2_000..<20_000])
        #expect(abs(SignalAnalysis.frequency(tone, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.peak(tone) - 0.5) < 0.01)
        #expect(left[30_000...].allSatisfy { $0 == 0 }, "silence after the pushed audio")
        #expect(abs(pushed.underrunFrames - (48_000 - played)) <= 512)
        #expect(pushed.underrunEvents >= 1 && pushed.droppedFrames == 0)
    }
}
