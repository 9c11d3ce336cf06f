internal import CPipeWire
import DecibelCore

/// One `pw_thread_loop` with one context connected to the daemon: what listing, watching and every
/// stream run on.
///
/// State the loop thread writes (server info, nodes, metadata, failure) is guarded by the thread loop's
/// lock: read it inside `withLock`. Events arrive on the loop thread with the lock held.
final class PipeWireConnection: @unchecked Sendable {
    let library: PipeWireLibrary
    let timeoutNanoseconds: UInt64
    private(set) var handle: OpaquePointer?

    // Loop lock.
    private(set) var serverName = "PipeWire"
    private(set) var serverVersion = "?"
    private(set) var serverProperties: [String: String] = [:]
    private var completedSync: Int32 = -1
    /// Why the daemon connection broke, once it did.
    private(set) var failure: String?
    /// Node properties by global id (audio sinks, sources and duplex nodes only).
    private(set) var nodes: [UInt32: [String: String]] = [:]
    /// The "default" metadata's subject-0 keys (`default.audio.sink`, …) and their raw values.
    private(set) var defaults: [String: String] = [:]
    /// Loop thread, lock held: the daemon went away or reported a fatal error on the core.
    var onFailure: ((String) -> Void)?
    /// Loop thread, lock held: a node or a default changed.
    var onChange: (() -> Void)?
    /// Work waiting for a round trip to complete, by `pw_core_sync` sequence number (under the lock).
    private var afterSync: [(seq: Int32, body: () -> Void)] = []

    /// Connects to the daemon at `remote` (nil: libpipewire's default) and waits until it answered one
    /// round trip, so a daemon that accepts but never answers fails within the timeout.
    init(
        library: PipeWireLibrary, name: String, remote: String?, watchRegistry: Bool, timeoutNanoseconds: UInt64
    ) throws(AudioError) {
        self.library = library
        self.timeoutNanoseconds = timeoutNanoseconds
        var events = decibel_pipewire_connection_events(
            core_info: { data, name, version, props in
                let connection = PipeWireConnection.from(data)
                if let name { connection.serverName = String(cString: name) }
                if let version { connection.serverVersion = String(cString: version) }
                connection.serverProperties.merge(PipeWireConnection.dictionary(props)) { _, new in new }
            },
            done: { data, seq in
                let connection = PipeWireConnection.from(data)
                connection.completedSync = max(connection.completedSync, seq)
                connection.runCompletedSyncs()
                decibel_pipewire_connection_signal(connection.handle!)
            },
            error: { data, id, res, message in
                let connection = PipeWireConnection.from(data)
                guard id == decibel_pipewire_id_core(), connection.failure == nil else { return }
                let text = message.map { String(cString: $0) } ?? pipewireErrorText(res)
                connection.failure =
                    res == -EPIPE ? "the PipeWire daemon went away (\(text))" : "PipeWire reported: \(text)"
                connection.onFailure?(connection.failure!)
            },
            node: { data, id, props in
                let connection = PipeWireConnection.from(data)
                connection.nodes[id] = PipeWireConnection.dictionary(props)
                connection.onChange?()
            },
            removed: { data, id in
                let connection = PipeWireConnection.from(data)
                if connection.nodes.removeValue(forKey: id) != nil { connection.onChange?() }
            },
            metadata: { data, subject, key, _, value in
                let connection = PipeWireConnection.from(data)
                guard subject == decibel_pipewire_id_core() else { return }
                if let key {
                    connection.defaults[String(cString: key)] = value.map { String(cString: $0) }
                } else {
                    connection.defaults.removeAll()
                }
                connection.onChange?()
            })
        var code: Int32 = 0
        let created = withUnsafePointer(to: library.api) { api in
            decibel_pipewire_connection_new(
                api, name, remote, watchRegistry, &events, Unmanaged.passUnretained(self).toOpaque(), &code)
        }
        guard let created else {
            throw AudioError(
                .backendUnavailable,
                "no PipeWire daemon answers at \(remote ?? "the default socket (PIPEWIRE_REMOTE or $XDG_RUNTIME_DIR/pipewire-0)"); start pipewire or set the remote",
                backend: "pipewire", code: code, codeDescription: pipewireErrorText(code))
        }
        handle = created
        do {
            try roundTrip()
            if watchRegistry { try roundTrip() }  // the bound nodes' and metadata's first events
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Disconnects and stops the loop thread. Idempotent; never call it from the loop thread.
    func close() {
        guard let handle else { return }
        decibel_pipewire_connection_free(handle)
        self.handle = nil
    }

    /// Runs `body` with the loop lock held.
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        guard let handle else { return try body() }
        decibel_pipewire_connection_lock(handle)
        defer { decibel_pipewire_connection_unlock(handle) }
        return try body()
    }

    /// Waits until the daemon has handled everything sent so far (and its answers arrived).
    func roundTrip() throws(AudioError) {
        guard let handle else {
            throw AudioError(.invalidState, "the PipeWire connection is closed", backend: "pipewire")
        }
        try withLock { () throws(AudioError) in
            let seq = decibel_pipewire_connection_sync(handle)
            try waitLocked("the PipeWire daemon did not answer") { completedSync >= seq }
        }
    }

    /// With the lock held: runs `body` on the loop thread once the daemon has answered a round trip started
    /// now. If the daemon dies first, `body` never runs (`onFailure` does), so it can tell "the daemon is
    /// alive and something else failed" from "the daemon went away".
    func afterRoundTripLocked(_ body: @escaping () -> Void) {
        guard let handle, failure == nil else { return }
        let seq = decibel_pipewire_connection_sync(handle)
        if seq < 0 {
            failure = "the PipeWire daemon went away (\(pipewireErrorText(seq)))"
            onFailure?(failure!)
        } else {
            afterSync.append((seq, body))
        }
    }

    private func runCompletedSyncs() {
        let due = afterSync.filter { $0.seq <= completedSync }
        afterSync.removeAll { $0.seq <= completedSync }
        for entry in due { entry.body() }
    }

    /// With the lock held: waits for loop signals until `done()` is true, the daemon fails or the
    /// timeout passes.
    func waitLocked(_ what: String, until done: () -> Bool) throws(AudioError) {
        let deadline = MonotonicClock.now() &+ timeoutNanoseconds
        while !done() {
            if let failure { throw AudioError(.backendUnavailable, failure, backend: "pipewire") }
            if !decibel_pipewire_connection_wait(handle!, deadline) && MonotonicClock.now() >= deadline {
                if done() { return }
                throw AudioError(.timedOut, "\(what) within \(Double(timeoutNanoseconds) / 1e9) s", backend: "pipewire")
            }
        }
    }

    /// Loop thread: wakes a control thread waiting in `waitLocked`.
    func signal() {
        if let handle { decibel_pipewire_connection_signal(handle) }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> PipeWireConnection {
        Unmanaged<PipeWireConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    static func dictionary(_ dict: UnsafePointer<spa_dict>?) -> [String: String] {
        guard let dict, let items = dict.pointee.items else { return [:] }
        var result: [String: String] = [:]
        for index in 0..<Int(dict.pointee.n_items) {
            guard let key = items[index].key else { continue }
            result[String(cString: key)] = items[index].value.map { String(cString: $0) } ?? ""
        }
        return result
    }
}
