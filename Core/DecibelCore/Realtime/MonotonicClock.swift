#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `CLOCK_MONOTONIC` in nanoseconds, and sleeping until a point on it. Both are safe on a render thread
/// that paces itself (the Null device), since they never allocate.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (boot).
    @inline(__always)
    public static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Sleeps until `deadline` (a value of `now()`), resuming after signals.
    public static func sleep(until deadline: UInt64) {
        var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }

    /// Sleeps for `nanoseconds`.
    public static func sleep(nanoseconds: UInt64) { sleep(until: now() &+ nanoseconds) }
}
