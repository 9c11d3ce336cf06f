import DecibelCore

/// Assembles a `RenderPlan` one node at a time, in dependency order: each node's output buffer from the
/// pool, its input buses as the sources that feed them (or the summing buffer early-summed sources filled),
/// and, for a source summed early, the summing buffer its step adds into.
struct RenderPlanBuilder {
    private let model: GraphModel
    /// The sources feeding each node, with the bus they feed.
    private let feeds: [ObjectIdentifier: [(bus: Int, source: ObjectIdentifier)]]
    /// Sources added into their bus's sum right after their own step (see `GraphModel.earlySummedSources`).
    private let summedEarly: [ObjectIdentifier: BusKey]
    /// Each node's position in the plan.
    private let positions: [ObjectIdentifier: Int]
    /// The root renders straight into the device's output unless some node reads it.
    private let rootIsRead: Bool
    private var pool: OutputBufferPool
    /// The summing buffers early-summed sources have started, by bus.
    private var sums: [BusKey: AudioBuffer] = [:]
    private var steps: [RenderPlan.Step] = []
    private var buses: [RenderPlan.Bus] = []
    private var sources: [RenderPlan.Source] = []
    private var taps: [GraphTap] = []
    private var retained: [AnyObject] = []
    private var rootStep: Int?
    private let maximumFrameCount: Int

    init(model: GraphModel, edges: [GraphEdge], sorted: [ObjectIdentifier], maximumFrameCount: Int) {
        var feeds: [ObjectIdentifier: [(bus: Int, source: ObjectIdentifier)]] = [:]
        for edge in edges where model.entries[edge.source] != nil && model.entries[edge.destination] != nil {
            feeds[edge.destination, default: []].append((edge.bus, edge.source))
        }
        let summedEarly = model.earlySummedSources(edges)
        self.model = model
        self.maximumFrameCount = maximumFrameCount
        self.feeds = feeds
        self.summedEarly = summedEarly
        positions = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        rootIsRead = feeds.values.contains { $0.contains { $0.source == model.root } }
        pool = OutputBufferPool(
            order: sorted, readers: feeds.mapValues { $0.filter { summedEarly[$0.source] == nil }.map(\.source) },
            root: model.root, maximumFrameCount: maximumFrameCount)
        steps.reserveCapacity(sorted.count)
    }

    /// Plans the step of the node `id`, the `position`th in dependency order.
    mutating func addStep(_ id: ObjectIdentifier, at position: Int) {
        guard let entry = model.entries[id] else { return }
        if id == model.root && !rootIsRead { rootStep = steps.count }
        retained.append(entry)
        let node = entry.node
        let busStart = buses.count
        let output = pool.output(of: id, channels: node.channelCount, at: position)
        let sum = earlySum(of: id)
        for bus in 0..<node.inputBusCount { addBus(bus, of: id, channels: node.channelCount, at: position) }
        let nodeTaps = model.taps[id] ?? []
        let unfed = buses[busStart...].allSatisfy { $0.sourceCount == 0 && !$0.presummed }
        let rendersSilence =
            id == model.root && !rootIsRead && nodeTaps.isEmpty && unfed && node is any SilenceKeeping
        steps.append(
            RenderPlan.Step(
                entry: .passUnretained(entry), renderNode: (node as? RenderNode).map { .passUnretained($0) },
                output: output.channelPointers, channels: output.channelCount,
                busStart: busStart, busCount: node.inputBusCount, tapStart: taps.count, tapCount: nodeTaps.count,
                rendersSilence: rendersSilence, sum: sum?.buffer.channelPointers,
                sumChannels: sum?.buffer.channelCount ?? 0, startsSum: sum?.starts ?? false))
        taps += nodeTaps
        pool.finishStep(at: position)
    }

    /// The summing buffer the source `id` adds its output into right after its step, if it is summed early,
    /// and whether its step is the first to reach it (a new buffer from the pool, held until the bus's node).
    private mutating func earlySum(of id: ObjectIdentifier) -> (buffer: AudioBuffer, starts: Bool)? {
        guard let key = summedEarly[id], let destination = model.entries[key.destination],
            let consumer = positions[key.destination]
        else { return nil }
        if let started = sums[key] { return (started, false) }
        let sum = pool.buffer(channels: destination.node.channelCount, until: consumer)
        sums[key] = sum
        return (sum, true)
    }

    /// Plans input bus `bus` of `id`: the outputs of the sources the bus reads itself, and its summing buffer
    /// (the early-summed sources' one, or a new one when it reads more than one source).
    private mutating func addBus(_ bus: Int, of id: ObjectIdentifier, channels: Int, at position: Int) {
        let sourceStart = sources.count
        for feed in feeds[id] ?? [] where feed.bus == bus && summedEarly[feed.source] == nil {
            if let source = pool.assigned[feed.source] {
                sources.append(RenderPlan.Source(pointers: source.channelPointers, channels: source.channelCount))
            }
        }
        let count = sources.count - sourceStart
        let presum = sums[BusKey(destination: id, bus: bus)]
        let sum = presum ?? (count > 1 ? pool.buffer(channels: channels, until: position) : nil)
        buses.append(
            RenderPlan.Bus(
                sourceStart: sourceStart, sourceCount: count, sum: sum?.channelPointers, sumChannels: channels,
                presummed: presum != nil))
    }

    /// The plan of every step added.
    func finish() -> RenderPlan {
        var rootSource: RenderPlan.Source?
        if let root = model.root, model.entries[root] != nil, let output = pool.assigned[root] {
            rootSource = RenderPlan.Source(pointers: output.channelPointers, channels: output.channelCount)
        }
        return RenderPlan(
            steps: steps, buses: buses, sources: sources, taps: taps, timingReceivers: model.timingReceivers,
            root: rootSource, rootStep: rootStep, maximumFrameCount: maximumFrameCount,
            silence: AudioBuffer(channelCount: 1, frameCapacity: maximumFrameCount),
            retained: retained + pool.buffers)
    }
}
