import DecibelTestSupport
import Foundation

/// Watches a PipeWire graph with its own profiler (`pw-profiler`) while a measurement runs, and counts the
/// cycles that ended before one of the graph's follower nodes had run (status 1 "triggered" or 2 "running"
/// instead of 3 "finished"): the graph then played that cycle without the node's buffer.
///
/// On PipeWire's Pulse server every Pulse client's stream is a node inside the pipewire-pulse process, so
/// such a cycle is that process not being scheduled in time (on a loaded 2-core VM without real-time
/// priority), not the client: a client that fails to keep up empties its stream's buffer instead, which
/// pipewire-pulse runs anyway and reports to the client as an underflow. Stopping pipewire-pulse for
/// 150 ms while pacat plays into the null sink and parec records its monitor gives both signs at once: the
/// recording jumps and the profiler counts the missed cycles (tried by hand with SIGSTOP; pacat and parec
/// themselves report nothing).
final class GraphWatch {
    private let child: ChildProcess?
    private let log: String

    /// Starts `pw-profiler` on the PipeWire instance whose sockets are in `runtime`.
    init(pipewireRuntime runtime: String) {
        let directory = TestEnvironment.temporaryDirectory("pw-profiler").path
        log = directory + "/profile.log"
        // In its own directory: on exit pw-profiler writes gnuplot scripts (Timing1.plot…) into its cwd.
        child = try? ChildProcess(
            "/bin/sh", ["-c", "cd \"$1\" && exec /usr/bin/pw-profiler -o \"$2\"", "sh", directory, log],
            environment: ["XDG_RUNTIME_DIR": runtime], standardInput: .null, standardOutput: .file(log + ".out"),
            standardError: .file(log + ".err"))
        Thread.sleep(forTimeInterval: 0.2)  // connected and profiling before the measurement starts
    }

    /// Stops the profiler and returns how many cycles it saw and how many ended with a follower node not
    /// finished (nil when the profiler could not run).
    func stop() -> (cycles: Int, missed: Int)? {
        guard let child else { return nil }
        child.signal(SIGINT)
        if child.wait(timeout: 5) == nil {
            child.signal(SIGKILL)
            child.wait()
        }
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return nil }
        var cycles = 0, missed = 0
        for line in text.split(separator: "\n") {
            // Four driver columns, then eight per follower: id, signal, awake, finish, latencies, status, 0.
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard columns.count >= 12, Double(columns[0]) != nil else { continue }
            cycles += 1
            var start = 4
            var late = false
            while start + 6 < columns.count, !columns[start].isEmpty {
                if let status = Int(columns[start + 6]), status != 3 { late = true }
                start += 8
            }
            if late { missed += 1 }
        }
        return (cycles, missed)
    }

    /// Whether a measurement that is not `intact` was broken by the server itself (no xrun reported, and
    /// cycles the graph ran without a pipewire-pulse node) and may be measured again: at most twice, counted
    /// in `attempt`. Says so when it is. Under a sanitizer the stream's own xrun is let through too: its
    /// instrumented render thread may be late (a TSan pass of a84de62: 1 xrun, 2 of 404 cycles missed, the sine
    /// read at 431 Hz); without one an xrun still fails.
    static func measureAgain(
        intact: Bool, xruns: Int, graph: (cycles: Int, missed: Int)?, attempt: inout Int
    ) -> Bool {
        guard !intact, xruns == 0 || TestEnvironment.sanitizerSlowsRendering, let graph, graph.missed > 0,
            attempt < 3
        else { return false }
        print(
            "the PipeWire graph ran \(graph.missed) of \(graph.cycles) cycles without one of pipewire-pulse's nodes (the server's process, or under a sanitizer the stream's, not scheduled in time; \(xruns) xrun(s) reported): measuring again"
        )
        attempt += 1
        return true
    }

    /// The graph's missed cycles, for a failure's message ("" without a profile).
    static func describe(_ graph: (cycles: Int, missed: Int)?) -> String {
        graph.map { " (graph: \($0.missed) of \($0.cycles) cycles missed a node)" } ?? ""
    }
}
