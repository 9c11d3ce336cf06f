#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A pthread mutex for control threads (graph state, stream state, queued events). Never taken on the
/// render thread. A pthread mutex rather than `Synchronization.Mutex` so ThreadSanitizer sees the
/// ordering it provides (it cannot see the futex under `Mutex`).
public final class ControlLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// Allocates the mutex: control threads only, never a render thread.
    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    /// - Throws: Whatever `body` throws (its `E`), after releasing the lock.
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value only reachable under a `ControlLock`.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = ControlLock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    /// - Throws: Whatever `body` throws (its `E`), after releasing the lock.
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        try lock.withLock { () throws(E) -> T in try body(&value) }
    }
}
