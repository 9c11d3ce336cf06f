#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not set.
@_silgen_name("pthread_setname_np")
private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32

/// A joinable OS thread with a name, optionally at real-time priority.
///
/// Render threads ask for `SCHED_FIFO`; where the process may not (no `rtprio` limit) they run at normal
/// priority and `isRealtime` says so — audio still works, just with less headroom against other load.
///
/// An object whose `deinit` stops its thread should give the thread the state it works on, never the
/// object itself: a thread holding the object, even only for the length of a call, can release its
/// last reference, and `deinit` then runs on that thread, which cannot wait for itself.
public final class AudioThread: @unchecked Sendable {
    private var handle: pthread_t
    private var joined = false
    /// Whether the thread got real-time (`SCHED_FIFO`) scheduling.
    public let isRealtime: Bool
    /// The thread's name (as `ps -L` and debuggers show it; cut to 15 bytes by the kernel).
    public let name: String

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts a thread running `body`. `realtimePriority` (1...99) asks for `SCHED_FIFO`.
    /// - Throws: `AudioError` of kind `backendError` when the thread cannot be created (`pthread_create` failed; `code`
    ///   and `codeDescription` say why). Not getting real-time priority is not an error: `isRealtime` is `false` then.
    public init(name: String, realtimePriority: Int32? = nil, body: @escaping @Sendable () -> Void) throws(AudioError) {
        self.name = name
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { raw in
                let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                body.run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw AudioError(
                .backendError, "could not start thread '\(name)'", code: status,
                codeDescription: String(cString: strerror(status)))
        }
        handle = thread
        _ = setThreadName(thread, String(decoding: name.utf8.prefix(15), as: UTF8.self))
        if let priority = realtimePriority {
            var parameters = sched_param(sched_priority: priority)
            isRealtime = pthread_setschedparam(thread, SCHED_FIFO, &parameters) == 0
        } else {
            isRealtime = false
        }
    }

    /// Waits for the thread to finish. Calling it again, or from the thread itself, returns at once.
    public func join() {
        guard !joined, pthread_equal(pthread_self(), handle) == 0 else { return }
        joined = true
        pthread_join(handle, nil)
    }

    /// Whether the calling thread is this thread.
    public var isCurrent: Bool { pthread_equal(pthread_self(), handle) != 0 }

    deinit {
        if !joined { pthread_detach(handle) }
    }
}
