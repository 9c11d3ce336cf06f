import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// A source that behaves like a file: not real-time safe (it locks and may sleep), so the player must
/// read it on its feeder thread.
final class SlowRampSource: AudioPullSource, @unchecked Sendable {
    let format = AudioFormat(sampleRate: 48_000, channelCount: 1)
    let frames: Int
    private let lock = NSLock()
    private var position = 0
    init(frames: Int) { self.frames = frames }
    var length: Int? { frames }
    var isRealtimeSafe: Bool { false }
    func read(into destination: AudioBufferView, frames wanted: Int) throws(AudioError) -> Int {
        lock.withLock {
            let count = max(0, min(wanted, frames - position))
            for i in 0..<count { destination.samples(0)[i] = Float(position + i + 1) / 65_536 }
            position += count
            return count
        }
    }
    func seek(to frame: Int) throws(AudioError) { lock.withLock { position = min(max(0, frame), frames) } }
}

/// A buffer source whose sample n is (n + 1) / 65536, mono.
func rampBuffer(frames: Int) -> BufferPullSource {
    let buffer = AudioBuffer(channelCount: 1, frameCapacity: frames)
    for i in 0..<frames { buffer[0][i] = Float(i + 1) / 65_536 }
    return BufferPullSource(buffer: buffer, sampleRate: 48_000)
}

