import CJACK
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One connection to a JACK server (a `jack_client_t`), opened with `JackNoStartServer` so Decibel never
/// starts a server as a side effect.
///
/// Control-thread only. Callbacks registered on the handle run on JACK's threads and must not call back
/// into the server (JACK's rule); `close()` must not be called from one of them.
final class JACKClient: @unchecked Sendable {
    let library: JACKLibrary
    let handle: OpaquePointer
    /// The name the server gave the client (it may append a suffix when the asked-for name is taken).
    let name: String
    /// The server asked for; `nil` means libjack's default (`JACK_DEFAULT_SERVER`, else "default").
    let serverName: String?
    private let closed = Atomic<Bool>(false)

    var api: decibel_jack_api { library.api }

    /// Opens a client. Throws `backendUnavailable` when no server answers.
    init(library: JACKLibrary, name: String, serverName: String?, exactName: Bool = false) throws(AudioError) {
        var status = jack_status_t(rawValue: 0)
        var options = JackNoStartServer.rawValue
        if exactName { options |= JackUseExactName.rawValue }
        let opened: OpaquePointer? = withUnsafePointer(to: library.api) { api in
            if let serverName {
                decibel_jack_client_open(api, name, jack_options_t(rawValue: options), &status, serverName)
            } else {
                decibel_jack_client_open(api, name, jack_options_t(rawValue: options), &status, nil)
            }
        }
        guard let opened else {
            let server = JACKClient.describeServer(serverName)
            let kind: AudioError.Kind =
                status.rawValue & JackServerFailed.rawValue != 0 ? .backendUnavailable : .backendError
            throw AudioError(
                kind, "cannot open a JACK client on \(server); is jackd running (`jackd -d dummy`)?",
                backend: "jack", code: Int32(bitPattern: status.rawValue),
                codeDescription: JACKStatusText.describe(status))
        }
        self.library = library
        self.handle = opened
        self.serverName = serverName
        self.name = library.api.jack_get_client_name(opened).map { String(cString: $0) } ?? name
    }

    /// "server 'name'" for messages, naming the default the way libjack picks it.
    static func describeServer(_ serverName: String?) -> String {
        if let serverName { return "JACK server '\(serverName)'" }
        if let variable = getenv("JACK_DEFAULT_SERVER") {
            return "JACK server '\(String(cString: variable))' (JACK_DEFAULT_SERVER)"
        }
        return "the default JACK server"
    }

    var sampleRate: Double { Double(api.jack_get_sample_rate(handle)) }
    var bufferSize: Int { Int(api.jack_get_buffer_size(handle)) }

    /// Full names of the ports matching `flags` (and audio type), in the server's order.
    func ports(flags: JackPortFlags, pattern: String? = nil) -> [String] {
        guard let list = api.jack_get_ports(handle, pattern, library.audioType, UInt(flags.rawValue)) else { return [] }
        defer { api.jack_free(UnsafeMutableRawPointer(mutating: list)) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }

    /// Connects `source` (an output port) to `destination` (an input port). Already connected is fine.
    func connect(_ source: String, _ destination: String) throws(AudioError) {
        let result = api.jack_connect(handle, source, destination)
        guard result == 0 || result == EEXIST else {
            throw AudioError(
                .backendError,
                "cannot connect JACK port '\(source)' to '\(destination)'; check both names with `jack_lsp`",
                backend: "jack", code: result)
        }
    }

    /// Closes the client unless already closed. Returns at once on later calls.
    ///
    /// With a live server this is quick. When the server has gone away libjack may wait on its dead
    /// socket, so the call runs on a helper thread and gives up after `timeoutNanoseconds`; it returns
    /// whether the close finished (if not, the caller must keep alive whatever the callbacks point to).
    @discardableResult
    func close(timeoutNanoseconds: UInt64 = 2_000_000_000) -> Bool {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return true }
        let job = CloseJob(close: api.jack_client_close, handle: handle)
        guard let thread = try? AudioThread(name: "jack-close", body: { job.run() }) else {
            job.run()
            return true
        }
        let finished = job.wait(timeoutNanoseconds: timeoutNanoseconds)
        if finished { thread.join() }
        return finished
    }
}

/// `jack_client_close` run on its own thread, with a wait that can time out.
private final class CloseJob: @unchecked Sendable {
    private let close: (@convention(c) (OpaquePointer?) -> Int32)?
    private let handle: OpaquePointer
    private let done = Atomic<Bool>(false)
    private let signal = WakeSignal()

    init(close: (@convention(c) (OpaquePointer?) -> Int32)?, handle: OpaquePointer) {
        self.close = close
        self.handle = handle
    }

    func run() {
        _ = close?(handle)
        done.store(true, ordering: .releasing)
        signal.signal()
    }

    func wait(timeoutNanoseconds: UInt64) -> Bool {
        let deadline = MonotonicClock.now() &+ timeoutNanoseconds
        while !done.load(ordering: .acquiring) {
            let now = MonotonicClock.now()
            guard now < deadline else { return false }
            signal.wait(timeoutNanoseconds: deadline - now)
        }
        return true
    }
}
