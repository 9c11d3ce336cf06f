import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@Suite("AudioPlayer and Recorder", .serialized)
struct AudioPlayerTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-player")

    /// A stereo sine file made by sox at `rate`.
    private func makeTone(seconds: Double, frequency: Int = 1000, rate: Int = 48000) throws -> String {
        let path = directory.appendingPathComponent("tone-\(frequency)-\(rate).wav").path
        try #require(
            try run(
                "sox",
                [
                    "-n", "-r", "\(rate)", "-c", "2", "-b", "24", path, "synth", "\(seconds)", "sine", "\(frequency)",
                    "gain", "-6",
                ]
            ).status == 0)
        return path
    }

    private func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return condition()
    }

    @Test(
        "plays a file to its end on the Null device: the output carries the file, state and times follow, EOF is announced"
    )
    func playsToTheEnd() throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 1, rate: 44_100), backend: NullBackend())
        let collector = BufferCollector(channels: 2, limit: 40_000)
        let tap = try player.output.engine.installTap(on: player.output.engine.mainGroup) { collector.append($0) }
        let states = Locked<[AudioPlayer.State]>([])
        let ended = Atomic<Bool>(false)
        player.onStateChange = { state in states.withLock { $0.append(state) } }
        player.onEndOfFile = { ended.store(true, ordering: .relaxed) }
        #expect(player.formattedDuration == "0:01")
        #expect(abs(player.duration - 1) < 0.01)  // resampled from 44.1 kHz to the device's 48 kHz
        player.play()
        #expect(wait(1) { player.currentTime > 0.2 })
        #expect(wait(3) { ended.load(ordering: .relaxed) })
        #expect(player.state == .stopped)
        #expect(states.withLock { $0 } == [.playing, .stopped])
        try player.output.engine.removeTap(tap)
        let samples = Array(collector.channel(0).drop { $0 == 0 }.prefix(24_000))
        #expect(samples.count == 24_000)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 0.01)
    }

    @Test("currentTime never goes back while a file plays to its end, and shows the end while the output plays it out")
    func currentTimeHoldsTheEndWhilePlayingOut() throws {
        // 100 ms: a play-out long enough for the polls below to see under the sanitizers, short of a deep buffer's
        // 150 ms (which takes the heard-position path instead).
        let player = try AudioPlayer(
            path: try makeTone(seconds: 0.5), backend: NullBackend(), bufferSize: .milliseconds(100))
        player.play()
        var latest = 0.0, wentBack: [(from: Double, to: Double)] = []
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let time = player.currentTime
            guard player.state == .playing else { break }  // read after the time: a stopped player rewinds
            if time < latest { wentBack.append((latest, time)) }
            latest = max(latest, time)
            usleep(200)
        }
        #expect(player.state == .stopped, "the end was announced")
        let backwards = wentBack.count
        #expect(backwards == 0, "currentTime went back while playing, first: \(wentBack.prefix(3))")
        #expect(abs(latest - player.duration) < 1e-9, "the last time shown while playing was \(latest) s")
    }

    @Test("a player of one channel averages a stereo file (the left channel's tone at half its level)")
    func monoPlayerAveragesStereo() throws {
        let path = directory.appendingPathComponent("left-only.wav").path
        let made = try run(
            "sox",
            [
                "-n", "-r", "48000", "-c", "2", "-b", "24", path, "synth", "1", "sine", "1000", "gain", "-6", "remix",
                "1", "0",
            ])
        try #require(made.status == 0, "sox: \(made.standardError)")
        let player = try AudioPlayer(path: path, backend: NullBackend(), channelCount: 1)
        #expect(player.output.engine.channelCount == 1 && player.output.stream.format.outputChannelCount == 1)
        let collector = BufferCollector(channels: 1, limit: 40_000)
        let tap = try player.output.engine.installTap(on: player.output.engine.mainGroup) { collector.append($0) }
        player.play()
        #expect(wait(3) { collector.channel(0).count >= 30_000 })
        try player.output.engine.removeTap(tap)
        let samples = Array(collector.channel(0).drop { $0 == 0 }.prefix(24_000))
        try #require(samples.count == 24_000)
        let peak = SignalAnalysis.peak(samples), frequency = SignalAnalysis.frequency(samples, sampleRate: 48_000)
        print("mono player of a left-only stereo file: peak \(peak), \(frequency) Hz")
        #expect(abs(peak - 0.25) < 0.005)
        #expect(abs(frequency - 1000) < 0.5)
    }

    @Test("try await endOfFile() returns when a one-second file has played; events() sees playing then stopped")
    func awaitsTheEndOfFile() async throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 1), backend: NullBackend())
        let engine = player.output.engine, node = try #require(player.node)
        let fileFrames = player.totalFrames, blockFrames = player.output.stream.format.bufferSize
        // Measured in the device's frames, not wall time (the Null clock skips periods on a late thread and
        // the decoder may underflow): the engine sample times at which the node's first playing block began
        // and its last one ended, seen on the render thread after each block.
        let span = Locked<(start: Int64?, end: Int64?)>((nil, nil))
        let watcher = TimingReceiver(after: { timing in
            let playing = node.state == .playing
            span.withLock { span in
                if playing && span.start == nil { span.start = timing.sampleTime }
                if !playing && span.start != nil && span.end == nil {
                    span.end = timing.sampleTime + Int64(timing.frameCount)
                }
            }
        })
        try engine.addTimingReceiver(watcher)
        let events = player.events()
        let seen = Task {
            var states: [AudioPlayer.Event] = []
            for await event in events {
                states.append(event)
                if event == .endOfFile { break }
            }
            return states
        }
        let start = MonotonicClock.now()
        let renderedAtPlay = engine.sampleTime
        player.play()
        try await player.endOfFile()
        let renderedAtEnd = engine.sampleTime
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        try engine.removeTimingReceiver(watcher)
        let (first, last) = span.withLock { $0 }
        let begun = try #require(first, "the node played"), ended = try #require(last, "the node stopped")
        let played = Int(ended - begun), underflow = try #require(player.source).underflowFrames
        print(
            "endOfFile: the node played \(played) frames (file \(fileFrames), underflow \(underflow), blocks of \(blockFrames)) from sample \(begun) to \(ended); rendered \(renderedAtPlay) at play(), \(renderedAtEnd) when endOfFile() returned, after \(elapsed) s"
        )
        // The start applies at the next block's start; the end is found in the block that reads the file's
        // last frames (or in the next one, when they fill a block): at most one block of silence follows,
        // plus whatever silence the decoder's underflows put in the middle.
        #expect(begun >= renderedAtPlay, "playback began after play()")
        #expect(played >= fileFrames, "the whole file played")
        #expect(played <= fileFrames + underflow + blockFrames, "the node stopped at the file's end")
        #expect(renderedAtEnd >= ended, "endOfFile() returned after the file's last block was rendered")
        // Only a hang guard: wall time also holds the clock's skips and the 5 ms event delivery.
        #expect(elapsed < 30)
        #expect(player.state == .stopped)
        #expect(await seen.value == [.stateChanged(.playing), .stateChanged(.stopped), .endOfFile])
    }

    @Test("a file player's one-shots start at once: the rewind they make on the render thread is announced")
    func oneShotsStartAtOnce() throws {
        let source = try AudioFileSource(path: try makeTone(seconds: 10))
        let node = FilePlayer(source: source)
        let engine = try AudioEngine(
            backend: NullBackend(),
            configuration: StreamConfiguration(direction: .output, channelCount: 2, bufferSize: .frames(256)) { _ in })
        defer { engine.stream?.close() }
        try engine.mainGroup.add(node)
        let heard = Locked<[Float]>([])
        try engine.installTap(on: node, bufferSize: 256) { buffer in heard.withLock { $0 += buffer[0] } }
        try engine.stream?.start()
        for _ in 0..<5 {
            // The ring is full and the decoder naps (up to 455 ms with this 1 s ring); each one-shot empties it.
            Thread.sleep(forTimeInterval: 0.3)
            node.playOnce {}
        }
        Thread.sleep(forTimeInterval: 0.3)
        engine.stream?.close()
        let silent = try Self.silentFrames(afterTheFirstSoundIn: heard.withLock { $0 })
        print("five one-shots left \(Double(silent) / 48) ms of silence in all")
        // Unannounced, each waits out the nap: about 1.1 s in all on average. Announced, a block or two each.
        #expect(Double(silent) / 48_000 < 0.1)
    }

    @Test("seeks while playing leave next to no silence: the decoder is told one is coming and does not nap through it")
    func seeksAreServedPromptly() throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 10), backend: NullBackend())
        let heard = Locked<[Float]>([])
        let tap = try player.playedAudio(bufferSize: 256) { buffer in heard.withLock { $0 += buffer[0] } }
        defer { try? player.output.engine.removeTap(tap) }
        player.play()
        #expect(wait(2) { player.currentTime > 0.2 })
        for target in [5.0, 1.0, 7.0, 3.0, 8.0] {
            // By now the ring is full and the decoder naps (up to 455 ms); the seek must not wait that out.
            Thread.sleep(forTimeInterval: 0.25)
            player.seek(toTime: target)
        }
        Thread.sleep(forTimeInterval: 0.25)
        player.pause()
        let silence = Double(try Self.silentFrames(afterTheFirstSoundIn: heard.withLock { $0 })) / player.sampleRate
        print("five seeks while playing left \(silence * 1000) ms of silence in all")
        // Unannounced, each seek would wait for the decoder's nap (0–455 ms with this 1 s ring: about 1.1 s for the
        // five on average; when the nap was 0–100 ms, 250 ms, under 100 ms in fewer than 1 % of runs). Announced,
        // each costs about a block: 5–27 ms for the five with 256-frame blocks here.
        #expect(silence < 0.1)
    }

    /// Frames of silence after `samples`' first sound: runs of exact zeros longer than a millisecond at 48 kHz
    /// (a 1 kHz tone's own zero crossings are single samples). A seek's wait for the decoder is silence that
    /// `underflowFrames` does not count (the render thread returns nothing while a seek is pending).
    static func silentFrames(afterTheFirstSoundIn samples: [Float]) throws -> Int {
        let start = try #require(samples.firstIndex { $0 != 0 }, "no sound in \(samples.count) frames")
        var silent = 0, run = 0
        for sample in samples[start...] {
            run = sample == 0 ? run + 1 : 0
            if run == 49 { silent += 48 } else if run > 49 { silent += 1 }
        }
        return silent
    }

    @Test("cancelling a task waiting in endOfFile() throws CancellationError and leaves playback going")
    func cancelledWaitThrows() async throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 5), backend: NullBackend())
        player.play()
        let waiter = Task { try await player.endOfFile() }
        try await Task.sleep(nanoseconds: 100_000_000)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(player.state == .playing)
        player.stop()
    }

    @Test("pause holds the position, seek jumps, stop rewinds, looping never ends, volume scales")
    func transport() throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 2), backend: NullBackend())
        let ended = Atomic<Bool>(false)
        player.onEndOfFile = { ended.store(true, ordering: .relaxed) }
        player.play()
        #expect(wait(2) { player.currentTime > 0.3 })
        player.pause()
        Thread.sleep(forTimeInterval: 0.1)
        let held = player.currentTime
        Thread.sleep(forTimeInterval: 0.3)
        #expect(player.currentTime == held)
        #expect(player.state == .paused)
        player.seek(toTime: 1.5)
        player.play()
        #expect(wait(1) { player.currentTime >= 1.5 })
        player.isLooping = true
        Thread.sleep(forTimeInterval: 1.0)
        let endedWhileLooping = ended.load(ordering: .relaxed)
        #expect(!endedWhileLooping)
        #expect(player.state == .playing)
        #expect(player.currentTime < 1.5, "looped back to the start")
        player.volume = 0.5
        Thread.sleep(forTimeInterval: 0.2)
        let level = player.output.meter.peakDBFS()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(abs(player.output.meter.peakDBFS() - (-12.04)) < 0.3, "peak was \(level)")
        player.stop()
        #expect(player.state == .stopped)
        #expect(wait(1) { player.currentTime == 0 })
    }

    @Test("looping wraps with no gap, and the time stays within the file", arguments: [48_000, 44_100])
    func seamlessLoop(rate: Int) throws {
        let player = try AudioPlayer(path: try makeTone(seconds: 0.5, rate: rate), backend: NullBackend())
        let collector = BufferCollector(channels: 1, limit: 48_000 * 2)
        let tap = try player.output.engine.installTap(on: player.output.engine.mainGroup) { collector.append($0) }
        player.isLooping = true
        player.play()
        var latest = 0.0
        while collector.frames < collector.limit {
            latest = max(latest, player.currentTime)
            Thread.sleep(forTimeInterval: 0.02)
        }
        try player.output.engine.removeTap(tap)
        #expect(player.state == .playing)
        #expect(latest <= player.duration + 0.01, "time \(latest) s in a \(player.duration) s file")
        let samples = Array(collector.channel(0).drop { abs($0) < 0.01 })
        var silentRun = 0, longest = 0
        for sample in samples {
            silentRun = abs(sample) < 1e-6 ? silentRun + 1 : 0
            longest = max(longest, silentRun)
        }
        #expect(longest <= 2, "a gap of \(longest) silent frames in \(samples.count) looped frames")
    }

    @Test("a file source dropped without stop() is freed: its decoder thread does not keep it alive")
    func droppedSourceIsFreed() throws {
        weak var dropped: AudioFileSource?
        do {
            let source = try AudioFileSource(path: try makeTone(seconds: 1))
            dropped = source
            MonotonicClock.sleep(nanoseconds: 20_000_000)
        }
        #expect(dropped == nil)
    }

    @Test("a missing or broken file is a clear error naming it")
    func badFiles() throws {
        #expect { try AudioPlayer(path: "/nonexistent/x.wav", backend: NullBackend()) } throws: {
            ($0 as? AudioError)?.kind == .fileNotFound && "\($0)".contains("/nonexistent/x.wav")
        }
        let junk = directory.appendingPathComponent("junk.wav").path
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: junk))
        #expect { try AudioPlayer(path: junk, backend: NullBackend()) } throws: {
            ($0 as? AudioError)?.kind == .invalidFile
        }
    }

    @Test("a Recorder fed from the input node writes exactly the captured frames")
    func recorderFromTheGraph() throws {
        let backend = NullBackend(options: .init(inputSignal: .sine(frequency: 1000, amplitude: 0.5)))
        let engine = try AudioEngine(
            backend: backend, configuration: StreamConfiguration(direction: .input, channelCount: 2) { _ in })
        let path = directory.appendingPathComponent("take.wav").path
        let recorder = try Recorder(path: path, format: .wav(bits: 24), sampleRate: 48_000, channelCount: 2)
        let tap = try recorder.record(engine.inputNode, in: engine, frameLimit: 24_000)
        try engine.stream?.start()
        #expect(wait(5) { tap.deliveredFrameCount >= 24_000 })
        try engine.stream?.stop()
        try engine.removeTap(tap)
        let summary = try recorder.close()
        #expect(summary.framesWritten == 24_000)
        #expect(summary.overflowFrames == 0)
        let file = try AudioFile(path: path)
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: 24_000)
        #expect(try file.read(into: buffer) == 24_000)
        let samples = buffer.samples(ofChannel: 1)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 0.001)
        engine.stream?.close()
    }

    @Test(
        "on JACK a player's file reaches another client with its frequency and level", .liveTiming,
        .requires(.jack))
    func jack() throws {
        let backend = try #require(runningJACK())
        let player = try AudioPlayer(path: try makeTone(seconds: 2, frequency: 440), backend: backend)
        let jackOutput = try #require(player.output.stream as? JACKStream)
        let collector = BufferCollector(channels: 1, limit: 48_000)
        var options = JACKStreamOptions(clientName: "decibel-player-listener")
        options.inputConnections = .ports([jackOutput.outputPortNames[1]])
        let listener = try backend.makeJACKStream(
            StreamConfiguration(direction: .input, channelCount: 1) { context in
                collector.append(context.input)  // test-only: a mutex on the render thread is acceptable here
            }, options: options)
        try listener.start()
        player.play()
        #expect(collector.wait(seconds: 10))
        listener.close()
        // A loaded dummy-driver jackd can drop a period (its own xrun): measure the longest unbroken stretch.
        let captured = Array(collector.channel(0).drop { $0 == 0 })
        let bound = Float(0.5 * 2 * Double.pi * 440 / 48_000) * 1.05
        let samples = Array(SignalAnalysis.longestContinuousRun(captured, maxStep: bound).prefix(24_000))
        #expect(samples.count >= 9_600, "no stretch of 0.2 s without a dropout in \(captured.count) samples")
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 440) < 0.5)
        #expect(abs(SignalAnalysis.magnitude(of: 440, in: samples, sampleRate: 48_000) - 0.5) < 0.01)
    }
}
