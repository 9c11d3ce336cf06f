import DecibelCore
import DecibelGraph

#if canImport(Glibc)
import Glibc
#endif

/// The graph every soaked stream plays: 32 looping in-memory tones of different lengths and pitches,
/// mixed at 1/32 each. In memory so that disk feeding cannot cause a legitimate gap, and deterministic so
/// that an offline render of the same graph is what the recording must hold, frame for frame.
enum SoakGraph {
    static let sourceCount = 32

    /// Fills `engine`'s main group with the 32 players and starts them at the engine's first block.
    static func build(on engine: AudioEngine, sampleRate: Double) throws(AudioError) {
        for index in 0..<sourceCount {
            let frames = 997 + 131 * index  // prime-ish lengths: the loops drift against each other
            let buffer = AudioBuffer(channelCount: 1, frameCapacity: frames)
            let frequency = 110.0 * Double(index + 1) / 4
            for frame in 0..<frames {
                buffer[0][frame] = Float(sin(2 * Double.pi * frequency * Double(frame) / sampleRate))
            }
            buffer.frameLength = frames
            let player = FilePlayer(source: BufferPullSource(buffer: buffer, sampleRate: sampleRate), channelCount: 2)
            for parameter in [player.volume, player.pan] { parameter.rampDuration = 0 }
            player.volume.value = 1 / Float(sourceCount)
            player.pan.value = Float(index % 5 - 2) / 2
            player.isLooping = true
            try engine.mainGroup.add(player)
            _ = player.play(at: 0)
        }
    }
}
