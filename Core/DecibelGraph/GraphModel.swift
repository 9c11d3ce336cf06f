import DecibelCore

/// One node the engine knows, prepared for the engine's format. (Its output buffer belongs to the render
/// plan, which shares buffers between nodes; see `OutputBufferPool`.)
final class NodeEntry: @unchecked Sendable {
    let node: any AudioNode
    let format: NodeFormat

    init(node: any AudioNode, format: NodeFormat) {
        self.node = node
        self.format = format
        node.prepare(format: format)
    }
}

/// A connection from one node's output to a bus of another.
struct GraphEdge: Hashable {
    let source: ObjectIdentifier
    let destination: ObjectIdentifier
    let bus: Int
}

/// What a group is made of in the model: its fader and the filters before it.
struct GroupState {
    let group: ChannelGroup
    var filters: [any AudioNode]

    /// The node members feed: the first filter, or the fader.
    var head: any AudioNode { filters.first ?? group.fader }
}

/// The control thread's description of the graph. Value semantics: an edit works on a copy and is kept
/// only if a plan could be built from it (no cycle), so a failed edit leaves the graph as it was.
struct GraphModel {
    var entries: [ObjectIdentifier: NodeEntry] = [:]
    var order: [ObjectIdentifier] = []
    var edges: [GraphEdge] = []
    var groups: [ObjectIdentifier: GroupState] = [:]
    /// Member output node (a group's fader for groups) → the group it is in.
    var memberOf: [ObjectIdentifier: ObjectIdentifier] = [:]
    var taps: [ObjectIdentifier: [GraphTap]] = [:]
    var timingReceivers: [TimingReceiver] = []
    var root: ObjectIdentifier?

    /// Every edge of the graph: explicit connections plus those group membership and filters imply.
    func allEdges() -> [GraphEdge] {
        var result = edges
        for member in order {
            guard let groupID = memberOf[member], let state = groups[groupID] else { continue }
            result.append(GraphEdge(source: member, destination: ObjectIdentifier(state.head), bus: 0))
        }
        for state in groups.values {
            let chain: [any AudioNode] = state.filters + [state.group.fader]
            for index in chain.indices.dropLast() {
                result.append(
                    GraphEdge(
                        source: ObjectIdentifier(chain[index]), destination: ObjectIdentifier(chain[index + 1]), bus: 0)
                )
            }
        }
        return result
    }

    /// Node ids in dependency order, or `nil` when the edges form a cycle.
    func sortedNodes(_ edges: [GraphEdge]) -> [ObjectIdentifier]? {
        var incoming: [ObjectIdentifier: Int] = [:]
        var outgoing: [ObjectIdentifier: [ObjectIdentifier]] = [:]
        for edge in edges where entries[edge.source] != nil && entries[edge.destination] != nil {
            incoming[edge.destination, default: 0] += 1
            outgoing[edge.source, default: []].append(edge.destination)
        }
        var ready = order.filter { incoming[$0, default: 0] == 0 }
        var result: [ObjectIdentifier] = []
        result.reserveCapacity(order.count)
        var cursor = 0
        while cursor < ready.count {
            let id = ready[cursor]
            cursor += 1
            result.append(id)
            for next in outgoing[id] ?? [] {
                incoming[next, default: 0] -= 1
                if incoming[next] == 0 { ready.append(next) }
            }
        }
        return result.count == order.count ? result : nil
    }

