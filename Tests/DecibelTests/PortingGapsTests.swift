import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// What an app ported from EZAudio or The Amazing Audio Engine reaches for, on the Null device.
@Suite("Porting gaps", .serialized)
struct PortingGapsTests {
    let directory = TestEnvironment.temporaryDirectory("decibel-porting")

    private func tone(_ frequency: Int) throws -> String {
        try halfScaleTone(frequency, in: directory, name: "porting-\(frequency).wav")
    }

    /// The peak of what `output` plays over the next `frames` frames.
    private func peak(of output: Output, frames: Int = 9_600) throws -> Float {
        let heard = BufferCollector(channels: 2, limit: frames)
        let tap = try output.playedAudio(bufferSize: 480) { heard.append($0) }
        #expect(waitUntil(3) { heard.frames >= frames })
        try output.engine.removeTap(tap)
        return SignalAnalysis.peak(heard.channel(0))
    }

    @Test("AudioPlayer() with no file loads one later, keeping the volume and mute set before")
    func playerWithoutAFile() throws {
        let player = try AudioPlayer(backend: NullBackend())
        #expect(player.path == nil && player.node == nil && player.duration == 0)
        player.play()
        #expect(player.state == .stopped, "play() before a file does nothing")
        player.volume = 0.5
        player.isMuted = true
        let path = try tone(1000)
        try player.load(path: path)
        #expect(player.path == path && player.node?.volume.value == 0.5 && player.node?.mute.value == 1)
        player.play()
        #expect(try peak(of: player.output) == 0, "muted")
        player.isMuted = false
        Thread.sleep(forTimeInterval: 0.05)  // the unmute ramp (5 ms) and a block or two
        let heard = try peak(of: player.output)
        #expect(abs(heard - 0.25) < 0.005, "unmuted at volume 0.5: \(heard)")
    }

    @Test("isMuted silences a playing player, which plays on, and posts muteChanged")
    func playerMute() throws {
        let player = try AudioPlayer(path: try tone(1000), backend: NullBackend())
        let events = Locked<[AudioPlayer.Event]>([])
        player.addObserver { event in events.withLock { $0.append(event) } }
        player.play()
        #expect(try peak(of: player.output) > 0.49)
        player.isMuted = true
        Thread.sleep(forTimeInterval: 0.05)
        let before = player.currentTime
        #expect(try peak(of: player.output) == 0)
        #expect(player.state == .playing && player.currentTime > before)
        #expect(events.withLock { $0.contains(.muteChanged(true)) })
    }

    @Test("Output.playedAudio hands what the output plays, and filters on its group keep its meter")
    func outputPlayedAudioAndMeter() throws {
        let output = try Output(backend: NullBackend()) { buffer, sampleTime in
            for frame in 0..<buffer.frameCount {
                let value = Float(sin(2 * Double.pi * 1000 * Double(sampleTime + Int64(frame)) / 48_000)) * 0.5
                for channel in 0..<buffer.channelCount { buffer.samples(channel)[frame] = value }
            }
        }
        try output.group.setFilters([GainNode(channelCount: 2, volume: 0.5)])
        try output.start()
        let heard = try peak(of: output)
        let metered = output.meter.peakDBFS()
        print("output after a 0.5 gain filter: played peak \(heard), meter \(metered) dBFS")
        #expect(abs(heard - 0.25) < 0.002)
        #expect(abs(metered - 20 * log10(0.25)) < 0.1, "the meter sees the filtered output")
        output.close()
    }
}
