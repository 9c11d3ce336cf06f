import DecibelALSA
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The ALSA backend's render thread on alsa-lib's `null` PCM (no sound card needed): reading,
/// conversion to and from each device format, the callback, writing.
enum ALSAScenarios {
    static let all: [Scenario] = [
        nullPlayback(.float32, "alsa-null-playback"),
        nullPlayback(.int16, "alsa-null-playback-s16"),
        nullPlayback(.int24, "alsa-null-playback-s24"),
        nullDuplex,
    ]

    /// One second of playback to `null` in `type`, with the callback writing a tone.
    static func nullPlayback(_ type: SampleType, _ name: String) -> Scenario {
        Scenario(name, "ALSA render thread playing \(type) to the null PCM for a second") {
            try runOnNull(direction: .output, sampleType: type, access: .interleavedFirst)
        }
    }

    /// Duplex on `null` with non-interleaved access: capture, conversion both ways, playback.
    static let nullDuplex = Scenario(
        "alsa-null-duplex", "ALSA render thread capturing and playing (non-interleaved) on the null PCM"
    ) {
        try runOnNull(direction: .duplex, sampleType: .int32, access: .nonInterleavedFirst)
    }

    private static func runOnNull(direction: AudioDirection, sampleType: SampleType, access: ALSAAccess) throws {
        let callbacks = Atomic<Int>(0)
        let phase = UnsafeMutablePointer<Float>.allocate(capacity: 1)
        phase.initialize(to: 0)
        defer { phase.deallocate() }
        let phasePointer = UnsafeSendablePointer(phase)
        let backend = ALSABackend(options: .init(streams: .init(access: access)))
        let stream = try backend.makeStream(
            StreamConfiguration(
                direction: direction, device: "null", sampleRate: 48_000, channelCount: 2, bufferSize: .frames(256),
                sampleType: sampleType, name: "rtcheck-alsa"
            ) { context in
                callbacks.wrappingAdd(1, ordering: .relaxed)
                let phase = phasePointer.pointer
                for i in 0..<context.frameCount {
                    let value = 0.25 * sin(phase.pointee)
                    phase.pointee += 2 * Float.pi * 440 / 48_000
                    if phase.pointee > 2 * Float.pi { phase.pointee -= 2 * Float.pi }
                    for channel in 0..<context.output.channelCount { context.output.samples(channel)[i] = value }
                }
                for channel in 0..<min(context.input.channelCount, context.output.channelCount) {
                    context.output.samples(channel).update(
                        from: context.input.samples(channel), count: context.frameCount)
                }
            })
        try stream.start()
        MonotonicClock.sleep(nanoseconds: 1_000_000_000)
        try stream.stop()
        stream.close()
        let count = callbacks.load(ordering: .relaxed)
        // 48000 / 256 = 187.5 periods a second; the null PCM is paced by the stream itself.
        guard count > 150 && count < 260 else {
            throw ScenarioFailure("expected about 188 callbacks in a second, got \(count)")
        }
    }
}

/// A pointer the render closure may capture (the scenario owns the memory for the stream's life).
struct UnsafeSendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Float>
    init(_ pointer: UnsafeMutablePointer<Float>) { self.pointer = pointer }
}
