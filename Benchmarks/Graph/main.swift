// graph-bench: offline render-graph benchmarks at 48 kHz stereo, next to a plain C loop doing the same
// mixing (the floor). Usage: graph-bench [seconds [scenario]]   (default 120 s of audio per run; a scenario
// name such as "empty" or "chain of 10 " runs only the scenarios whose name contains it, for a profiler)
import BenchSummary
import CMallocCount
import DecibelCore
import DecibelGraph
import GraphBenchFloor

#if canImport(Glibc)
import Glibc
#endif

let sampleRate = 48_000.0
let audioSeconds = CommandLine.arguments.count > 1 ? Double(CommandLine.arguments[1]) ?? 120 : 120
/// Scenarios of at most ten nodes render 20 times as much audio: at 120 s an empty graph at 512 frames
/// took 1 ms, too little for a ratio that means anything.
let cheapSeconds = audioSeconds * 20
let onlyScenario = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : nil
func runs(_ scenario: String) -> Bool { onlyScenario.map { scenario.contains($0) } ?? true }
let blockSizes = [64, 128, 256, 512]
let chainLengths = [1, 10, 100, 1000]

/// One second of a distinct stereo signal per source, looped by the players.
func makeSourceBuffer(_ index: Int) -> AudioBuffer {
    let buffer = AudioBuffer(channelCount: 2, frameCapacity: 48_000)
    for i in 0..<48_000 {
        buffer[0][i] = Float((i * (index + 3)) % 1000) / 100_000
        buffer[1][i] = -buffer[0][i]
    }
    return buffer
}

let sourceBuffers = (0..<100).map(makeSourceBuffer)

func now() -> Double { Double(MonotonicClock.now()) / 1e9 }

struct Result {
    let seconds: Double
    let blocks: Int
    /// Heap allocations made while rendering (after a first block that may set up buffers).
    let allocations: UInt
    var timesRealTime: Double { audioSecondsUsed / seconds }
    let audioSecondsUsed: Double
    var perBlockMicroseconds: Double { seconds / Double(blocks) * 1e6 }
}

/// Renders `seconds` of audio through `engine` in blocks of `block` frames, calling its render callback
/// the way a stream's real-time thread does (output zeroed first, as backends do). The offline
/// `engine.render(frames:)` would add a lock, a clock read and a plan collection per block that no
/// stream callback pays.
func runGraph(_ engine: AudioEngine, block: Int, seconds: Double) throws -> Result {
    let total = Int(seconds * sampleRate)
    let callback = engine.renderCallback
    let output = AudioBuffer(channelCount: engine.channelCount, frameCapacity: block)
    let whole = output.view(frames: block)
    var checksum: Float = 0
    func renderBlock(_ count: Int, at time: Int64) {
        let view = count == block ? whole : whole.slice(from: 0, count: count)
        view.clear()
        callback(
            RenderContext(
                input: .empty, output: view, frameCount: count,
                timestamp: AudioTimestamp(sampleTime: time, hostTime: UInt64(time) * 20_833), sampleRate: sampleRate))
        checksum += view[0][0]
    }
    renderBlock(block, at: 0)  // adopts the plan the last edit published
    let allocationsBefore = decibel_bench_allocation_count()
    let start = now()
    var done = 0
    var blocks = 0
    while done < total {
        let count = min(block, total - done)
        renderBlock(count, at: Int64(done + block))
        done += count
        blocks += 1
    }
    let elapsed = now() - start
    let allocations = decibel_bench_allocation_count() - allocationsBefore
    if checksum.isNaN { print("nan") }
    return Result(seconds: elapsed, blocks: blocks, allocations: UInt(allocations), audioSecondsUsed: seconds)
}

func players(_ count: Int, into engine: AudioEngine) throws -> [FilePlayer] {
    let list = (0..<count).map { index -> FilePlayer in
        let player = FilePlayer(source: BufferPullSource(buffer: sourceBuffers[index], sampleRate: sampleRate))
        player.isLooping = true
        return player
    }
    try engine.edit { (e: inout GraphEditor) throws(AudioError) in
        for player in list { try e.add(player, to: engine.mainGroup) }
    }
    for player in list { player.play() }
    return list
}

