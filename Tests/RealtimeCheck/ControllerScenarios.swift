import Decibel
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The EZ parts on one `AudioController`, rendered by the Null device's clock thread (whose render
/// callback runs in a real-time section).
enum ControllerScenarios {
    static let all: [Scenario] = [karaoke]

    /// A microphone (monitored through a closure filter), two file players, a recorder of the microphone
    /// and one player, and a real-time receiver on the microphone, all on one duplex stream.
    static let karaoke = Scenario(
        "controller-karaoke",
        "AudioController: microphone + BlockFilter on its monitor + 2 players + recorder + render receiver"
    ) {
        let paths = try [440, 660].map { frequency in try toneFile(frequency) }
        defer { for path in paths { unlink(path) } }
        let controller = try AudioController(backend: NullBackend(), bufferSize: .frames(256))
        let players = try paths.map { path in try AudioPlayer(path: path, on: controller) }
        let microphone = try Microphone(on: controller)
        try microphone.monitor.setFilters([
            BlockFilter(channelCount: controller.channelCount) { input, output, _ in
                for channel in 0..<output.channelCount {
                    guard let source = input.mappedChannel(channel) else { continue }
                    let out = output.samples(channel)
                    for frame in 0..<output.frameCount { out[frame] = source[frame] * 0.5 }
                }
            }
        ])
        microphone.isMonitoring = true
        let received = Atomic<Int>(0)
        let receiver = try controller.engine.installRenderReceiver(on: microphone.node) { block, _ in
            received.add(block.frameCount, ordering: .relaxed)
        }
        let path = "/tmp/decibel-rtcheck-take-\(getpid()).wav"
        defer { unlink(path) }
        let recorder = try Recorder(path: path, format: .wav(bits: 24), on: controller)
        let take = try recorder.record(mixing: [microphone, players[0]], on: controller)
        try microphone.start()
        try controller.start()
        for player in players { player.play() }
        MonotonicClock.sleep(nanoseconds: 500_000_000)
        players[1].isMuted = true  // control-thread changes while it renders
        players[0].volume = 0.5
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        try take.stop(in: controller.engine)
        try controller.engine.removeTap(receiver)
        try controller.stop()
        let summary = try recorder.close()
        controller.close()
        guard summary.framesWritten > 48_000, received.load(ordering: .relaxed) > 48_000 else {
            throw ScenarioFailure(
                "recorded \(summary.framesWritten) frames, received \(received.load(ordering: .relaxed))")
        }
    }

    /// A two-second stereo tone file.
    private static func toneFile(_ frequency: Int) throws -> String {
        let path = "/tmp/decibel-rtcheck-tone-\(frequency)-\(getpid()).wav"
        let writer = try AudioFileWriter(path: path, format: .wav(bits: 16), sampleRate: 48_000, channelCount: 2)
        let tone = AudioBuffer(channelCount: 2, frameCapacity: 96_000)
        for frame in 0..<96_000 {
            tone[0][frame] = Float(sin(2 * Double.pi * Double(frequency) * Double(frame) / 48_000)) * 0.25
            tone[1][frame] = tone[0][frame]
        }
        try writer.write(tone.view)
        try writer.close()
        return path
    }
}
