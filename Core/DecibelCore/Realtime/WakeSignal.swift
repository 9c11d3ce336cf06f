#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A mutex and condition variable pair for control threads that sleep until told or until a timeout.
/// Not for the render thread (it locks).
public final class WakeSignal: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var signalled = false

    /// Creates an unsignalled wake signal on `CLOCK_MONOTONIC`.
    public init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Wakes one waiter (or the next one to wait).
    public func signal() {
        pthread_mutex_lock(mutex)
        signalled = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until signalled or until `timeoutNanoseconds` pass (`nil`: no timeout). Returns whether it was
    /// signalled, and clears the signal.
    @discardableResult
    public func wait(timeoutNanoseconds: UInt64?) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let timeout = timeoutNanoseconds {
            let deadline = MonotonicClock.now() &+ timeout
            var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            while !signalled {
                if pthread_cond_timedwait(condition, mutex, &spec) == ETIMEDOUT { break }
            }
        } else {
            while !signalled { pthread_cond_wait(condition, mutex) }
        }
        defer { signalled = false }
        return signalled
    }
}
