import DecibelCore
import Foundation
import Synchronization

// Render callbacks and event collectors the real-server suites share: each keeps its state in an object
// allocated before the stream starts, so the callback itself never allocates. (The tone sources,
// `SineSource` and `ToneRenderer`, are in ToneSources.swift.)

/// Collects what an input stream's render callback receives (channel 0) without allocating.
public final class CaptureSink: @unchecked Sendable {
    public let ring: FrameRingBuffer
    public let callbacks = Atomic<Int>(0)
    /// Callbacks whose frame count was not the stream's buffer size.
    public let wrongSizes = Atomic<Int>(0)
    public let expectedFrames = Atomic<Int>(0)

    public init(seconds: Double, rate: Double) {
        ring = FrameRingBuffer(channelCount: 1, capacity: Int(seconds * rate))
    }

    public var render: RenderCallback {
        { [self] context in
            callbacks.wrappingAdd(1, ordering: .relaxed)
            if context.frameCount != expectedFrames.load(ordering: .relaxed) {
                wrongSizes.wrappingAdd(1, ordering: .relaxed)
            }
            ring.write(context.input)
        }
    }

    /// Everything captured so far (control thread).
    public func drain() -> [Float] {
        let buffer = AudioBuffer(channelCount: 1, frameCapacity: ring.availableToRead)
        ring.read(into: buffer.view)
        return buffer.samples(ofChannel: 0)
    }
}

/// Collects stream or device events with the time they arrived.
public final class EventLog<Event: Sendable>: Sendable {
    private let events = Locked<[(Event, UInt64)]>([])

    public init() {}

    public func append(_ event: Event) { events.withLock { $0.append((event, MonotonicClock.now())) } }

    public var all: [(event: Event, time: UInt64)] { events.withLock { $0.map { ($0.0, $0.1) } } }

    /// Waits up to `seconds` for an event matching `predicate`; returns it and when it arrived.
    public func wait(seconds: Double, for predicate: (Event) -> Bool) -> (event: Event, time: UInt64)? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let hit = all.first(where: { predicate($0.event) }) { return hit }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return all.first { predicate($0.event) }
    }
}

/// Records when each render callback ran and how many frames it had (up to 60 000 callbacks, in arrays
/// allocated up front): a stream's true rate on the monotonic clock is the slope of frames against time.
public final class RateProbe: @unchecked Sendable {
    // Room for 5 minutes of 256-frame callbacks at 48 kHz (the clock-bridge test runs up to 150 s).
    private var times = [UInt64](repeating: 0, count: 60_000)
    private var frames = [Int](repeating: 0, count: 60_000)
    private let count = Atomic<Int>(0)

    public init() {}

    /// Call first thing in the render callback.
    public func record(_ frameCount: Int) {
        let index = count.load(ordering: .relaxed)
        guard index < times.count else { return }
        times[index] = MonotonicClock.now()
        frames[index] = frameCount
        count.store(index + 1, ordering: .releasing)
    }

    /// Frames per second by a least-squares line through (time, frames so far); 0 before 10 callbacks.
    public var rate: Double { rate(after: 0) }

    /// The same, leaving out the callbacks of the first `settle` seconds (a server's start-up burst).
    public func rate(after settle: Double) -> Double {
        guard count.load(ordering: .acquiring) > 0 else { return 0 }
        return rate(from: times[0] &+ UInt64(settle * 1e9), to: .max)
    }

    /// The same over the callbacks recorded between two `MonotonicClock` times.
    public func rate(from start: UInt64, to end: UInt64) -> Double { line(from: start, to: end)?.slope ?? 0 }

    /// How many frames the callbacks recorded between two `MonotonicClock` times strayed, at most, from the
    /// straight line through them: a cycle the server ran late without calling it an xrun, or a burst of
    /// callbacks catching up, shows here and nowhere else. Infinite with 10 callbacks or fewer between the
    /// times: a device that stalled for the whole stretch strayed as far as can be.
    public func largestLag(from start: UInt64, to end: UInt64) -> Double {
        guard let line = line(from: start, to: end) else { return .infinity }
        return line.points.reduce(0) { max($0, abs($1.y - (line.intercept + line.slope * $1.x))) }
    }

