import DecibelCore

/// One render path to run under RealtimeSanitizer. `run` drives the path for real (a backend's own
/// callback thread, or a manual render loop) and throws if the path did not actually run.
struct Scenario: Sendable {
    let name: String
    let summary: String
    /// Whether a sanitizer report is the expected outcome (the deliberate-allocation proof).
    let expectsViolation: Bool
    let run: @Sendable () throws -> Void

    init(_ name: String, _ summary: String, expectsViolation: Bool = false, run: @escaping @Sendable () throws -> Void)
    {
        self.name = name
        self.summary = summary
        self.expectsViolation = expectsViolation
        self.run = run
    }
}

struct ScenarioFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
