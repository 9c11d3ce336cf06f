import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process for the tests: the one way they start programs (`run`, `serversScript`, the JACK
/// harness and every test that keeps a program running use it; none uses Foundation's `Process`).
///
/// - It starts with `posix_spawnp` (a name is looked up on `PATH`) with an **empty signal mask and
///   default signal dispositions**. The test runner blocks SIGINT and SIGTERM on its threads, and a child
///   that inherited that (parec, Xvfb, tmux, a daemon) would ignore Ctrl-C, `timeout`, `signal(SIGTERM)`
///   and its own event loop's signals.
/// - `environment` is merged over the test process's own.
/// - Each standard stream is a pipe, a file, /dev/null or the test process's own (`Stream`). The pipes
///   are close-on-exec in this process (set under a lock every spawn here takes), so a program another
///   test starts at the same moment cannot hold them open.
/// - Waiting polls `waitpid(WNOHANG)`, so it needs no SIGCHLD handler: Foundation's `Process` waits for one
///   that libjack takes away once it has seen its server die, and then never returns.
///
/// Drive the pipes (`write`, `closeInput`, `readToEnd`, `standardOutput`) from one thread at a time;
/// `signal`, `isRunning` and `wait` are safe from any thread.
public final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream goes.
    public enum Stream: Sendable {
        /// A pipe to this process (`write`/`closeInput` for input; `readToEnd`/`standardOutput` for output).
        case pipe
        /// A file: read for input; created or truncated for output.
        case file(String)
        /// /dev/null.
        case null
        /// This process's own stream, as Foundation's `Process` leaves it by default.
        case inherit
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (this number) ended it.
        case signalled(Int32)
        /// Something else in this process reaped it first (a library's `waitpid(-1)`): the status is lost.
        case unknown

        /// The exit status, if it exited.
        public var exitStatus: Int32? {
            if case .exited(let status) = self { return status }
            return nil
        }

        /// The signal that ended it, if one did.
        public var signal: Int32? {
            if case .signalled(let signal) = self { return signal }
            return nil
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            case .unknown: "reaped elsewhere"
            }
        }
    }

    /// Why a program could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The child's process id.
    public let pid: pid_t
    /// What the child was started as (for messages).
    public let executable: String
    private var input: Int32, output: Int32, errors: Int32
    /// The termination once `waitpid` reported it; every `waitpid` runs under this lock.
    private let reaped = Mutex<Termination?>(nil)

    /// Starts `executable` (a path, or a name looked up on `PATH`) with `arguments` and `environment`
    /// merged over this process's.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        standardInput: Stream = .null, standardOutput: Stream = .pipe, standardError: Stream = .pipe
    ) throws {
        self.executable = executable
        let started = try Self.spawning.withLock { _ in
            try Self.spawn(
                executable, arguments, environment: environment,
                streams: [standardInput, standardOutput, standardError])
        }
        pid = started.pid
        input = started.parentEnds[0]
        output = started.parentEnds[1]
        errors = started.parentEnds[2]
    }

    /// Held from making a pipe until the child has it: pipes are made close-on-exec with `pipe` and then
    /// `fcntl` (Glibc's `pipe2` is not visible to Swift), and no other `ChildProcess` may be spawned (and
    /// inherit them) in between.
    private static let spawning = Mutex(())

    /// Spawns the child; returns its pid and this process's ends of its pipes (-1 for other streams).
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], streams: [Stream]
    ) throws -> (pid: pid_t, parentEnds: [Int32]) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child's ends are closed here once it is spawned; ours are closed too if it is not.
        var parentEnds: [Int32] = [-1, -1, -1], childEnds: [Int32] = []
        defer { childEnds.forEach { close($0) } }
        func fail(_ reason: String) -> SpawnError {
            parentEnds.filter { $0 >= 0 }.forEach { close($0) }
            return SpawnError(message: "cannot start \(executable): \(reason)")
        }
        for (fd, stream) in streams.enumerated() {
            let target = Int32(fd), writable = fd != 0
            switch stream {
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw fail("pipe: \(String(cString: strerror(errno)))") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (parentEnd, childEnd) = writable ? (ends[0], ends[1]) : (ends[1], ends[0])
                parentEnds[fd] = parentEnd
                childEnds.append(childEnd)
                // dup2 clears close-on-exec on the copy the child keeps.
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
            case .file(let path):
                let flags = writable ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY
                posix_spawn_file_actions_addopen(&actions, target, path, flags, 0o644)
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", writable ? O_WRONLY : O_RDONLY, 0)
            case .inherit:
                break
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw fail(String(cString: strerror(status))) }
        return (child, parentEnds)
    }

    deinit {
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        _ = reap()  // reap it if it has ended, rather than leave a zombie
    }

    // MARK: Standard streams

    /// Writes `data` to the child's standard input (a pipe); stops early if the child closed its end.
    public func write(_ data: Data) {
        guard input >= 0 else { return }
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// Closes the child's standard input, so it reads end-of-file.
    public func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Standard output (when a pipe) for reading as the child writes, e.g. `availableData` in a loop.
    /// The handle does not own the descriptor: the child process closes it.
    public var standardOutput: FileHandle? {
        output >= 0 ? FileHandle(fileDescriptor: output, closeOnDealloc: false) : nil
    }

    /// Reads standard output and standard error (those that are pipes) until both end, draining them
    /// together so neither fills up and stalls the child; returns what arrived (empty for other streams).
    ///
    /// With a `deadline` it returns at that time even if a pipe is still open (a daemon the child left
    /// behind may hold it for ever); a later call goes on reading. A pipe that ended is closed.
    public func readToEnd(deadline: Date? = nil) -> (output: Data, error: Data) {
        var collected = (output: Data(), error: Data())
        var chunk = [UInt8](repeating: 0, count: 65536)
        while output >= 0 || errors >= 0 {
            var fds = [output, errors].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                if remaining <= 0 { break }
                milliseconds = Int32(min(remaining * 1000, 60_000).rounded(.up))
            }
            let ready = Glibc.poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { break }
            for entry in fds where entry.revents != 0 {
                let count = read(entry.fd, &chunk, chunk.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count > 0 {
                    if entry.fd == output {
                        collected.output.append(contentsOf: chunk[0..<count])
                    } else {
                        collected.error.append(contentsOf: chunk[0..<count])
                    }
                } else {
                    close(entry.fd)
                    if entry.fd == output { output = -1 } else { errors = -1 }
                }
            }
        }
        return collected
    }

    // MARK: Signals and waiting

    /// Sends `signal` (SIGINT, SIGTERM, SIGKILL …) unless the child was already reaped (its pid may then
    /// belong to another process).
    public func signal(_ signal: Int32) {
        reaped.withLock { termination in
            if termination == nil { kill(pid, signal) }
        }
    }

    /// Whether the child is still running (it is reaped here if it has ended).
    public var isRunning: Bool { reap() == nil }

    /// Waits until the child ends. Polls, so nothing depends on a SIGCHLD handler.
    @discardableResult
    public func wait() -> Termination {
        var pause: useconds_t = 1_000
        while true {
            if let termination = reap() { return termination }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// Waits up to `timeout` seconds; nil if the child is still running then (it is left running).
    public func wait(timeout: TimeInterval) -> Termination? {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 1_000
        while true {
            if let termination = reap() { return termination }
            if Date() >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// One `waitpid(WNOHANG)`: the termination if the child has ended, nil while it runs.
    private func reap() -> Termination? {
        reaped.withLock { termination in
            if let termination { return termination }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
            if result == 0 { return nil }
            if result < 0 {
                termination = .unknown
            } else if status & 0x7f == 0 {
                termination = .exited((status >> 8) & 0xff)
            } else {
                termination = .signalled(status & 0x7f)
            }
            return termination
        }
    }
}
