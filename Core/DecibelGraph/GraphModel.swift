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
        var builder = RenderPlanBuilder(model: self, edges: edges, sorted: sorted, maximumFrameCount: maximumFrameCount)
        for (position, id) in sorted.enumerated() { builder.addStep(id, at: position) }
        return builder.finish()
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