final class Counter: @unchecked Sendable {
    private let value = Atomic(0)
    func bump() { value.wrappingAdd(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

@Suite struct FilePlayerTests {
    func makeEngine(_ player: FilePlayer) throws -> AudioEngine {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try engine.mainGroup.add(player)
        return engine
    }

    @Test func playsFromAScheduledFrameAndReportsEndOfFile() throws {
        let player = FilePlayer(source: rampBuffer(frames: 1000), channelCount: 1)
        let engine = try makeEngine(player)
        let ends = Counter()
        player.onEndOfFile = { ends.bump() }
        player.play(at: 100)
        let out = try renderOffline(engine, frames: 2048, block: 256)[0]
        #expect(out[..<100].allSatisfy { $0 == 0 })
        #expect((0..<1000).allSatisfy { out[100 + $0] == Float($0 + 1) / 65_536 })
        #expect(out[1100...].allSatisfy { $0 == 0 })
        #expect(ends.count == 0)  // not delivered until a control thread asks
        engine.deliverEvents()
        #expect(ends.count == 1 && player.state == .stopped && player.position == 0)
    }

    @Test func loopsPausesSeeksAndStops() throws {
        let player = FilePlayer(source: rampBuffer(frames: 300), channelCount: 1)
        let engine = try makeEngine(player)
        player.isLooping = true
        player.play()
        var out = try renderOffline(engine, frames: 700, block: 128)[0]
        #expect(out[299] == 300 / 65_536 && out[300] == 1 / 65_536 && out[600] == 1 / 65_536)
        player.pause(at: 800)
        out = try renderOffline(engine, frames: 200, block: 128)[0]
        #expect(out[99] == Float(800 - 600) / 65_536 && out[100] == 0)
        #expect(player.state == .paused && player.position == 200)
        #expect(engine.sampleTime == 900)
        player.seek(to: 50, at: 900)
        player.play(at: 900)
        out = try renderOffline(engine, frames: 100, block: 100)[0]
        #expect(out[0] == 51 / 65_536 && out[99] == 150 / 65_536)
        // Scrub while playing: jump back to 10 in the middle of a block.
        player.seek(to: 10, at: engine.sampleTime + 50)
        out = try renderOffline(engine, frames: 100, block: 100)[0]
        #expect(out[49] == 200 / 65_536 && out[50] == 11 / 65_536)
        player.stop()
        out = try renderOffline(engine, frames: 100)[0]
        #expect(out.allSatisfy { $0 == 0 } && player.state == .stopped && player.position == 0)
    }

    @Test func oneShotCallsCompletionOnceAndDoesNotLoop() throws {
        let player = FilePlayer(source: rampBuffer(frames: 200), channelCount: 1)
        let engine = try makeEngine(player)
        player.isLooping = true
        let done = Counter()
        player.playOnce(at: 10) { done.bump() }
        let out = try renderOffline(engine, frames: 600, block: 128)[0]
        #expect(out[10] == 1 / 65_536 && out[209] == 200 / 65_536 && out[210...].allSatisfy { $0 == 0 })
        engine.deliverEvents()
        #expect(done.count == 1)
        _ = try renderOffline(engine, frames: 600)
        engine.deliverEvents()
        #expect(done.count == 1)
    }

    @Test func volumePanAndMuteApply() throws {
        let player = FilePlayer(source: rampBuffer(frames: 48_000), channelCount: 2)
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        try engine.mainGroup.add(player)
        for p in [player.volume, player.pan, player.mute] { p.rampDuration = 0 }
        player.volume.value = 0.5
        player.pan.value = 1
        player.play()
        var out = try renderOffline(engine, frames: 256)
        #expect(abs(out[0][9]) < 1e-9 && out[1][9] == 10 / 65_536 * 0.5)
        player.mute.value = 1
        out = try renderOffline(engine, frames: 256)
        #expect(out[1].allSatisfy { $0 == 0 })
    }

    @Test func aStereoSourceIsGainedInPlaceExactlyAndWhileRamping() throws {
        // A source in the output's layout is read straight into the output and gained there.
        let buffer = AudioBuffer(channelCount: 2, frameCapacity: 4096)
        buffer.frameLength = 4096
        for i in 0..<4096 {
            buffer[0][i] = Float(i + 1) / 65_536
            buffer[1][i] = -Float(i + 1) / 32_768
        }
        let player = FilePlayer(source: BufferPullSource(buffer: buffer, sampleRate: 48_000), channelCount: 2)
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        try engine.mainGroup.add(player)
        player.play()
        var out = try renderOffline(engine, frames: 512)  // unity: the source untouched
        #expect(out[0] == Array(buffer[0].prefix(512)) && out[1] == Array(buffer[1].prefix(512)))
        for p in [player.volume, player.pan] { p.rampDuration = 0 }
        player.volume.value = 0.5
        player.pan.value = -1  // balance: the right side silent, the left at the volume
        out = try renderOffline(engine, frames: 512)
        #expect(out[0] == buffer[0][512..<1024].map { $0 * 0.5 })
        #expect(out[1].allSatisfy { abs($0) < 1e-9 })
        player.pan.value = 0
        player.volume.rampDuration = 512.0 / 48_000
        player.volume.value = 0
        out = try renderOffline(engine, frames: 512)
        let gains = (0..<512).map { out[0][$0] / buffer[0][1024 + $0] }
        let rightGains = (0..<512).map { out[1][$0] / buffer[1][1024 + $0] }
        #expect(gains.first! < 0.5 && gains.first! > 0.49 && gains.last! < 0.01)
        #expect(zip(gains, gains.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(zip(gains, rightGains).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    @Test func aSourceInAnotherLayoutIsMappedByTheStandardChannelMap() throws {
        // Stereo into a mono player is averaged (not the left channel alone); 5.1 into stereo is the ITU mix.
        let frames = 512
        let stereo = AudioBuffer(channelCount: 2, frameCapacity: frames)
        stereo.frameLength = frames
        for i in 0..<frames {
            stereo[0][i] = Float(i + 1) / 1024
            stereo[1][i] = -Float(i + 1) / 4096
        }
        let mono = FilePlayer(source: BufferPullSource(buffer: stereo, sampleRate: 48_000), channelCount: 1)
        let monoEngine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try monoEngine.mainGroup.add(mono)
        mono.play()
        let averaged = try renderOffline(monoEngine, frames: frames)
        let largest = (0..<frames).map { abs(averaged[0][$0] - (stereo[0][$0] + stereo[1][$0]) * 0.5) }.max() ?? 1
        #expect(largest < 1e-7)

        let surround = AudioBuffer(channelCount: 6, frameCapacity: frames)
        surround.frameLength = frames
        for channel in 0..<6 { for i in 0..<frames { surround[channel][i] = Float(channel + 1) / 8 } }
        let player = FilePlayer(source: BufferPullSource(buffer: surround, sampleRate: 48_000), channelCount: 2)
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        try engine.mainGroup.add(player)
        player.play()
        let mixed = try renderOffline(engine, frames: frames)
        let map = try ChannelMap.standard(from: 6, to: 2)
        for side in 0..<2 {
            let expected = (0..<6).reduce(Float(0)) { $0 + map.gains[side * 6 + $1] * Float($1 + 1) / 8 }
            #expect(
                mixed[side].allSatisfy { abs($0 - expected) < 1e-6 }, "side \(side): \(mixed[side][0]), ITU \(expected)"
            )
        }
    }

    @Test func fileBackedSourceIsReadByTheFeederThread() throws {
        let source = SlowRampSource(frames: 20_000)
        let player = FilePlayer(source: source, channelCount: 1)
        let engine = try makeEngine(player)
        let ends = Counter()
        player.onEndOfFile = { ends.bump() }
        // Let the feeder read the whole source ahead (its ring holds 32 768 frames), so that how fast it runs
        // beside the renders below cannot matter.
        try #require(waitUntil(seconds: 30) { player.bufferedFrames >= 20_000 })
        player.play()
        var out: [Float] = []
        for _ in 0..<100 {
            out += try renderOffline(engine, frames: 256)[0]
            // The feeder queues the last run's header and the end-of-file header just after writing its frames,
            // which cannot be observed from here: a pause per block leaves it 32 ms for those two pushes.
            sleepMicroseconds(500)
        }
        #expect(player.underruns == 0)
        #expect((0..<20_000).allSatisfy { out[$0] == Float($0 + 1) / 65_536 })
        #expect(out[20_000...].allSatisfy { $0 == 0 })
        engine.deliverEvents()
        #expect(ends.count == 1)

        // Seek while playing: stale buffered frames are skipped, playback resumes at the new frame.
        // The feeder polls every 2 ms and is not woken by the seek, so render until its refill arrives.
        player.play()
        player.seek(to: 5_000)
        var block = try renderOffline(engine, frames: 256)[0]  // applies the seek; the feeder may not have refilled
        out = block
        let deadline = MonotonicClock.now() + 30_000_000_000
        while !block.contains(where: { $0 != 0 }) && MonotonicClock.now() < deadline {
            sleepMicroseconds(1000)
            block = try renderOffline(engine, frames: 256)[0]
            out += block
        }
        out += try renderOffline(engine, frames: 256)[0]
        let first = try #require(out.firstIndex { $0 != 0 }, "the feeder refilled within 30 s")
        #expect(out[first] == Float(5_000 + 1) / 65_536 && out[first + 255] == Float(5_000 + 256) / 65_536)
        #expect(out[first + 256] == Float(5_000 + 257) / 65_536, "and playback goes on from there")
    }
}

@Suite struct FilePlayerServiceTests {
    /// On a running stream nobody calls `deliverEvents()`: the engine's service thread must.
    @Test func endOfFileAndCompletionArriveOnTheServiceThreadWhileAStreamRuns() throws {
        let backend = NullBackend(options: .init(clock: .realTime))
        let engine = try AudioEngine(
            backend: backend, configuration: StreamConfiguration(channelCount: 2, bufferSize: .frames(256)) { _ in })
        guard let stream = engine.stream else { Issue.record("no stream"); return }
        let player = FilePlayer(source: rampBuffer(frames: 2_400))
        try engine.mainGroup.add(player)
        let ends = Counter(), done = Counter()
        player.onEndOfFile = { ends.bump() }
        try stream.start()
        player.playOnce { done.bump() }
        #expect(waitUntil(seconds: 30) { done.count == 1 && ends.count == 1 })
        #expect(player.state == .stopped)
        try stream.stop()
        stream.close()
    }

    @Test func mutingAGroupRampsInsteadOfClicking() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try engine.mainGroup.add(constantSource([1]))
        _ = try renderOffline(engine, frames: 256)
        engine.mainGroup.muteParameter.rampDuration = 0.005  // 240 frames
        engine.mainGroup.isMuted = true
        let out = try renderOffline(engine, frames: 512)[0]
        #expect(out[239] == 0 && out[238] > 0 && out[240...].allSatisfy { $0 == 0 })
        #expect(SignalAnalysis.largestStep([1] + out) <= Float(1) / 240 + 1e-6)
    }
}
