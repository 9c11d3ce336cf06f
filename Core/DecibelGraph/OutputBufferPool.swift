import DecibelCore

/// Output buffers for a render plan, shared between nodes whose lifetimes do not overlap.
///
/// Steps run in dependency order, so a node's output is needed from its own step until the last step
/// that reads it (the root's until the block is copied out). Once that step has run, the buffer goes back
/// to the pool and a later node writes into it. A chain of 1000 gains then works in three buffers that
/// stay in the first-level cache instead of 1000 that do not; nothing changes for the nodes, which write
/// every output sample each block anyway.
struct OutputBufferPool {
    /// The buffer each node writes, once its step has been planned.
    private(set) var assigned: [ObjectIdentifier: AudioBuffer] = [:]
    /// Every buffer the pool made: the plan keeps them alive.
    private(set) var buffers: [AudioBuffer] = []
    private let maximumFrameCount: Int
    /// Position of the last step reading each node's output (`Int.max` for the root).
    private let lastReader: [ObjectIdentifier: Int]
    private var free: [Int: [AudioBuffer]] = [:]
    /// Buffers to return to `free` after the step at each position.
    private var releases: [Int: [AudioBuffer]] = [:]

    /// `order` is the steps' order; `readers` maps a node to the nodes reading its output.
    init(
        order: [ObjectIdentifier], readers: [ObjectIdentifier: [ObjectIdentifier]], root: ObjectIdentifier?,
        maximumFrameCount: Int
    ) {
        self.maximumFrameCount = maximumFrameCount
        var last: [ObjectIdentifier: Int] = [:]
        for (position, reader) in order.enumerated() {
            for source in readers[reader] ?? [] { last[source] = max(last[source] ?? position, position) }
        }
        if let root { last[root] = .max }
        lastReader = last
    }

    /// The buffer the node `id`, planned at `position`, writes its output to.
    mutating func output(of id: ObjectIdentifier, channels: Int, at position: Int) -> AudioBuffer {
        let buffer = take(channels: channels)
        assigned[id] = buffer
        let release = lastReader[id] ?? position
        if release != .max { releases[release, default: []].append(buffer) }
        return buffer
    }

    /// A buffer used from now until the step at `position` has run (a bus's summing buffer).
    mutating func buffer(channels: Int, until position: Int) -> AudioBuffer {
        let buffer = take(channels: channels)
        releases[position, default: []].append(buffer)
        return buffer
    }

    /// Returns the buffers no step after `position` reads.
    mutating func finishStep(at position: Int) {
        for buffer in releases.removeValue(forKey: position) ?? [] {
            free[buffer.channelCount, default: []].append(buffer)
        }
    }

    private mutating func take(channels: Int) -> AudioBuffer {
        if let buffer = free[channels]?.popLast() { return buffer }
        let buffer = AudioBuffer(channelCount: channels, frameCapacity: maximumFrameCount)
        buffers.append(buffer)
        return buffer
    }
}