/// The C floor: `sources` looping buffers mixed, then `gains` gain stages, block by block.
func runFloor(sources: Int, gains: Int, block: Int, seconds: Double) -> Result {
    let total = Int(seconds * sampleRate)
    let left: [UnsafePointer<Float>?] = sourceBuffers.prefix(max(1, sources)).map { UnsafePointer($0[0].baseAddress) }
    let right: [UnsafePointer<Float>?] = sourceBuffers.prefix(max(1, sources)).map { UnsafePointer($0[1].baseAddress) }
    var positions = [Int32](repeating: 0, count: max(1, sources))
    let scratch = AudioBuffer(channelCount: 4, frameCapacity: block)
    // The scratch planes' addresses, taken once: until c2748b1 AudioBuffer's subscript made a dynamic exclusivity
    // check on each read of its `frameLength`, ~80 ns a block of harness inside the floor's time.
    let planes = (0..<4).map { scratch.channelPointers[$0] }
    var checksum: Float = 0
    var done = 0, blocks = 0
    let start = now()
    while done < total {
        let count = min(block, total - done)
        if sources > 0 {
            left.withUnsafeBufferPointer { l in
                right.withUnsafeBufferPointer { r in
                    decibel_bench_mix(
                        l.baseAddress, r.baseAddress, Int32(sources), 48_000, &positions, planes[0], planes[1],
                        Int32(count))
                }
            }
        } else {
            planes[0].update(repeating: 0, count: count)
            planes[1].update(repeating: 0, count: count)
        }
        var resultRight: UnsafeMutablePointer<Float>?
        let result = decibel_bench_gain_chain(
            planes[0], planes[1], planes[2], planes[3], Int32(gains), 0.999, Int32(count), &resultRight)
        checksum += result?[0] ?? 0
        done += count
        blocks += 1
    }
    let elapsed = now() - start
    if checksum.isNaN { print("nan") }
    return Result(seconds: elapsed, blocks: blocks, allocations: 0, audioSecondsUsed: seconds)
}

/// Rounds per scenario: the graph and the C floor take turns, and each side keeps its fastest round, so a busy
/// moment of a VM's host slows one round of one side instead of deciding the ratio (one run of each moved the
/// worst ratio at 64 frames between 3.07 and 5.01 over three fresh-clone runs).
let rounds = 3

