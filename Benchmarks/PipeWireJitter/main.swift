// pipewire-bench: a 64-frame playback stream through DecibelPipeWire, through pipewire-pulse (DecibelPulse)
// and through pw-cat, side by side in one run, against a PipeWire daemon of its own with a null sink.
//
//   swift run -c release --package-path Benchmarks pipewire-bench [seconds per client, default 10]
//
// Each client plays alone for the same time, so the graph runs at the quantum that client asked for; Decibel's
// native stream and pw-cat take turns in four rounds (each first in two), so a busy spell of the VM's host lands
// on both alike rather than on whichever played then. The daemon's profiler (pw-profiler) times every client the same way: the interval between its node's
// wake-ups and how long after the cycle began it woke. Decibel's two streams also
// time their own render callbacks (what application code feels). "quantum" is the graph cycle granted;
// "latency" is what the client's API reports (pw-cat reports none).
//
// Late cycles: cycles that ended before the client's node had run (pw-profiler's status column), which on a
// loaded 2-core VM are cycles in which the client's data thread was not scheduled within the 1.33 ms of a
// 64-frame quantum. Decibel's stream reports them as xruns, matching the profiler; pw-cat has the same kind,
// about as many (6–18 in 10 s, either ahead), and reports none. The summary compares the two counts.
import BenchSummary
import DecibelCore
import DecibelPipeWire
import DecibelPulse
import Foundation
import Synchronization

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 10
let requestedFrames = 64
let rate = 48000.0
let sink = "decibel_bench_sink"
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let daemon = BenchDaemon(
    runtime: (ProcessInfo.processInfo.environment["DECIBEL_RUNTIME_DIR"] ?? "/tmp/decibel") + "-pipewire-bench",
    serversScript: repository.appendingPathComponent("Scripts/servers").path)

/// Rounds in which Decibel's native stream and pw-cat take turns, each playing `seconds / rounds` a round.
let rounds = 4

/// One client's turn: what the profiler logged and what the client itself saw.
struct Turn {
    var log: ProfilerLog
    var callbackIntervals: [Double]?
    var latency: String
    var xruns: Int?
}

struct ClientResult {
    var client: String
    var quantum: Int
    var latency: String
    var wakeIntervals: IntervalSummary
    var wakeLatency: IntervalSummary
    var callbackIntervals: IntervalSummary?
    var xruns: String
    var lateCycles: Int
    var driverLateCycles: Int
}

/// Render callback timestamps in preallocated memory (the callback stores one word and counts).
final class CallbackClock: @unchecked Sendable {  // `times` is written by the render thread only, read after stop()
    private let times: UnsafeMutablePointer<UInt64>
    private let capacity: Int
    private let count = Atomic<Int>(0)
    private let recording = Atomic<Bool>(false)

    init(capacity: Int) {
        self.capacity = capacity
        times = .allocate(capacity: capacity)
    }

    deinit { times.deallocate() }

    var render: RenderCallback {
        { [self] context in
            for channel in 0..<context.output.channelCount {
                context.output.samples(channel).update(repeating: 0, count: context.frameCount)
            }
            let index = count.load(ordering: .relaxed)
            guard recording.load(ordering: .relaxed), index < capacity else { return }
            times[index] = MonotonicClock.now()
            count.store(index + 1, ordering: .releasing)
        }
    }

    func start() { recording.store(true, ordering: .relaxed) }
    func stop() { recording.store(false, ordering: .relaxed) }

    var intervalsMicroseconds: [Double] {
        let recorded = count.load(ordering: .acquiring)
        guard recorded > 1 else { return [] }
        return (1..<recorded).map { Double(times[$0] - times[$0 - 1]) / 1000 }
    }
}

func profile(_ client: String, nodeName: () throws -> UInt32?, while seconds: Double) throws -> ProfilerLog {
    FileHandle.standardError.write(Data("pipewire-bench: \(client) for \(seconds) s\n".utf8))
    let log = try daemon.profile(seconds: seconds)
    guard let node = try nodeName() else { throw BenchError("\(client): its node was not found in pw-dump") }
    return try ProfilerLog(path: log, node: node)
}

/// One client's turns together: intervals within each turn, counts summed.
func summarise(_ client: String, _ turns: [Turn]) -> ClientResult {
    let quantum = turns[0].log.quantum(rate: rate)
    let period = 1e6 * Double(quantum) / rate
    let callbacks = turns.compactMap(\.callbackIntervals)
    let xruns = turns.compactMap(\.xruns)
    return ClientResult(
        client: client, quantum: quantum, latency: turns[turns.count - 1].latency,
        wakeIntervals: IntervalSummary(turns.flatMap(\.log.wakeIntervals), period: period),
        wakeLatency: IntervalSummary(turns.flatMap { $0.log.cycles.map(\.awake) }, period: 0),
        callbackIntervals: callbacks.isEmpty ? nil : IntervalSummary(callbacks.flatMap { $0 }, period: period),
        xruns: xruns.isEmpty ? "—" : "\(xruns.reduce(0, +))",
        lateCycles: turns.reduce(0) { $0 + $1.log.lateCycles(period: period) },
        driverLateCycles: turns.reduce(0) { $0 + $1.log.driverLateCycles(period: period) })
}

