// play-bench: what playing a file costs the machine, `decibel play` against `paplay` in one run: a 30 s
// 44.1 kHz stereo FLAC into a PulseAudio null sink, CPU of the player (user + system, from wait4) plus the
// CPU the server spent meanwhile (its threads' schedstat, in ns), and the player's peak resident memory.
// Each plays the file once (30 s of wall time each); `--rounds N` keeps the best of N, the players taking
// turns so that a busy spell of the host falls on both (Scripts/bench runs three rounds: one round read
// 1.49, 2.62 and 2.34 in three runs of the same commit).
//
//   swift run -c release --package-path Benchmarks play-bench [--rounds N]
//
// It starts a pulseaudio of its own with Scripts/servers (runtime /tmp/decibel-play-bench) and needs the
// `decibel` as the .deb ships it (Scripts/bench builds it and names it in DECIBEL_TOOL).
import BenchSummary
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let runtime = "/tmp/decibel-play-bench"
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let decibel = ProcessRun.decibelTool

func servers(_ action: String) -> Int32 {
    system("DECIBEL_RUNTIME_DIR='\(runtime)' bash '\(repository)/Scripts/servers' \(action) pulse >/dev/null 2>&1")
}

/// CPU seconds the process `pid` has used so far, all its threads: the first field of each thread's
/// /proc/PID/task/TID/schedstat, in nanoseconds (stat(5)'s utime + stime count 10 ms ticks, as coarse as
/// the 0.01–0.03 s a server spends on one of these runs).
func cpuSeconds(of pid: Int32) -> Double {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return .nan }
    var nanoseconds = 0.0
    for thread in threads {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/schedstat", encoding: .utf8),
            let running = text.split(separator: " ").first.flatMap({ Double($0) })
        else { continue }
        nanoseconds += running
    }
    return nanoseconds / 1e9
}

/// Runs `arguments` to its end: the client's CPU and peak RSS (MB), the server's CPU meanwhile, wall time.
func measure(_ arguments: [String], server: Int32) -> (client: Double, server: Double, megabytes: Double, wall: Double)
{
    setenv("PULSE_SERVER", "unix:\(runtime)/pulse/native", 1)
    let serverBefore = cpuSeconds(of: server)
    guard let run = ProcessRun.measure(arguments) else {
        print("play-bench: \(arguments.joined(separator: " ")) failed or could not be run (is bench-launch built?)")
        exit(1)
    }
    return (run.cpuSeconds, cpuSeconds(of: server) - serverBefore, run.megabytes, run.seconds)
}

guard FileManager.default.isExecutableFile(atPath: decibel) else {
    print("play-bench: no decibel binary at \(decibel); Scripts/bench builds it")
    exit(1)
}
guard servers("start") == 0,
    let pidText = try? String(contentsOfFile: "\(runtime)/pulseaudio.pid", encoding: .utf8),
    let server = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines))
else {
    print("play-bench: could not start pulseaudio (see \(runtime)/pulseaudio.log)")
    exit(1)
}
defer { _ = servers("stop") }
let file = "\(runtime)/play-30s-44k.flac"
if !FileManager.default.fileExists(atPath: file) {
    _ = system("sox -n -r 44100 -c 2 -b 16 '\(file)' synth 30 sine 440 sine 661 vol 0.3 2>/dev/null")
}

var results: [String: (client: Double, server: Double, megabytes: Double, wall: Double)] = [:]
/// Each player's largest peak memory over the rounds (the CPU figures are the best round's).
var largestMegabytes: [String: Double] = [:]
let players = [
    ("decibel play", [decibel, "play", file, "--backend", "pulse"]), ("paplay", ["/usr/bin/paplay", file]),
]
let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[min($0 + 1, arguments.count - 1)]) } ?? 1
for _ in 0..<max(1, rounds) {
    for (name, arguments) in players {
        let result = measure(arguments, server: server)
        largestMegabytes[name] = max(largestMegabytes[name] ?? 0, result.megabytes)
        let best = results[name]
        if best == nil || result.client + result.server < best!.client + best!.server { results[name] = result }
    }
}
print("play-bench: 30 s 44.1 kHz stereo FLAC into a PulseAudio null sink, best of \(rounds) (CPU of client + server)")
for (name, _) in players {
    let r = results[name]!
    print(
        String(
            format: "%-13@ client %.3f s CPU, server %.3f s CPU, peak %.1f MB (largest of the rounds), wall %.1f s",
            name, r.client, r.server, largestMegabytes[name]!, r.wall))
}
let ours = results["decibel play"]!, theirs = results["paplay"]!
printSummary(
    "playing a 30 s FLAC into PulseAudio: CPU of client + server (decibel play ÷ paplay)",
    decibel: String(format: "%.3f s", ours.client + ours.server),
    peer: String(format: "paplay %.3f s", theirs.client + theirs.server),
    ratio: (ours.client + ours.server) / max(theirs.client + theirs.server, 0.001), goal: .atMost(2))
printSummary(
    "playing a 30 s FLAC into PulseAudio: decibel play's peak memory, MB",
    decibel: String(format: "%.1f MB", largestMegabytes["decibel play"]!),
    peer: String(format: "paplay %.1f MB", largestMegabytes["paplay"]!), ratio: largestMegabytes["decibel play"]!,
    goal: .atMost(20))
