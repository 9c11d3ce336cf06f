import DecibelCore
import Foundation
import Synchronization

/// A sine generator for render callbacks: state lives in the object, so the callback never allocates.
final class SineSource: @unchecked Sendable {
    let frequency: Double
    let amplitude: Float
    private var phase = 0.0
    let callbacks = Atomic<Int>(0)

    init(frequency: Double, amplitude: Float) {
        self.frequency = frequency
        self.amplitude = amplitude
    }

    var render: RenderCallback {
        { [self] context in
            let step = 2 * Double.pi * frequency / context.sampleRate
            let first = context.output.samples(0)
            for frame in 0..<context.frameCount {
                first[frame] = amplitude * Float(sin(phase))
                phase += step
                if phase > 2 * Double.pi { phase -= 2 * Double.pi }
            }
            for channel in 1..<max(1, context.output.channelCount) {
                context.output.samples(channel).update(from: first, count: context.frameCount)
            }
            callbacks.wrappingAdd(1, ordering: .relaxed)
        }
    }
}

/// Collects what an input stream's render callback receives (channel 0) without allocating.
final class CaptureSink: @unchecked Sendable {
    let ring: FrameRingBuffer
    let callbacks = Atomic<Int>(0)

    init(seconds: Double, rate: Double) {
        ring = FrameRingBuffer(channelCount: 1, capacity: Int(seconds * rate))
    }

    var render: RenderCallback {
        { [self] context in
            callbacks.wrappingAdd(1, ordering: .relaxed)
            ring.write(context.input)
        }
    }

    func drain() -> [Float] {
        let buffer = AudioBuffer(channelCount: 1, frameCapacity: ring.availableToRead)
        ring.read(into: buffer.view)
        return buffer.samples(ofChannel: 0)
    }
}

/// Records the smallest and largest frame counts the render callback sees.
final class FrameCountProbe: @unchecked Sendable {
    private let calls = Atomic<Int>(0)
    private let smallest = Atomic<Int>(Int.max)
    private let largest = Atomic<Int>(0)

    var render: RenderCallback {
        { [self] context in
            calls.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount < smallest.load(ordering: .relaxed) { smallest.store(context.frameCount, ordering: .relaxed) }
            if context.frameCount > largest.load(ordering: .relaxed) { largest.store(context.frameCount, ordering: .relaxed) }
        }
    }

    var summary: (calls: Int, smallest: Int, largest: Int) {
        (calls.load(ordering: .relaxed), smallest.load(ordering: .relaxed), largest.load(ordering: .relaxed))
    }
}

/// Collects stream or device events with the time they arrived.
final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[(Event, UInt64)]>([])

    func append(_ event: Event) { events.withLock { $0.append((event, MonotonicClock.now())) } }

    var all: [(event: Event, time: UInt64)] { events.withLock { $0.map { ($0.0, $0.1) } } }

    func wait(seconds: Double, for predicate: (Event) -> Bool) -> (event: Event, time: UInt64)? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let hit = all.first(where: { predicate($0.event) }) { return hit }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return all.first { predicate($0.event) }
    }
}
