import Foundation

/// Timing of one node through the graph, read from `pw-profiler`'s log: the daemon's own measurement,
/// the same ruler for every client whatever its library.
///
/// Each log line is one graph cycle: four driver columns (period in µs since the previous cycle, end of
/// the cycle, driver delay, estimated period in µs), then eight columns per follower node (its id, then
/// signalled, awake and finished in µs after the driver's signal, scheduling latency, processing time,
/// status, 0). The scheduling-latency column reads 0 whenever the node was signalled at the driver's
/// own signal time, as native clients are, so the wake-up latency here is taken from `awake`.
struct ProfilerLog {
    struct Cycle {
        var period: Double
        var estimatedPeriod: Double
        /// µs from the cycle's start (the driver's signal) to the node running.
        var awake: Double
        /// µs from the cycle's start to the node finishing.
        var finished: Double
        /// The node's state when the cycle ended: 3 finished; 1 triggered but not run, 2 still running.
        var status: Int
    }

    /// Cycles in which node `id` ran, in order.
    let cycles: [Cycle]

    init(path: String, node id: UInt32) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cycles: [Cycle] = []
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard columns.count >= 12, let period = Double(columns[0]), let estimated = Double(columns[3]) else {
                continue
            }
            var start = 4
            while start + 2 < columns.count {
                if UInt32(columns[start]) == id, let awake = Double(columns[start + 2]),
                    let finished = Double(columns[start + 3]), let status = Int(columns[start + 6])
                {
                    cycles.append(
                        Cycle(
                            period: period, estimatedPeriod: estimated, awake: awake, finished: finished, status: status
                        ))
                    break
                }
                start += 8
            }
        }
        self.cycles = cycles
    }

    /// Wake-up to wake-up intervals of the node in µs (driver period plus the change in its wake-up offset).
    var wakeIntervals: [Double] {
        guard cycles.count > 1 else { return [] }
        return (1..<cycles.count).map { cycles[$0].period + cycles[$0].awake - cycles[$0 - 1].awake }
    }

    /// Cycles the node had not finished when they ended (its status not 3: the cycle played without it, an
    /// xrun) or finished after its period: by the same ruler for every client, whatever its library reports.
    func lateCycles(period: Double) -> Int { cycles.count { $0.status != 3 || $0.finished > period } }

    /// Cycles that began more than half a period late: the driver's (a VM's timer), the same for every
    /// node in the graph. A stream's xrun counter reports these as positions skipped; pw-cat reports none.
    func driverLateCycles(period: Double) -> Int { cycles.count { $0.period > 1.5 * period } }

    /// The graph's cycle in frames at `rate` (median of the estimated periods).
    func quantum(rate: Double) -> Int {
        let periods = cycles.map(\.estimatedPeriod).sorted()
        guard !periods.isEmpty else { return 0 }
        return Int((periods[periods.count / 2] * rate / 1e6).rounded())
    }
}

/// Mean, spread and tail of a list of intervals (µs), against the period they should be.
struct IntervalSummary: CustomStringConvertible {
    let count: Int
    let mean: Double
    let standardDeviation: Double
    let p99Deviation: Double
    let maximumDeviation: Double

    init(_ values: [Double], period: Double) {
        count = values.count
        guard !values.isEmpty else {
            mean = 0; standardDeviation = 0; p99Deviation = 0; maximumDeviation = 0
            return
        }
        let mean = values.reduce(0, +) / Double(values.count)
        self.mean = mean
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        standardDeviation = variance.squareRoot()
        let deviations = values.map { abs($0 - period) }.sorted()
        p99Deviation = deviations[min(deviations.count - 1, Int(Double(deviations.count) * 0.99))]
        maximumDeviation = deviations.last!
    }

    var description: String {
        count == 0
            ? "no data"
            : String(
                format: "n %6d  mean %7.1f  sd %6.1f  p99 |dev| %7.1f  max |dev| %7.1f", count, mean, standardDeviation,
                p99Deviation, maximumDeviation)
    }
}