/// Plays a silent 64-frame stream of `backend` into the sink for `duration` s and times it (its node: `node(stream)`).
func decibelClient(
    _ client: String, backend: any AudioBackend, duration: Double, node: (any AudioStream) throws -> UInt32?
) throws -> Turn {
    let clock = CallbackClock(capacity: Int(duration * rate) / requestedFrames * 2 + 10_000)
    let stream = try backend.makeStream(
        StreamConfiguration(
            direction: .output, device: sink, sampleRate: rate, channelCount: 2, bufferSize: .frames(requestedFrames),
            name: "decibel-bench-\(backend.id)", render: clock.render))
    defer { stream.close() }
    try stream.start()
    Thread.sleep(forTimeInterval: 0.5)
    clock.start()
    let log = try profile(client, nodeName: { try node(stream) }, while: duration)
    clock.stop()
    return Turn(
        log: log, callbackIntervals: clock.intervalsMicroseconds, latency: "\(stream.latency.outputFrames) frames",
        xruns: stream.xrunCount)
}

func decibelPipeWire(for duration: Double) throws -> Turn {
    let backend = PipeWireBackend(options: .init(remote: daemon.remote, clientName: "decibel-bench", environment: [:]))
    return try decibelClient("Decibel → PipeWire", backend: backend, duration: duration) {
        ($0 as? PipeWireStream)?.nodeIDs.output
    }
}

func decibelPulse(for duration: Double) throws -> Turn {
    let backend = PulseBackend(
        options: .init(server: daemon.pulseServer, clientName: "decibel-bench-pulse", environment: [:]))
    return try decibelClient("Decibel → pipewire-pulse", backend: backend, duration: duration) { _ in
        try daemon.playbackNode()
    }
}

func pwCat(for duration: Double) throws -> Turn {
    let file = daemon.runtime + "/bench-tone.wav"
    try daemon.run(
        "/usr/bin/sox",
        [
            "-n", "-r", "48000", "-c", "2", "-b", "32", "-e", "floating-point", file, "synth", String(duration + 5),
            "sine", "440", "vol", "0.1",
        ])
    let player = try daemon.spawn(
        "/usr/bin/pw-cat", ["--playback", "--latency=\(requestedFrames)", "--rate=48000", "--target", sink, file])
    defer { player.terminate(); player.waitUntilExit() }
    Thread.sleep(forTimeInterval: 0.5)
    let log = try profile("pw-cat", nodeName: { try daemon.playbackNode() }, while: duration)
    return Turn(log: log, callbackIntervals: nil, latency: "—", xruns: nil)
}

do {
    try daemon.start()
    defer { daemon.stop() }
    try daemon.createSink(sink)
    var nativeTurns: [Turn] = [], catTurns: [Turn] = []
    for round in 0..<rounds {
        if round % 2 == 0 {
            nativeTurns.append(try decibelPipeWire(for: seconds / Double(rounds)))
            catTurns.append(try pwCat(for: seconds / Double(rounds)))
        } else {
            catTurns.append(try pwCat(for: seconds / Double(rounds)))
            nativeTurns.append(try decibelPipeWire(for: seconds / Double(rounds)))
        }
    }
    let pulse = try decibelPulse(for: seconds)
    let results = [
        summarise("Decibel → PipeWire", nativeTurns), summarise("Decibel → pipewire-pulse", [pulse]),
        summarise("pw-cat", catTurns),
    ]
    print(
        """
        pipewire-bench: \(requestedFrames)-frame playback at \(Int(rate)) Hz into a null sink, \(Int(seconds)) s per client, one client at a time (Decibel's native stream and pw-cat in \(rounds) alternating turns)
        machine: \(machineDescription()); \(daemon.version())
        node wake interval (µs between the node's wake-ups) and wake-up latency (µs from the cycle's start to the
        node running): pw-profiler; callback interval: the client's own render callback, µs; |dev|: from the quantum's period
        """)
    for result in results {
        print("")
        print(
            "\(result.client): quantum \(result.quantum) frames, latency reported \(result.latency), xruns \(result.xruns),"
                + " late cycles (pw-profiler): the node's \(result.lateCycles), the driver's \(result.driverLateCycles)"
        )
        print("  node wake interval    \(result.wakeIntervals)")
        print("  node wake-up latency  \(result.wakeLatency)")
        if let callbacks = result.callbackIntervals { print("  callback interval     \(callbacks)") }
    }
    // Late cycles counted by the daemon's profiler for both, in the same run: cycles that ended before the
    // node ran. Decibel's stream reports these as xruns (its counter matches the profiler's); pw-cat reports
    // none, which is not the same as having none.
    let native = results[0], cat = results[2]
    printSummary(
        "PipeWire native, \(requestedFrames)-frame playback, late cycles in \(Int(seconds)) s (Decibel − pw-cat, pw-profiler)",
        decibel: "\(native.lateCycles) late", peer: "pw-cat \(cat.lateCycles) late",
        ratio: Double(native.lateCycles - cat.lateCycles), goal: .atMost(0))
} catch {
    FileHandle.standardError.write(Data("pipewire-bench: \(error)\n".utf8))
    exit(1)
}
