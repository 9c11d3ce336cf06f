import Decibel
import DecibelTestSupport
import Foundation

/// Collects buffers delivered on a consumer thread, up to a frame limit, for measurement.
final class BufferCollector: @unchecked Sendable {
    private let samples = Locked<[[Float]]>([])
    let limit: Int

    init(channels: Int, limit: Int) {
        self.limit = limit
        samples.withLock { $0 = Array(repeating: [], count: channels) }
    }

    func append(_ buffer: AudioBufferView) {
        samples.withLock { all in
            guard all[0].count < limit else { return }
            for channel in 0..<min(all.count, buffer.channelCount) { all[channel].append(contentsOf: buffer[channel]) }
        }
    }

    var frames: Int { samples.withLock { $0[0].count } }
    func channel(_ index: Int) -> [Float] { samples.withLock { $0[index] } }

    /// Waits up to `seconds` for `limit` frames.
    func wait(seconds: Double) -> Bool {
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        while frames < limit && MonotonicClock.now() < deadline { MonotonicClock.sleep(nanoseconds: 5_000_000) }
        return frames >= limit
    }
}

/// The JACK server `Scripts/test` runs, if it answers.
func runningJACK() -> JACKBackend? {
    let backend = JACKBackend()
    return backend.isAvailable ? backend : nil
}

/// A stereo 48 kHz sine file at 0.5 peak, made by sox in `directory`.
func halfScaleTone(_ frequency: Int, seconds: Double = 4, in directory: URL, name: String) throws -> String {
    let path = directory.appendingPathComponent(name).path
    let made = try run(
        "sox",
        [
            "-n", "-r", "48000", "-c", "2", "-b", "24", path, "synth", "\(seconds)", "sine", "\(frequency)",
            "gain", "-6.0206",
        ])
    guard made.status == 0 else { throw AudioError(.invalidArgument, "sox: \(made.standardError)") }
    return path
}

/// Polls `condition` every 10 ms for up to `seconds`; returns whether it came true.
func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
    while !condition() && MonotonicClock.now() < deadline { MonotonicClock.sleep(nanoseconds: 10_000_000) }
    return condition()
}
