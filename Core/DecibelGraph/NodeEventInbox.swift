import DecibelCore
import Synchronization

/// The queue of scheduled events from control threads into one node's render.
///
/// A separate object so a node's parameters can schedule into it without holding the node weakly (a
/// weak reference would give the node a side table and slow down every retain on the render path).
final class NodeEventInbox: @unchecked Sendable {
    static let capacity = 256
    let queue = SPSCQueue<ScheduledEvent>(capacity: capacity)
    private let producer = ControlLock()
    private let dropped = Atomic<Int>(0)

    /// Any control thread: queues `event`; counts a drop and returns `false` when full.
    func push(_ event: ScheduledEvent) -> Bool {
        let pushed = producer.withLock { queue.push(event) }
        if !pushed { countDrop() }
        return pushed
    }

    func countDrop() { dropped.wrappingAdd(1, ordering: .relaxed) }

    var droppedCount: Int { dropped.load(ordering: .relaxed) }
}
