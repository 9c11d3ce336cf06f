import DecibelCore
import Synchronization

/// The queue of scheduled events from control threads into one node's render.
///
/// A separate object so a node's parameters can schedule into it without holding the node weakly (a
/// weak reference would give the node a side table and slow down every retain on the render path).
final class NodeEventInbox: @unchecked Sendable {
    static let capacity = 256
    /// Counts pushes into every inbox of the process and control-thread writes to every parameter. A node
    /// whose last look saw the same count has nothing new and skips its queue and its parameters: reading
    /// one shared, cache-resident counter per node and block costs less than reaching into each node's
    /// queue and each parameter (more objects, usually out of cache).
    static let changes = Atomic<Int>(0)
    let queue = SPSCQueue<ScheduledEvent>(capacity: capacity)
    private let producer = ControlLock()
    private let dropped = Atomic<Int>(0)

    /// Any control thread: queues `event`; counts a drop and returns `false` when full.
    func push(_ event: ScheduledEvent) -> Bool {
        let pushed = producer.withLock { queue.push(event) }
        // After the push: a render thread that reads the new count also sees the event.
        if pushed { Self.changes.wrappingAdd(1, ordering: .releasing) } else { countDrop() }
        return pushed
    }

    func countDrop() { dropped.wrappingAdd(1, ordering: .relaxed) }

    var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
