import DecibelCore
import Synchronization

/// Wraps a render callback and keeps the longest time one call took. Real-time safe: two clock reads
/// and a lock-free maximum.
final class RenderTimer: Sendable {
    private let worstNanoseconds = Atomic<UInt64>(0)
    private let calls = Atomic<Int>(0)

    /// The longest callback so far, in seconds.
    var worst: Double { Double(worstNanoseconds.load(ordering: .relaxed)) / 1e9 }
    /// Callbacks so far.
    var callbacks: Int { calls.load(ordering: .relaxed) }

    func wrap(_ render: @escaping RenderCallback) -> RenderCallback {
        { [self] context in
            let start = MonotonicClock.now()
            render(context)
            let took = MonotonicClock.now() &- start
            calls.wrappingAdd(1, ordering: .relaxed)
            var seen = worstNanoseconds.load(ordering: .relaxed)
            while took > seen {
                let (exchanged, current) = worstNanoseconds.compareExchange(
                    expected: seen, desired: took, ordering: .relaxed)
                if exchanged { break }
                seen = current
            }
        }
    }
}
