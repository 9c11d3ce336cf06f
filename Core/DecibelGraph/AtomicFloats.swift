import DecibelCore
import Synchronization

/// A fixed array of `Float`s that any thread can read and write atomically (meters, positions).
final class AtomicFloats: @unchecked Sendable {
    let count: Int
    private let slots: UnsafeMutablePointer<Atomic<UInt32>>

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(1, count))
        for index in 0..<max(1, count) { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: max(1, count))
        slots.deallocate()
    }

    @inline(__always)
    func load(_ index: Int) -> Float { Float(bitPattern: slots[index].load(ordering: .relaxed)) }

    @inline(__always)
    func store(_ value: Float, at index: Int) { slots[index].store(value.bitPattern, ordering: .relaxed) }

    /// Returns the value and sets it to zero.
    @inline(__always)
    func take(_ index: Int) -> Float { Float(bitPattern: slots[index].exchange(0, ordering: .relaxed)) }

    /// Raises the value to `value` if it is larger (lock-free maximum).
    @inline(__always)
    func raise(_ index: Int, to value: Float) {
        var old = slots[index].load(ordering: .relaxed)
        while Float(bitPattern: old) < value {
            let (done, current) = slots[index].compareExchange(
                expected: old, desired: value.bitPattern, ordering: .relaxed)
            if done { return }
            old = current
        }
    }
}
