import Decibel
import DecibelToolSupport
import FoundationEssentials
import Glibc

/// The few things the `decibel` command does below FoundationEssentials: the standard streams, a child process,
/// and a system error in words. (Foundation proper would add 3 MB to every run's resident memory for them.)
enum SystemCalls {
    /// All of stdin, read to its end.
    static func readStandardInput() throws(AudioError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(.fileUnreadable, "stdin: cannot read it", errno)
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `data` to stdout.
    static func writeStandardOutput(_ data: Data) throws(AudioError) {
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw systemError(.fileUnreadable, "stdout: cannot write", failure) }
    }

    /// Runs `arguments` (looked up on `PATH`) to its end with this process's stderr as its stdout too, its signals
    /// at their defaults and none blocked (as a shell starts a program); returns its exit status (128 + the
    /// signal when one ended it).
    static func run(_ arguments: [String]) throws(AudioError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw failure(running: arguments[0], ENOMEM) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { throw failure(running: arguments[0], ENOMEM) }
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        let prepared = [
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO),
            posix_spawnattr_setsigmask(&attributes, &none), posix_spawnattr_setsigdefault(&attributes, &all),
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
        ]
        if let code = prepared.first(where: { $0 != 0 }) { throw failure(running: arguments[0], code) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, environ)
        guard status == 0 else { throw failure(running: arguments[0], status) }
        var result: Int32 = 0
        while waitpid(child, &result, 0) < 0 {
            guard errno == EINTR else { throw failure(running: arguments[0], errno) }
        }
        let signal = result & 0x7f
        return signal == 0 ? (result >> 8) & 0xff : 128 + signal
    }

    private static func failure(running program: String, _ code: Int32) -> AudioError {
        systemError(.invalidArgument, "cannot run \(program)", code)
    }

    /// An error carrying the system's code and its `strerror` text, as the rest of Decibel's do.
    private static func systemError(_ kind: AudioError.Kind, _ message: String, _ code: Int32) -> AudioError {
        AudioError(kind, message, code: code, codeDescription: SystemErrorText.describe(errno: code))
    }

    /// What went wrong with a file operation, in the system's words ("No such file or directory").
    static func reason(_ error: any Error) -> String {
        SystemErrorText.reason(error) ?? errorLine(for: error)
    }
}
