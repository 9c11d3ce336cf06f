import Decibel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a flag the command's loop polls, so playback and recording stop
/// cleanly (the file is finished, the stream closed) instead of dying mid-write, and as a wake-up for a loop
/// sleeping in `sleep(nanoseconds:)`, so that a loop which redraws rarely still stops at once.
enum Interrupt {
    private static let raised = Atomic<Bool>(false)
    /// A pipe the handler writes a byte to (`write` is async-signal-safe; a condition variable is not), and
    /// `wake()` too; `sleep` polls its other end. Both ends non-blocking: a full pipe already means "wake".
    /// -1s when the system refused one: `sleep` then just sleeps.
    private static let wakePipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }()

    /// Installs the handlers. A second Ctrl-C while the first is being handled exits at once.
    static func install() {
        _ = raised.load(ordering: .relaxed)  // initialise the flag and the descriptor before a handler can touch them
        _ = wakePipe
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
                let saved = errno  // the interrupted code may be about to read it
                Interrupt.wake()
                errno = saved
            }
        }
    }

    /// Whether Ctrl-C or SIGTERM arrived.
    static var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Ends the current or next `sleep` early, from any thread (a player's state change, the signal handler).
    static func wake() {
        guard wakePipe.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// Sleeps until `nanoseconds` pass, Ctrl-C arrives or `wake()` is called, whichever comes first.
    static func sleep(nanoseconds: UInt64) {
        guard !isRaised else { return }
        guard wakePipe.read >= 0 else { return MonotonicClock.sleep(nanoseconds: nanoseconds) }
        let deadline = MonotonicClock.now() &+ nanoseconds
        var descriptor = pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)
        while !isRaised {
            let now = MonotonicClock.now()
            guard now < deadline else { return }
            // Whole milliseconds, rounded up so a short remainder does not spin.
            let milliseconds = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 {
                var bytes: (UInt64, UInt64) = (0, 0)
                while withUnsafeMutableBytes(of: &bytes, { read(wakePipe.read, $0.baseAddress, $0.count) }) > 0 {}
                return
            }
            // Only a signal may cut a wait short; any other failure would spin, so the rest is slept plainly.
            if ready < 0 && errno != EINTR { return MonotonicClock.sleep(until: deadline) }
        }
    }
}
