import CALSA
import DecibelCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One message alsa-lib produced (it would have printed it to stderr).
public struct ALSAMessage: Hashable, Sendable, CustomStringConvertible {
    /// alsa-lib's source file, line and function ("pcm.c:2666:(snd_pcm_open_noupdate)").
    public var location: String
    /// The errno-style code alsa-lib attached (0 when none).
    public var code: Int32
    /// The text.
    public var text: String
    /// Order of arrival, counting from 1.
    public var sequence: Int
    /// The thread that produced it (`pthread_self`), so an operation can pick its own messages out.
    var thread: UInt

    public var description: String { "\(location) \(text)" }
}

/// Where alsa-lib's diagnostics go instead of stderr.
///
/// alsa-lib prints its complaints ("Unknown PCM foo", "cannot find card '0'") to stderr by default, which
/// would make probing noisy. DecibelALSA installs a handler with `snd_lib_error_set_handler` as soon as it
/// loads the library: messages are kept here (the most recent 256), handed to a handler you set, and
/// attached to the `AudioError` of the operation that caused them.
public enum ALSADiagnostics {
    private struct State {
        var messages: [ALSAMessage] = []
        var count = 0
        var handler: (@Sendable (ALSAMessage) -> Void)?
    }

    private static let state = Locked(State())
    private static let capacity = 256

    /// The most recent messages, oldest first.
    public static var recentMessages: [ALSAMessage] { state.withLock { $0.messages } }

    /// Calls `handler` with every later message, on the thread alsa-lib reported it from (it can be a
    /// render thread: do not block). `nil` stops the calls.
    public static func setHandler(_ handler: (@Sendable (ALSAMessage) -> Void)?) {
        state.withLock { $0.handler = handler }
    }

    /// The sequence number of the latest message, to collect what an operation adds after it.
    static var mark: Int { state.withLock { $0.count } }

    /// Text of the messages the calling thread produced after `mark`, joined for an error description.
    static func messages(since mark: Int) -> [String] {
        let thread = UInt(pthread_self())
        return state.withLock { state in
            state.messages.filter { $0.sequence > mark && $0.thread == thread }.map(\.text)
        }
    }

    static func install(_ api: decibel_alsa_api) {
        var api = api
        _ = decibel_alsa_route_errors(&api) { file, line, function, code, text in
            ALSADiagnostics.record(file: file, line: line, function: function, code: code, text: text)
        }
    }

    private static let jackRouted = Locked(false)

    /// Routes libjack's messages here too, when nothing else in the process has loaded libjack yet.
    ///
    /// Probing the `jack` PCM makes alsa-lib's JACK plugin load libjack, which prints "Cannot connect to
    /// server socket" straight to stderr when no server runs. Loading it first and setting its error and
    /// info functions keeps probing quiet. When libjack is already loaded (the JACK backend uses it),
    /// its owner's handlers are left alone.
    static func routeJACKMessages() {
        jackRouted.withLock { routed in
            guard !routed else { return }
            routed = true
            guard dlopen("libjack.so.0", RTLD_NOW | RTLD_NOLOAD) == nil,
                let jack = dlopen("libjack.so.0", RTLD_NOW | RTLD_GLOBAL)
            else { return }
            typealias Setter = @convention(c) (@convention(c) (UnsafePointer<CChar>?) -> Void) -> Void
            for name in ["jack_set_error_function", "jack_set_info_function"] {
                guard let symbol = dlsym(jack, name) else { continue }
                let setter = unsafeBitCast(symbol, to: Setter.self)
                setter { text in ALSADiagnostics.record(file: nil, line: 0, function: nil, code: 0, text: text) }
            }
        }
    }

    private static func record(
        file: UnsafePointer<CChar>?, line: Int32, function: UnsafePointer<CChar>?, code: Int32,
        text: UnsafePointer<CChar>?
    ) {
        let fileName =
            file.map { String(cString: $0) }.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "libjack"
        let location = "\(fileName):\(line):(\(function.map { String(cString: $0) } ?? "?"))"
        var message = ALSAMessage(
            location: location, code: code, text: text.map { String(cString: $0) } ?? "", sequence: 0,
            thread: UInt(pthread_self()))
        let handler = state.withLock { state in
            state.count += 1
            message.sequence = state.count
            state.messages.append(message)
            if state.messages.count > capacity { state.messages.removeFirst(state.messages.count - capacity) }
            return state.handler
        }
        handler?(message)
    }
}
