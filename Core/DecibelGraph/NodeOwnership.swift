import DecibelCore

/// Which engine holds each attached node: a node rendered by two engines would run on two render threads at
/// once, so a node belongs to one engine from the edit that attaches it until the edit that detaches it (or
/// the engine's end).
enum NodeOwnership {
    private struct Owner {
        let engine: ObjectIdentifier
        let name: String
    }

    private static let owners = Locked<[ObjectIdentifier: Owner]>([:])

    /// Claims `nodes` for `engine` (named `name`), all or none.
    /// - Throws: `AudioError` of kind `invalidState` naming the node and both engines when another engine holds one.
    static func claim(_ nodes: [any AudioNode], for engine: ObjectIdentifier, named name: String) throws(AudioError) {
        try owners.withLock { (owners: inout [ObjectIdentifier: Owner]) throws(AudioError) in
            for node in nodes {
                if let owner = owners[ObjectIdentifier(node)], owner.engine != engine {
                    throw AudioError(
                        .invalidState,
                        "\(type(of: node)) belongs to engine '\(owner.name)'; detach it there before adding it to engine '\(name)'"
                    )
                }
            }
            for node in nodes { owners[ObjectIdentifier(node)] = Owner(engine: engine, name: name) }
        }
    }

    /// Frees the nodes `ids` that `engine` holds.
    static func release(_ ids: some Sequence<ObjectIdentifier>, of engine: ObjectIdentifier) {
        owners.withLock { owners in
            for id in ids where owners[id]?.engine == engine { owners[id] = nil }
        }
    }
}
