import DecibelCore
import DecibelGraph
import Foundation
import Synchronization

/// A source that writes `values[c]` to channel `c` (the last value to further channels) on every frame.
func constantSource(_ values: [Float], startsImmediately: Bool = true) -> BlockSource {
    BlockSource(channelCount: values.count, startsImmediately: startsImmediately) { view, _ in
        for channel in 0..<view.channelCount {
            view.samples(channel).update(repeating: values[min(channel, values.count - 1)], count: view.frameCount)
        }
    }
}

/// A mono source counting frames of engine time: sample = engine sample time of the frame.
func rampSource() -> BlockSource {
    BlockSource(channelCount: 1) { view, time in
        for i in 0..<view.frameCount { view.samples(0)[i] = Float(time + Int64(i)) }
    }
}

/// Renders `frames` frames offline in blocks of `block` and returns each channel's samples.
func renderOffline(_ engine: AudioEngine, frames: Int, block: Int = 256) throws -> [[Float]] {
    var result = Array(repeating: [Float](), count: engine.channelCount)
    var remaining = frames
    while remaining > 0 {
        let count = min(block, remaining)
        let view = try engine.render(frames: count)
        for channel in 0..<engine.channelCount { result[channel] += Array(view[channel]) }
        remaining -= count
    }
    return result
}

/// Collects what a tap delivers.
final class Collector: @unchecked Sendable {
    // NSLock (pthread) rather than Mutex so ThreadSanitizer sees the ordering.
    private let lock = NSLock()
    private var storage: [[Float]] = []
    private let delay: UInt32

    init(delayMicroseconds: UInt32 = 0) { delay = delayMicroseconds }

    func receive(_ view: AudioBufferView) {
        let copy = (0..<view.channelCount).map { Array(view[$0]) }
        lock.withLock {
            if storage.isEmpty { storage = copy } else { for c in copy.indices { storage[c] += copy[c] } }
        }
        if delay > 0 { sleepMicroseconds(delay) }
    }

    var channels: [[Float]] { lock.withLock { storage } }
    var frameCount: Int { lock.withLock { storage.first?.count ?? 0 } }
}

#if canImport(Glibc)
import Glibc
func sleepMicroseconds(_ us: UInt32) { usleep(us) }
#endif

/// Waits up to `seconds` for `condition`.
func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        sleepMicroseconds(1000)
    }
    return condition()
}

/// The index of the first element where `a` and `b` differ (or where one ends), `nil` when identical.
func firstMismatch(_ a: [Float], _ b: [Float]) -> Int? {
    if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
}
