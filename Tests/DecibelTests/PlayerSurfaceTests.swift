import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// What an EZAudioPlayer app looks for: files and devices swapped while playing, every change posted to
/// several observers in order, positions at a chosen rate, the played audio for meters.
@Suite("AudioPlayer's full surface", .serialized)
struct PlayerSurfaceTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-player-surface")

    private func makeTone(_ name: String, seconds: Double, frequency: Int, rate: Int = 48_000) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let sox = try run(
            "sox",
            [
                "-n", "-r", "\(rate)", "-c", "2", "-b", "16", path, "synth", "\(seconds)", "sine", "\(frequency)",
                "gain", "-6",
            ])
        try #require(sox.status == 0, "\(sox.standardError)")
        return path
    }

    private func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return condition()
    }

    @Test("two observers receive every change, the same and in order")
    func observersInOrder() throws {
        let first = try makeTone("a.wav", seconds: 5, frequency: 440)
        let second = try makeTone("b.wav", seconds: 0.5, frequency: 880)
        let player = try AudioPlayer(path: first, backend: NullBackend())
        let seen = [Locked<[AudioPlayer.Event]>([]), Locked<[AudioPlayer.Event]>([])]
        for log in seen { player.addObserver { event in log.withLock { $0.append(event) } } }
        let removed = Locked<[AudioPlayer.Event]>([])
        let token = player.addObserver { event in removed.withLock { $0.append(event) } }
        player.removeObserver(token)
        player.play()
        player.volume = 0.5
        player.pan = -0.25
        player.seek(toTime: 1)
        try player.load(path: second)
        try player.setDevice("null-out")
        player.play()
        #expect(wait(3) { seen[0].withLock { $0.last } == .endOfFile })
        let expected: [AudioPlayer.Event] = [
            .stateChanged(.playing), .volumeChanged(0.5), .panChanged(-0.25), .seeked(toTime: 1),
            .fileChanged(path: second), .stateChanged(.stopped), .deviceChanged("null-out"), .stateChanged(.playing),
            .stateChanged(.stopped), .endOfFile,
        ]
        #expect(seen[0].withLock { $0 } == expected)
        #expect(seen[1].withLock { $0 } == expected)
        #expect(removed.withLock { $0 }.isEmpty)
        #expect(player.path == second)
    }

    @Test("load(path:) plays the new file through the same output, keeping the volume")
    func loadSwapsTheFile() throws {
        let player = try AudioPlayer(path: try makeTone("low.wav", seconds: 3, frequency: 440), backend: NullBackend())
        player.volume = 0.5
        try player.load(path: try makeTone("high.wav", seconds: 3, frequency: 1000))
        let collector = BufferCollector(channels: 1, limit: 24_000)
        let tap = try player.playedAudio { collector.append($0) }
        player.play()
        #expect(collector.wait(seconds: 3))
        try player.output.engine.removeTap(tap)
        let samples = Array(collector.channel(0).drop { $0 == 0 }.prefix(12_000))
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 1)
        #expect(abs(SignalAnalysis.peak(samples) - 0.25) < 0.01, "half of -6 dBFS: the volume was kept")
        #expect(player.volume == 0.5)
    }

    @Test("positions arrive at the asked rate while playing, and stop when paused", .liveTiming)
    func positionUpdates() throws {
        let player = try AudioPlayer(path: try makeTone("long.wav", seconds: 5, frequency: 440), backend: NullBackend())
        let positions = Locked<[Double]>([])
        player.addObserver { event in
            if case .position(let seconds) = event { positions.withLock { $0.append(seconds) } }
        }
        player.positionUpdateInterval = 0.1
        player.play()
        Thread.sleep(forTimeInterval: 1.05)
        player.pause()
        Thread.sleep(forTimeInterval: 0.2)
        let whilePlaying = positions.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(positions.withLock { $0.count } == whilePlaying.count, "no positions while paused")
        print("positions in 1.05 s at 0.1 s: \(whilePlaying.count): \(whilePlaying.map { String(format: "%.2f", $0) })")
        #expect((8...12).contains(whilePlaying.count))
        #expect(zip(whilePlaying, whilePlaying.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((whilePlaying.last ?? 0) > 0.8)
        player.positionUpdateInterval = nil
    }

    @Test("setDevice while playing keeps playing from the same place on a new stream")
    func deviceSwitchKeepsPlaying() throws {
        let player = try AudioPlayer(path: try makeTone("c.wav", seconds: 5, frequency: 440), backend: NullBackend())
        let before = ObjectIdentifier(player.output.stream as AnyObject)
        player.play()
        #expect(wait(2) { player.currentTime > 0.5 })
        try player.setDevice("null-out")
        let at = player.currentTime
        let after = ObjectIdentifier(player.output.stream as AnyObject)
        #expect(after != before, "a new stream")
        #expect(player.output.device == "null-out")
        #expect(wait(2) { player.currentTime > at + 0.3 }, "still playing after the switch")
        #expect(at > 0.5, "the position survived")
        player.stop()
    }

    @Test("setDevice to a device that does not exist throws deviceNotFound and playback goes on on the old one")
    func mistypedDeviceLosesNothing() throws {
        let player = try AudioPlayer(path: try makeTone("d.wav", seconds: 5, frequency: 440), backend: NullBackend())
        player.play()
        #expect(wait(2) { player.currentTime > 0.3 })
        #expect {
            try player.setDevice("no-such-device")
        } throws: { error in
            (error as? AudioError)?.kind == .deviceNotFound
        }
        let at = player.currentTime
        #expect(player.output.device == nil, "the device it had")
        #expect(player.output.stream.state == .running)
        #expect(wait(2) { player.currentTime > at + 0.3 }, "still playing after the refused switch")
        player.stop()
    }
}