/// The graph's and the floor's best of `rounds` rounds, taken in turns; the allocation count is the most any
/// round made.
func bestOfRounds(graph: () throws -> Result, floor: () -> Result) rethrows -> (graph: Result, floor: Result) {
    var bestGraph = try graph(), bestFloor = floor()
    var allocations = bestGraph.allocations
    for _ in 1..<rounds {
        let next = try graph()
        allocations = max(allocations, next.allocations)
        if next.seconds < bestGraph.seconds { bestGraph = next }
        let nextFloor = floor()
        if nextFloor.seconds < bestFloor.seconds { bestFloor = nextFloor }
    }
    let graph = Result(
        seconds: bestGraph.seconds, blocks: bestGraph.blocks, allocations: allocations,
        audioSecondsUsed: bestGraph.audioSecondsUsed)
    return (graph, bestFloor)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
func fixed(_ value: Double, _ digits: Int) -> String {
    var scaled = (value * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
    if scaled == -0 { scaled = 0 }
    return String(scaled)
}

print(
    "graph-bench: 48 kHz stereo, offline, \(Int(audioSeconds)) s of audio per run (chains of 1000: a tenth of that;"
        + " scenarios of at most 10 nodes: 20 times as much); each side's best of \(rounds) rounds, taking turns")
print(
    pad("scenario", 22) + pad("block", 7) + pad("graph s", 10) + pad("x RT", 10) + pad("µs/block", 10)
        + pad("ns/node/blk", 13)
        + pad("C s", 9) + pad("C x RT", 10) + pad("C µs/blk", 10) + pad("graph/C", 9) + pad("allocs/blk", 12))

/// The worst graph / C ratio of each block size, for the summary.
var worstRatio: [Int: (ratio: Double, scenario: String)] = [:]
/// The most heap allocations per rendered block in any scenario (0 expected: the render path allocates nothing).
var mostAllocations: (perBlock: Double, scenario: String) = (0, "none")

@MainActor func report(_ name: String, block: Int, graph: Result, floor: Result?, perNode: Double? = nil) {
    var line =
        pad(name, 22) + pad(String(block), 7) + pad(fixed(graph.seconds, 3), 10)
        + pad(fixed(graph.timesRealTime, 0), 10)
        + pad(fixed(graph.perBlockMicroseconds, 2), 10) + pad(perNode.map { fixed($0, 1) } ?? "-", 13)
    if let floor {
        line +=
            pad(fixed(floor.seconds, 3), 9) + pad(fixed(floor.timesRealTime, 0), 10)
            + pad(fixed(floor.perBlockMicroseconds, 2), 10)
            + pad(fixed(graph.seconds / max(floor.seconds, 1e-9), 1), 9)
        let ratio = graph.seconds / max(floor.seconds, 1e-9)
        if ratio > worstRatio[block]?.ratio ?? 0 { worstRatio[block] = (ratio, name) }
    } else {
        line += String(repeating: " ", count: 38)
    }
    let perBlock = Double(graph.allocations) / Double(max(1, graph.blocks))
    line += pad(fixed(perBlock, 2), 12)
    if perBlock > mostAllocations.perBlock || mostAllocations.scenario == "none" {
        mostAllocations = (perBlock, "\(name), block \(block)")
    }
    print(line)
}

/// `count` looping players in the main group, rendered and reported against the C mix of as many sources;
/// with the one-source `baseline`, the cost of each further source per block.
@MainActor func loopingSources(_ count: Int, block: Int, seconds: Double, baseline: Double?) throws -> Result {
    let engine = AudioEngine(sampleRate: sampleRate, channelCount: 2, maximumFrameCount: block)
    let list = try players(count, into: engine)
    let (result, floor) = try bestOfRounds(
        graph: { try runGraph(engine, block: block, seconds: seconds) },
        floor: { runFloor(sources: count, gains: 0, block: block, seconds: seconds) })
    withExtendedLifetime(list) {}
    report(
        count == 1 ? "1 looping source" : "\(count) looping sources", block: block, graph: result, floor: floor,
        perNode: baseline.map {
            (result.seconds - $0 * seconds / cheapSeconds) / Double(count - 1) / Double(result.blocks) * 1e9
        })
    return result
}

do {
    for block in blockSizes {
        if runs("empty graph") {
            let empty = AudioEngine(sampleRate: sampleRate, channelCount: 2, maximumFrameCount: block)
            let (graph, floor) = try bestOfRounds(
                graph: { try runGraph(empty, block: block, seconds: cheapSeconds) },
                floor: { runFloor(sources: 0, gains: 0, block: block, seconds: cheapSeconds) })
            report("empty graph", block: block, graph: graph, floor: floor)
        }

        /// The one-source render time, the baseline the per-node figures subtract (nil when not run).
        var oneSeconds: Double?
        if runs("1 looping source") {
            oneSeconds = try loopingSources(1, block: block, seconds: cheapSeconds, baseline: nil).seconds
        }
        if runs("100 looping sources") {
            _ = try loopingSources(100, block: block, seconds: audioSeconds, baseline: oneSeconds)
        }

        for n in chainLengths where runs("chain of \(n) gains") {
            let seconds = n >= 1000 ? audioSeconds / 10 : n <= 10 ? cheapSeconds : audioSeconds
            let chain = AudioEngine(sampleRate: sampleRate, channelCount: 2, maximumFrameCount: block)
            let source = FilePlayer(source: BufferPullSource(buffer: sourceBuffers[0], sampleRate: sampleRate))
            source.isLooping = true
            let gains = (0..<n).map { _ in GainNode(volume: 0.999) }
            try chain.edit { (e: inout GraphEditor) throws(AudioError) in
                var previous: any AudioNode = source
                for gain in gains {
                    try e.connect(previous, to: gain)
                    previous = gain
                }
                try e.add(previous, to: chain.mainGroup)
            }
            source.play()
            let (result, floor) = try bestOfRounds(
                graph: { try runGraph(chain, block: block, seconds: seconds) },
                floor: { runFloor(sources: 1, gains: n, block: block, seconds: seconds) })
            report(
                "chain of \(n) gains", block: block, graph: result, floor: floor,
                perNode: oneSeconds.map {
                    (result.seconds - $0 * seconds / cheapSeconds) / Double(n) / Double(result.blocks) * 1e9
                })
        }
        print("")
    }
    // The counter must see an allocation it is shown, or its zeros mean nothing.
    let countBefore = decibel_bench_allocation_count()
    let probe = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
    probe.deallocate()
    if decibel_bench_allocation_count() == countBefore {
        print("graph-bench: the malloc counter did not see an allocation; allocation figures are void")
        mostAllocations = (.infinity, "malloc counter inactive")
    }
    printSummary(
        "render graph: heap allocations per block (most in any scenario)", decibel: mostAllocations.scenario,
        peer: "-", ratio: mostAllocations.perBlock, goal: .atMost(0))
    for block in blockSizes {
        guard let worst = worstRatio[block] else { continue }
        printSummary(
            "render graph, block \(block) (worst graph ÷ plain C)", decibel: worst.scenario, peer: "C mix loop",
            ratio: worst.ratio, goal: .atMost(1.5))
    }
} catch {
    print("graph-bench: \(error)")
    exit(1)
}
