import DecibelCore

/// A batch of graph edits that becomes one new render plan. Get one from `AudioEngine.edit(_:)`.
///
/// Every method works on the engine's control-side model; nothing reaches the render thread until the
/// batch ends and the engine publishes the plan with one atomic swap. If any step throws, the whole batch
/// is discarded and the graph stays as it was.
public struct GraphEditor {
    var model: GraphModel
    let format: NodeFormat
    let known: (ObjectIdentifier) -> NodeEntry?
    var newEventSources: [any RenderEventSource] = []

    /// Adds `node` to the graph (it renders from the next plan on, even when nothing consumes it).
    public mutating func attach(_ node: any AudioNode) {
        let id = ObjectIdentifier(node)
        guard model.entries[id] == nil else { return }
        let entry: NodeEntry
        if let existing = known(id), existing.format == format {
            entry = existing  // still referenced by a plan the render thread may hold: do not re-prepare
        } else {
            entry = NodeEntry(node: node, format: format)
        }
        model.entries[id] = entry
        model.order.append(id)
        if let source = node as? any RenderEventSource { newEventSources.append(source) }
    }

    /// Removes `node`, its connections, its group membership and its taps.
    public mutating func detach(_ node: any AudioNode) {
        let id = ObjectIdentifier(node)
        guard model.entries.removeValue(forKey: id) != nil else { return }
        model.order.removeAll { $0 == id }
        model.edges.removeAll { $0.source == id || $0.destination == id }
        model.memberOf[id] = nil
        model.taps[id] = nil
    }

    /// Connects `source`'s output to `bus` of `destination`, attaching either if needed. Several sources
    /// on one bus are summed.
    /// - Throws: `AudioError` of kind `invalidArgument` when `destination` has no input bus `bus`. A connection
    ///   that would make a cycle is refused when the batch ends: `AudioEngine.edit(_:)` throws `invalidArgument`.
    public mutating func connect(
        _ source: any AudioNode, to destination: any AudioNode, bus: Int = 0
    ) throws(AudioError) {
        guard bus >= 0 && bus < destination.inputBusCount else {
            throw AudioError(
                .invalidArgument,
                "bus \(bus) does not exist; \(type(of: destination)) has \(destination.inputBusCount) input bus(ses)")
        }
        attach(source)
        attach(destination)
        let edge = GraphEdge(source: ObjectIdentifier(source), destination: ObjectIdentifier(destination), bus: bus)
        if !model.edges.contains(edge) { model.edges.append(edge) }
    }

    /// Removes the connection from `source` to `destination` (on `bus`, or on every bus when `nil`).
    public mutating func disconnect(_ source: any AudioNode, from destination: any AudioNode, bus: Int? = nil) {
        let s = ObjectIdentifier(source), d = ObjectIdentifier(destination)
        model.edges.removeAll { $0.source == s && $0.destination == d && (bus == nil || $0.bus == bus) }
    }

    /// Removes every explicit connection into `bus` of `destination`.
    public mutating func disconnectInput(of destination: any AudioNode, bus: Int) {
        let d = ObjectIdentifier(destination)
        model.edges.removeAll { $0.destination == d && $0.bus == bus }
    }

    /// Makes `node` a member of `group` (summed into it), moving it out of any group it was in.
    /// - Throws: `AudioError` of kind `invalidArgument` when `group` is not part of the engine (add it to one of the
    ///   engine's groups first).
    public mutating func add(_ node: any AudioNode, to group: ChannelGroup) throws(AudioError) {
        try requireGroup(group)
        attach(node)
        model.memberOf[ObjectIdentifier(node)] = ObjectIdentifier(group)
    }

    /// Makes `child` a subgroup of `parent`, registering it if new and moving it out of its old parent.
    /// - Throws: `AudioError` of kind `invalidArgument` when `parent` is not part of the engine.
    public mutating func add(_ child: ChannelGroup, to parent: ChannelGroup) throws(AudioError) {
        try requireGroup(parent)
        register(child)
        model.memberOf[ObjectIdentifier(child.fader)] = ObjectIdentifier(parent)
    }

    /// Takes `node` out of its group (it stays attached).
    public mutating func removeFromGroup(_ node: any AudioNode) {
        model.memberOf[ObjectIdentifier(node)] = nil
    }

    /// Detaches `group`, its fader and filters; its members stay attached but belong to no group.
    public mutating func remove(_ group: ChannelGroup) {
        let id = ObjectIdentifier(group)
        guard let state = model.groups.removeValue(forKey: id) else { return }
        for member in model.memberOf.filter({ $0.value == id }).map(\.key) { model.memberOf[member] = nil }
        for filter in state.filters { detach(filter) }
        detach(group.fader)
    }

    /// Replaces `group`'s filters (processed in order before its volume, pan and mute).
    /// - Throws: `AudioError` of kind `invalidArgument` when `group` is not part of the engine, a filter has no input
    ///   bus, or a filter already filters another group.
    public mutating func setFilters(_ filters: [any AudioNode], of group: ChannelGroup) throws(AudioError) {
        try requireGroup(group)
        for filter in filters where filter.inputBusCount < 1 {
            throw AudioError(.invalidArgument, "\(type(of: filter)) has no input bus, so it cannot be a group filter")
        }
        let id = ObjectIdentifier(group)
        for (otherID, other) in model.groups where otherID != id {
            if let shared = other.filters.first(where: { filter in filters.contains { $0 === filter } }) {
                throw AudioError(
                    .invalidArgument,
                    "\(type(of: shared)) is already a filter of group '\(other.group.name)'; a node can filter one group only"
                )
            }
        }
        for old in model.groups[id]?.filters ?? [] where !filters.contains(where: { $0 === old }) { detach(old) }
        for filter in filters { attach(filter) }
        model.groups[id]?.filters = filters
    }

    /// Registers `group` (attaches its fader) without putting it anywhere.
    mutating func register(_ group: ChannelGroup) {
        let id = ObjectIdentifier(group)
        guard model.groups[id] == nil else { return }
        attach(group.fader)
        model.groups[id] = GroupState(group: group, filters: [])
    }

    mutating func addTap(_ tap: GraphTap, on node: any AudioNode) {
        attach(node)
        model.taps[ObjectIdentifier(node), default: []].append(tap)
    }

    mutating func removeTap(_ tap: GraphTap) {
        for key in Array(model.taps.keys) { model.taps[key]?.removeAll { $0 === tap } }
    }

    private mutating func requireGroup(_ group: ChannelGroup) throws(AudioError) {
        if model.groups[ObjectIdentifier(group)] == nil {
            throw AudioError(
                .invalidArgument,
                "group '\(group.name)' is not part of this engine; add it to a group of the engine first (engine.mainGroup.add(group))"
            )
        }
    }
}
