import Decibel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a flag the command's loop polls, so playback and recording stop
/// cleanly (the file is finished, the stream closed) instead of dying mid-write, and as a wake-up for a loop
/// sleeping in `sleep(nanoseconds:)`, so that a loop which redraws rarely still stops at once. A close that
/// takes longer than `closingSeconds` (a server that stopped answering) ends the process anyway.
enum Interrupt {
    private static let raised = Atomic<Bool>(false)
    /// A pipe the handler writes a byte to (`write` is async-signal-safe; a condition variable is not), and
    /// `wake()` too; `sleep` polls its other end. Both ends non-blocking: a full pipe already means "wake".
    /// -1s when the system refused one: `sleep` then just sleeps.
    private static let wakePipe = makePipe(blockingRead: false)
    /// How long a command may take to close after Ctrl-C or SIGTERM before it exits anyway: a server that stopped
    /// answering must not leave a process that seems to ignore the signal (a WAV, AIFF or CAF recording is
    /// flushed as it goes and keeps what was captured; FLAC and Ogg are finished only by a close).
    static let closingSeconds: Int32 = 10
    /// The signal that arrived, and a pipe the handler also writes to: `exitWatch` blocks on its read end.
    private static let raisedSignal = Atomic<Int32>(0)
    private static let exitPipe = makePipe(blockingRead: true)
    private static let exitWatch: AudioThread? = {
        guard exitPipe.read >= 0 else { return nil }  // no pipe: a stuck close is not cut short
        return try? AudioThread(name: "decibel-exit") {
            var byte: UInt8 = 0
            while true {
                let count = read(exitPipe.read, &byte, 1)
                if count == 1 { break }
                if count < 0 && errno == EINTR { continue }
                return  // the pipe failed: no signal will come through it
            }
            exitAfterClosingTime()
        }
    }()

    /// The exit watch, once a signal came: waits `closingSeconds` (a signal may cut a `poll` short), then exits.
    private static func exitAfterClosingTime() -> Never {
        let deadline = MonotonicClock.now() &+ UInt64(closingSeconds) * 1_000_000_000
        var now = MonotonicClock.now()
        while now < deadline {
            _ = poll(nil, 0, Int32(min(1000, (deadline - now) / 1_000_000 + 1)))
            now = MonotonicClock.now()
        }
        let message =
            "decibel: still closing \(closingSeconds) s after the signal (the audio server does not answer); exiting\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(128 + raisedSignal.load(ordering: .relaxed))
    }

    /// A pipe whose ends close on exec; the write end never blocks (a full pipe already means "wake").
    private static func makePipe(blockingRead: Bool) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for (index, end) in ends.enumerated() {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if index == 1 || !blockingRead { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        return (ends[0], ends[1])
    }

    /// Installs the handlers. A second Ctrl-C while the first is being handled exits at once.
    static func install() {
        // Initialise what the handler touches before it can run (a lazy global's first use is not signal-safe).
        _ = raised.load(ordering: .relaxed)
        _ = raisedSignal.load(ordering: .relaxed)
        _ = wakePipe
        _ = exitPipe
        _ = exitWatch
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
                Interrupt.raisedSignal.store(number, ordering: .relaxed)
                var byte: UInt8 = 1
                _ = write(Interrupt.exitPipe.write, &byte, 1)
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