    /// The least-squares line through (seconds, frames delivered before the callback) of the callbacks
    /// recorded between two times; nil before 10 callbacks.
    private func line(
        from start: UInt64, to end: UInt64
    ) -> (slope: Double, intercept: Double, points: [(x: Double, y: Double)])? {
        let n = count.load(ordering: .acquiring)
        guard n > 0 else { return nil }
        var total = 0.0
        var points: [(x: Double, y: Double)] = []
        for index in 0..<n {
            if times[index] >= start && times[index] <= end {
                points.append((Double(times[index] &- times[0]) / 1e9, total))
            }
            total += Double(frames[index])
        }
        return Self.line(through: points).map { ($0.slope, $0.intercept, points) }
    }

    /// The least-squares line through points; nil for 10 points or fewer.
    private static func line(through points: [(x: Double, y: Double)]) -> (slope: Double, intercept: Double)? {
        guard points.count > 10 else { return nil }
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count, meanY = points.reduce(0) { $0 + $1.y } / count
        let sxy = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let sxx = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        let slope = sxy / sxx
        return (slope, meanY - slope * meanX)
    }

    /// Seconds from the first recorded callback to the last.
    public var duration: Double {
        let n = count.load(ordering: .acquiring)
        return n < 2 ? 0 : Double(times[n - 1] &- times[0]) / 1e9
    }

    /// The largest frame count one callback had.
    public var largestBlock: Int { frames.prefix(count.load(ordering: .acquiring)).max() ?? 0 }

    /// How far the frames delivered stray from what `nominalRate` makes of the time they took (the rate's
    /// error times the duration, in frames, leaving out the first `settle` seconds), the largest block to
    /// judge that by, and a line that says both.
    public func countCheck(
        nominalRate: Double, after settle: Double
    ) -> (framesOff: Double, block: Int, summary: String) {
        let measured = rate(after: settle), seconds = max(0, duration - settle)
        let framesOff = abs(measured - nominalRate) * seconds, block = largestBlock
        return (framesOff, block, "\(measured) Hz over \(seconds) s: \(framesOff) frames off, blocks of up to \(block)")
    }

    /// How far the frames delivered stray from `ratio` times the frames a stream on the same server had
    /// meanwhile (the slope of one count against the other, times the reference's frames, leaving out the
    /// first `settle` seconds), the largest block to judge that by, and a line that says both. `reference`
    /// must be called earlier in each cycle than this probe (a source feeding this stream). Measured against
    /// the server's frames rather than the wall clock, a server that lost time (a dummy driver running late
    /// on a loaded host) does not count; frames this stream dropped or invented do.
    public func countCheck(
        against reference: RateProbe, ratio: Double, after settle: Double
    ) -> (framesOff: Double, block: Int, summary: String) {
        let n = count.load(ordering: .acquiring)
        guard n > 1 else { return (.infinity, 0, "\(n) callbacks") }
        let start = times[0] &+ UInt64(settle * 1e9)
        var delivered = 0.0, referenced = 0
        var points: [(x: Double, y: Double)] = []
        // Both lists of times are in order: the reference's frames up to each callback in one walk.
        let referenceCount = reference.count.load(ordering: .acquiring)
        var next = 0
        while next < referenceCount && reference.times[next] < start { next += 1 }
        for index in 0..<n {
            if times[index] >= start {
                while next < referenceCount && reference.times[next] <= times[index] {
                    referenced += reference.frames[next]
                    next += 1
                }
                points.append((Double(referenced), delivered))
            }
            delivered += Double(frames[index])
        }
        guard let line = Self.line(through: points), let span = points.last?.x
        else { return (.infinity, 0, "too few callbacks after \(settle) s") }
        let framesOff = abs(line.slope - ratio) * span, block = largestBlock
        let summary =
            "\(line.slope) frames for each of the reference's over its \(Int(span)): \(framesOff) frames off, "
            + "blocks of up to \(block)"
        return (framesOff, block, summary)
    }
}
