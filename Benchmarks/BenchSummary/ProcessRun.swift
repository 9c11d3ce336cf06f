// One program run to its end, measured from outside as a user's shell would: wall time, CPU and peak memory.
import Foundation

/// What one run of a program cost.
public struct ProcessRun: Sendable {
    /// Wall-clock seconds from start to exit.
    public var seconds: Double
    /// User + system CPU seconds of the program.
    public var cpuSeconds: Double
    /// Peak resident memory in MB.
    public var megabytes: Double

    /// The `decibel` to measure: `DECIBEL_TOOL` (Scripts/bench sets it to the tool as the .deb ships it), else the
    /// one beside this benchmark's binary.
    public static var decibelTool: String {
        if let path = ProcessInfo.processInfo.environment["DECIBEL_TOOL"], !path.isEmpty { return path }
        return besideThisBinary("decibel")
    }

    /// Runs `arguments` (an absolute path first) to its end through `bench-launch` (built beside the benchmarks:
    /// it keeps the benchmark's own memory out of the program's peak, and its own start out of the time); `nil`
    /// when it cannot be run or fails.
    public static func measure(_ arguments: [String]) -> ProcessRun? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: besideThisBinary("bench-launch"))
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else {
            print("bench: cannot run \(process.executableURL!.path) (built beside this benchmark?)")
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 3 else { return nil }
        return ProcessRun(seconds: fields[0], cpuSeconds: fields[1], megabytes: fields[2] / 1024)
    }

    private static func besideThisBinary(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
