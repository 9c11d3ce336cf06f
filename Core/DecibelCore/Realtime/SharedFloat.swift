import Synchronization

/// A `Float` that one thread sets and another reads without locks: how a control thread changes a
/// level, a frequency or a pan that a render callback reads every block.
///
/// ```swift
/// let volume = SharedFloat(0.5)
/// volume.value = 0.8          // a control thread
/// let gain = volume.value     // the render thread: one relaxed atomic load
/// ```
public final class SharedFloat: Sendable {
    private let bits: Atomic<UInt32>

    /// Starts at `value`. Give the instance to the render state and set `value` from any thread.
    public init(_ value: Float) { bits = Atomic(value.bitPattern) }

    /// The current value; reading and writing are single atomic operations, safe on the render thread.
    public var value: Float {
        get { Float(bitPattern: bits.load(ordering: .relaxed)) }
        set { bits.store(newValue.bitPattern, ordering: .relaxed) }
    }
}
