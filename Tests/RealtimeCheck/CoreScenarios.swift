import DecibelCore
import DecibelNull
import Synchronization

/// Render paths of DecibelCore and the Null device, run inside real-time sections.
enum CoreScenarios {
    static let all: [Scenario] = [ringAndQueues, nullDevice, structRenderer, deliberateAllocation]

    /// Ring buffer, message queue and conversions used from inside a real-time section.
    static let ringAndQueues = Scenario(
        "core-ring-and-queues", "FrameRingBuffer, SPSCQueue and sample conversion in a real-time section"
    ) {
        let ring = FrameRingBuffer(channelCount: 2, capacity: 4096)
        let queue = SPSCQueue<Int>(capacity: 64)
        let block = AudioBuffer(channelCount: 2, frameCapacity: 256)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 256 * 2 * 4, alignment: 16)
        defer { bytes.deallocate() }
        block.withView { view in
            for _ in 0..<100 {
                RealtimeSanitizer.enter()
                ring.write(view)
                queue.push(1)
                SampleConversion.interleave(view, frames: 256, into: bytes, as: .int24)
                SampleConversion.deinterleave(bytes, as: .int24, frames: 256, into: view)
                RealtimeSanitizer.exit()
                ring.read(into: view)
                _ = queue.pop()
            }
        }
    }

    /// The Null device's own render thread running a duplex callback that reads the input, writes the
    /// output and pushes into a ring that a consumer drains.
    static let nullDevice = Scenario(
        "null-duplex", "Null device render thread: read input, write output, push into a ring"
    ) {
        let ring = FrameRingBuffer(channelCount: 2, capacity: 8192)
        let callbacks = Atomic<Int>(0)
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(direction: .duplex, bufferSize: .frames(256)) { context in
                for channel in 0..<context.output.channelCount {
                    let input = context.input.samples(channel), output = context.output.samples(channel)
                    for i in 0..<context.frameCount { output[i] = input[i] * 0.5 }
                }
                ring.write(context.output)
                callbacks.add(1, ordering: .relaxed)
            })
        let drain = AudioBuffer(channelCount: 2, frameCapacity: 1024)
        try stream.start()
        let deadline = MonotonicClock.now() + 1_000_000_000
        while MonotonicClock.now() < deadline {
            ring.read(into: drain)
            MonotonicClock.sleep(nanoseconds: 2_000_000)
        }
        try stream.stop()
        stream.close()
        let count = callbacks.load(ordering: .relaxed)
        guard count > 100 else { throw ScenarioFailure("only \(count) callbacks ran in 1 s") }
    }

    /// A struct renderer owned by the stream (`StreamConfiguration(renderer:)`), reading a `SharedFloat`
    /// that this thread changes while the Null device's render thread runs it.
    static let structRenderer = Scenario(
        "null-struct-renderer", "a stream-owned struct renderer reading a SharedFloat on the Null render thread"
    ) {
        struct Sine: AudioRenderer {
            var oscillator = Oscillator(shape: .sine, frequency: 440, amplitude: 0.5)
            let level: SharedFloat
            let callbacks: RenderCounter

            mutating func render(_ context: RenderContext) {
                oscillator.sampleRate = context.sampleRate
                oscillator.amplitude = level.value
                oscillator.render(into: context.output.samples(0), count: context.frameCount)
                callbacks.count.add(1, ordering: .relaxed)
            }
        }
        let level = SharedFloat(0.5), callbacks = RenderCounter()
        let stream = try NullBackend().makeNullStream(
            StreamConfiguration(bufferSize: .frames(256), renderer: Sine(level: level, callbacks: callbacks)))
        try stream.start()
        let deadline = MonotonicClock.now() + 1_000_000_000
        while MonotonicClock.now() < deadline {
            level.value = level.value == 0.5 ? 0.25 : 0.5
            MonotonicClock.sleep(nanoseconds: 2_000_000)
        }
        stream.close()
        let count = callbacks.count.load(ordering: .relaxed)
        guard count > 100 else { throw ScenarioFailure("only \(count) callbacks ran in 1 s") }
    }

    final class RenderCounter: Sendable {
        let count = Atomic<Int>(0)
    }

    /// Proof that the harness catches what it should: allocates inside the section. Must abort.
    static let deliberateAllocation = Scenario(
        "deliberate-allocation", "allocates an array inside a Null render callback; the sanitizer must abort",
        expectsViolation: true
    ) {
        let stream = try NullBackend(options: .init(clock: .manual)).makeNullStream(
            StreamConfiguration { context in
                let scratch = [Float](repeating: 0, count: context.frameCount + CommandLine.arguments.count)
                context.output.samples(0)[0] = scratch[0]
            })
        try stream.start()
        _ = try stream.render(frames: 64)
        stream.close()
        throw ScenarioFailure("the allocation inside the render callback was not caught")
    }
}
