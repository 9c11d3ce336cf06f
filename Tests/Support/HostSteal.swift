import Foundation

/// CPU time the hypervisor gave to other guests while this VM's CPUs wanted to run: `/proc/stat`'s steal
/// column, summed over the CPUs. A live timing test that finds its run disturbed says how much was stolen
/// meanwhile, so a failure on a busy host reads as one rather than as a bug of the code under test.
public enum HostSteal {
    /// Milliseconds stolen since boot (0 where the kernel does not account for it).
    public static func milliseconds() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return 0 }
        // user nice system idle iowait irq softirq steal …, in clock ticks.
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 8 else { return 0 }
        return fields[7] * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
