import DecibelCore

// decibel-rtcheck: runs Decibel's render paths under clang's RealtimeSanitizer.
//
// This executable links the sanitizer runtime whole-archive (see Package.swift), so the
// `RealtimeSanitizer.enter()`/`exit()` calls every backend makes around its render callback arm it:
// any allocation, free, lock or blocking call inside aborts the process with a report.
//
//   decibel-rtcheck list          names of every scenario, one per line (with `!` for expected failures)
//   decibel-rtcheck NAME          runs one scenario; exit 0 and "rtcheck: NAME ok" when clean
#if canImport(Glibc)
import Glibc
#endif

/// Every scenario, grouped by the module that owns the render path. Add a group per backend or module.
let scenarios: [Scenario] =
    CoreScenarios.all + PlotScenarios.all + JACKScenarios.all + ALSAScenarios.all + GraphScenarios.all
    + FormatsScenarios.all + PulseScenarios.all + PipeWireScenarios.all + AnalysisScenarios.all + PluginScenarios.all
    + ControllerScenarios.all

func report(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func runMain() -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    guard let command = arguments.first else {
        report("usage: decibel-rtcheck list | NAME")
        return 2
    }
    if command == "list" {
        for scenario in scenarios { print(scenario.expectsViolation ? "!\(scenario.name)" : scenario.name) }
        return 0
    }
    guard let scenario = scenarios.first(where: { $0.name == command }) else {
        report("decibel-rtcheck: no scenario '\(command)'; run 'decibel-rtcheck list'")
        return 2
    }
    guard RealtimeSanitizer.isArmed else {
        report(
            "decibel-rtcheck: the RealtimeSanitizer runtime is not linked into this build, so nothing would be checked")
        return 3
    }
    do {
        try scenario.run()
    } catch {
        report("decibel-rtcheck: \(scenario.name) did not run: \(error)")
        return 1
    }
    print("rtcheck: \(scenario.name) ok")
    return 0
}

exit(runMain())
