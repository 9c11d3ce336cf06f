// One program run to its end, measured from outside as a user's shell would: wall time, CPU and peak memory.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What one run of a program cost.
public struct ProcessRun: Sendable {
    /// Wall-clock seconds from spawn to exit.
    public var seconds: Double
    /// User + system CPU seconds of the program (wait4's rusage).
    public var cpuSeconds: Double
    /// Peak resident memory in MB (rusage's ru_maxrss).
    public var megabytes: Double

    /// Runs `arguments` (an absolute path first) with stdout and stderr sent to /dev/null and waits for it;
    /// `nil` when it cannot be spawned.
    public static func measure(_ arguments: [String]) -> ProcessRun? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        clock_gettime(CLOCK_MONOTONIC, &end)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ProcessRun(
            seconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), megabytes: Double(usage.ru_maxrss) / 1024)
    }
}