    /// Builds the render plan, or throws when the graph has a cycle.
    func makePlan(maximumFrameCount: Int) throws(AudioError) -> RenderPlan {
        let edges = allEdges()
        guard let sorted = sortedNodes(edges) else {
            throw AudioError(
                .invalidArgument, "that connection would make a cycle in the graph; a node cannot feed its own input")
        }
        var busSources: [ObjectIdentifier: [(bus: Int, source: ObjectIdentifier)]] = [:]
        for edge in edges where entries[edge.source] != nil && entries[edge.destination] != nil {
            busSources[edge.destination, default: []].append((edge.bus, edge.source))
        }
        let summedEarly = earlySummedSources(edges)
        let positions = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        // The summing buffers early-summed sources have started, by bus.
        var sums: [BusKey: AudioBuffer] = [:]
        var steps: [RenderPlan.Step] = []
        var buses: [RenderPlan.Bus] = []
        var sources: [RenderPlan.Source] = []
        var taps: [GraphTap] = []
        var retained: [AnyObject] = []
        steps.reserveCapacity(sorted.count)
        var pool = OutputBufferPool(
            order: sorted, readers: busSources.mapValues { $0.filter { summedEarly[$0.source] == nil }.map(\.source) },
            root: root,
            maximumFrameCount: maximumFrameCount)
        // The root renders straight into the device's output unless some node reads it.
        var rootStep: Int?
        let rootIsRead = busSources.values.contains { feeds in feeds.contains { $0.source == root } }
        for (position, id) in sorted.enumerated() {
            guard let entry = entries[id] else { continue }
            if id == root && !rootIsRead { rootStep = steps.count }
            retained.append(entry)
            let node = entry.node
            let busStart = buses.count
            let feeds = busSources[id] ?? []
            let output = pool.output(of: id, channels: node.channelCount, at: position)
            var sumInto: AudioBuffer?
            var startsSum = false
            if let key = summedEarly[id], let destination = entries[key.destination],
                let consumer = positions[key.destination]
            {
                startsSum = sums[key] == nil
                let sum = sums[key] ?? pool.buffer(channels: destination.node.channelCount, until: consumer)
                sums[key] = sum
                sumInto = sum
            }
            for bus in 0..<node.inputBusCount {
                let sourceStart = sources.count
                for feed in feeds where feed.bus == bus && summedEarly[feed.source] == nil {
                    if let source = pool.assigned[feed.source] {
                        sources.append(
                            RenderPlan.Source(pointers: source.channelPointers, channels: source.channelCount))
                    }
                }
                let count = sources.count - sourceStart
                let presum = sums[BusKey(destination: id, bus: bus)]
                let sum = presum ?? (count > 1 ? pool.buffer(channels: node.channelCount, until: position) : nil)
                buses.append(
                    RenderPlan.Bus(
                        sourceStart: sourceStart, sourceCount: count, sum: sum?.channelPointers,
                        sumChannels: node.channelCount, presummed: presum != nil))
            }
            let nodeTaps = self.taps[id] ?? []
            let renderNode = node as? RenderNode
            let unfed = buses[busStart...].allSatisfy { $0.sourceCount == 0 && !$0.presummed }
            let rendersSilence = id == root && !rootIsRead && nodeTaps.isEmpty && unfed && node is any SilenceKeeping
            steps.append(
                RenderPlan.Step(
                    entry: .passUnretained(entry), renderNode: renderNode.map { .passUnretained($0) },
                    output: output.channelPointers, channels: output.channelCount,
                    busStart: busStart, busCount: node.inputBusCount, tapStart: taps.count, tapCount: nodeTaps.count,
                    rendersSilence: rendersSilence, sum: sumInto?.channelPointers,
                    sumChannels: sumInto?.channelCount ?? 0,
                    startsSum: startsSum))
            taps += nodeTaps
            pool.finishStep(at: position)
        }
        retained += pool.buffers
        var rootSource: RenderPlan.Source?
        if let root, entries[root] != nil, let output = pool.assigned[root] {
            rootSource = RenderPlan.Source(pointers: output.channelPointers, channels: output.channelCount)
        }
        return RenderPlan(
            steps: steps, buses: buses, sources: sources, taps: taps, timingReceivers: timingReceivers,
            root: rootSource, rootStep: rootStep,
            maximumFrameCount: maximumFrameCount,
            silence: AudioBuffer(channelCount: 1, frameCapacity: maximumFrameCount), retained: retained
        )
    }

    /// Sources added into their bus's summing buffer right after their own step: each is read by that one
    /// bus alone, the bus has other sources too, and nothing else looks at the output (no tap, not the
    /// root). Their output buffers are then free at once, so a hundred players mix through one buffer that
    /// stays in the first-level cache instead of a hundred that the bus reads back from farther away.
    func earlySummedSources(_ edges: [GraphEdge]) -> [ObjectIdentifier: BusKey] {
        var readCount: [ObjectIdentifier: Int] = [:]
        var feedCount: [BusKey: Int] = [:]
        let live = edges.filter { edge in
            guard entries[edge.source] != nil, let destination = entries[edge.destination] else { return false }
            return edge.bus < destination.node.inputBusCount
        }
        for edge in live {
            readCount[edge.source, default: 0] += 1
            feedCount[BusKey(destination: edge.destination, bus: edge.bus), default: 0] += 1
        }
        var result: [ObjectIdentifier: BusKey] = [:]
        for edge in live where readCount[edge.source] == 1 && edge.source != root && (taps[edge.source] ?? []).isEmpty {
            let key = BusKey(destination: edge.destination, bus: edge.bus)
            if feedCount[key, default: 0] > 1 { result[edge.source] = key }
        }
        return result
    }
}

/// One input bus of one node.
struct BusKey: Hashable {
    let destination: ObjectIdentifier
    let bus: Int
}
