// One row of `Scripts/bench`'s summary table. Each benchmark prints its rows among its own output, on
// lines that start with "summary" and hold tab-separated fields, which the script collects into one table.
import Foundation

/// What a ratio must reach.
public enum Goal: Sendable {
    case atLeast(Double)
    case atMost(Double)

    public func isMet(by ratio: Double) -> Bool {
        switch self {
        case .atLeast(let bound): ratio >= bound
        case .atMost(let bound): ratio <= bound
        }
    }

    public var text: String {
        switch self {
        case .atLeast(let bound): "≥ \(String(format: "%g", bound))"
        case .atMost(let bound): "≤ \(String(format: "%g", bound))"
        }
    }
}

/// Prints one summary row: the measure, Decibel's figure, the peer's, the ratio the goal is about, the goal,
/// and whether it is met.
public func printSummary(_ measure: String, decibel: String, peer: String, ratio: Double, goal: Goal) {
    let fields = [
        "summary", measure, decibel, peer, String(format: "%.2f", ratio), goal.text,
        goal.isMet(by: ratio) ? "met" : "NOT met",
    ]
    print(fields.joined(separator: "\t"))
}
