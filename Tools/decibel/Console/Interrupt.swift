import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a flag the command's loop polls, so playback and recording stop
/// cleanly (the file is finished, the stream closed) instead of dying mid-write.
enum Interrupt {
    private static let raised = Atomic<Bool>(false)

    /// Installs the handlers. A second Ctrl-C while the first is being handled exits at once.
    static func install() {
        _ = raised.load(ordering: .relaxed)  // initialise the flag before a handler can touch it
        // A parent may have left these blocked (test runners and some launchers do); unblock them so
        // Ctrl-C is heard.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                if Interrupt.raised.exchange(true, ordering: .relaxed) { _exit(128 + number) }
            }
        }
    }

    /// Whether Ctrl-C or SIGTERM arrived.
    static var isRaised: Bool { raised.load(ordering: .relaxed) }
}
