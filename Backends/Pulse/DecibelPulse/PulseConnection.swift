import CPulse
import DecibelCore
import Synchronization

/// One `pa_threaded_mainloop` with one connected `pa_context`: what every backend call, stream and
/// device observation talks to the server through.
///
/// Every wait is bounded: connecting and operations wait on a `WakeSignal` with a deadline instead of
/// `pa_threaded_mainloop_wait`, so a server that stops answering gives `timedOut`, never a hang.
/// Callbacks run on the mainloop thread with its lock held; `close()` must not be called from there.
final class PulseConnection: @unchecked Sendable {
    let library: PulseLibrary
    let mainloop: OpaquePointer
    let context: OpaquePointer
    /// Signalled whenever the context or one of its streams changes state, or a reply arrives.
    let changed = WakeSignal()

    private let closing = Atomic<Bool>(false)
    private let failed = Atomic<Bool>(false)
    private let wasReady = Atomic<Bool>(false)
    private let failureHandler = Locked<(@Sendable (String) -> Void)?>(nil)

    var api: decibel_pulse_api { library.api }

    /// Connects to `server` (`nil`: `PULSE_SERVER` or the default), never autospawning, within `timeout`.
    init(library: PulseLibrary, server: String?, name: String, timeoutNanoseconds: UInt64) throws(AudioError) {
        self.library = library
        let api = library.api
        guard let mainloop = api.pa_threaded_mainloop_new() else {
            throw AudioError(.backendError, "pa_threaded_mainloop_new failed", backend: "pulse")
        }
        guard let context = api.pa_context_new(api.pa_threaded_mainloop_get_api(mainloop), name) else {
            api.pa_threaded_mainloop_free(mainloop)
            throw AudioError(.backendError, "pa_context_new failed", backend: "pulse")
        }
        self.mainloop = mainloop
        self.context = context
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        api.pa_context_set_state_callback(
            context,
            { _, userdata in
                guard let userdata else { return }
                Unmanaged<PulseConnection>.fromOpaque(userdata).takeUnretainedValue().contextStateChanged()
            }, userdata)
        let target = server ?? "the default server"
        if api.pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            let code = api.pa_context_errno(context)
            teardown(started: false)
            throw AudioError(
                .backendUnavailable, "cannot connect to PulseAudio at \(target)", backend: "pulse",
                code: code, codeDescription: library.errorText(code))
        }
        if api.pa_threaded_mainloop_start(mainloop) < 0 {
            teardown(started: false)
            throw AudioError(.backendError, "pa_threaded_mainloop_start failed", backend: "pulse")
        }
        let ready = wait(timeoutNanoseconds: timeoutNanoseconds) { connection in
            let state = connection.api.pa_context_get_state(connection.context)
            return state == PA_CONTEXT_READY || state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED
        }
        let state = locked { api.pa_context_get_state(context) }
        guard ready, state == PA_CONTEXT_READY else {
            let code = locked { api.pa_context_errno(context) }
            close()
            if !ready {
                throw AudioError(
                    .timedOut, "PulseAudio at \(target) did not answer within \(timeoutNanoseconds / 1_000_000) ms",
                    backend: "pulse")
            }
            throw AudioError(
                .backendUnavailable,
                "no PulseAudio server answers at \(target) (is it running? PULSE_SERVER selects another)",
                backend: "pulse", code: code, codeDescription: library.errorText(code))
        }
    }

    deinit { close() }

    /// The address of the server this context talks to, as libpulse reports it.
    var serverAddress: String {
        locked { api.pa_context_get_server(context).map { String(cString: $0) } ?? "unknown" }
    }

    /// Whether the context failed after it was ready (the server went away).
    var hasFailed: Bool { failed.load(ordering: .acquiring) }

    /// Runs `handler` (once, on the mainloop thread) if the context fails after it was ready.
    func onFailure(_ handler: @escaping @Sendable (String) -> Void) {
        failureHandler.withLock { $0 = handler }
    }

    /// Runs `body` with the mainloop lock held. Never call from a callback (the lock is held there already).
    func locked<T>(_ body: () throws(AudioError) -> T) throws(AudioError) -> T {
        api.pa_threaded_mainloop_lock(mainloop)
        defer { api.pa_threaded_mainloop_unlock(mainloop) }
        return try body()
    }

    func locked<T>(_ body: () -> T) -> T {
        api.pa_threaded_mainloop_lock(mainloop)
        defer { api.pa_threaded_mainloop_unlock(mainloop) }
        return body()
    }

    /// Waits until `condition` (checked with the mainloop lock held) holds, or `timeoutNanoseconds` pass.
    func wait(timeoutNanoseconds: UInt64, until condition: (PulseConnection) -> Bool) -> Bool {
        let deadline = MonotonicClock.now() &+ timeoutNanoseconds
        while true {
            if locked({ condition(self) }) { return true }
            let now = MonotonicClock.now()
            if now >= deadline { return false }
            changed.wait(timeoutNanoseconds: min(deadline - now, 20_000_000))
        }
    }

    /// Starts an operation (under the lock) whose callback fills `reply`, and waits for it within
    /// `timeoutNanoseconds`. Throws if the operation cannot start, the server goes away or time runs out.
    func perform<Value>(
        _ what: String, _ reply: PulseReply<Value>, timeoutNanoseconds: UInt64 = 3_000_000_000,
        _ start: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) throws(AudioError) -> Value {
        let userdata = Unmanaged.passUnretained(reply).toOpaque()
        let operation = locked { start(context, userdata) }
        guard let operation else {
            let code = locked { api.pa_context_errno(context) }
            throw AudioError(
                .backendError, "\(what) failed", backend: "pulse", code: code, codeDescription: library.errorText(code))
        }
        let finished = withExtendedLifetime(reply) {
            wait(timeoutNanoseconds: timeoutNanoseconds) { connection in
                reply.isFinished || connection.hasFailed
            }
        }
        locked {
            if !reply.isFinished { api.pa_operation_cancel(operation) }
            api.pa_operation_unref(operation)
        }
        if reply.isFinished { return reply.value }
        if !finished {
            throw AudioError(
                .timedOut, "PulseAudio did not answer \(what) within \(timeoutNanoseconds / 1_000_000) ms",
                backend: "pulse")
        }
        throw AudioError(.streamInvalidated, "the PulseAudio server went away during \(what)", backend: "pulse")
    }

    /// Disconnects and frees everything. Idempotent; after it returns no callback runs.
    func close() {
        guard !closing.exchange(true, ordering: .acquiringAndReleasing) else { return }
        teardown(started: true)
    }

    private func teardown(started: Bool) {
        closing.store(true, ordering: .releasing)
        let api = library.api
        if started {
            api.pa_threaded_mainloop_lock(mainloop)
            api.pa_context_set_state_callback(context, nil, nil)
            api.pa_context_set_subscribe_callback(context, nil, nil)
            api.pa_context_disconnect(context)
            api.pa_threaded_mainloop_unlock(mainloop)
            api.pa_threaded_mainloop_stop(mainloop)
        } else {
            api.pa_context_set_state_callback(context, nil, nil)
        }
        api.pa_context_unref(context)
        api.pa_threaded_mainloop_free(mainloop)
    }

    /// Mainloop thread.
    private func contextStateChanged() {
        let state = api.pa_context_get_state(context)
        if state == PA_CONTEXT_READY { wasReady.store(true, ordering: .releasing) }
        if (state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED),
            wasReady.load(ordering: .acquiring), !closing.load(ordering: .acquiring),
            !failed.exchange(true, ordering: .acquiringAndReleasing)
        {
            let code = api.pa_context_errno(context)
            let reason = "connection to the PulseAudio server lost: \(library.errorText(code))"
            failureHandler.withLock { $0 }?(reason)
        }
        changed.signal()
    }
}

/// The result of one asynchronous libpulse operation, filled on the mainloop thread.
final class PulseReply<Value>: @unchecked Sendable {
    /// What the callback produced (read only after `isFinished`).
    var value: Value
    private let finished = Atomic<Bool>(false)
    private weak var connection: PulseConnection?

    init(_ initial: Value, connection: PulseConnection) {
        value = initial
        self.connection = connection
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Mainloop thread: marks the reply complete and wakes the waiter.
    func finish() {
        finished.store(true, ordering: .releasing)
        connection?.changed.signal()
    }

    /// Recovers the reply from a callback's userdata.
    static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseReply<Value>? {
        userdata.map { Unmanaged<PulseReply<Value>>.fromOpaque($0).takeUnretainedValue() }
    }
}
