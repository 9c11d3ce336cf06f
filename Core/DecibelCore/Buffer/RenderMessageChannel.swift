/// A two-way message channel between one control thread and one render thread.
///
/// The control thread `send`s commands and `collect`s replies; the render thread `receive`s commands and
/// `reply`s. The usual reply is the object a command replaced (an old render plan, a finished buffer):
/// handing it back lets the control thread release it, so the render thread never frees memory.
public final class RenderMessageChannel<Command, Reply>: @unchecked Sendable {
    @usableFromInline let commands: SPSCQueue<Command>
    @usableFromInline let replies: SPSCQueue<Reply>

    /// Creates a channel with room for `capacity` messages in each direction.
    public init(capacity: Int) {
        commands = SPSCQueue(capacity: capacity)
        replies = SPSCQueue(capacity: capacity)
    }

    /// Control thread: queues a command; `false` when the render thread has not caught up.
    @inlinable @discardableResult
    public func send(_ command: Command) -> Bool { commands.push(command) }

    /// Control thread: takes the oldest reply, if any.
    @inlinable
    public func collect() -> Reply? { replies.pop() }

    /// Render thread: takes the oldest command, if any.
    @inlinable
    public func receive() -> Command? { commands.pop() }

    /// Render thread: queues a reply; `false` when the control thread has not collected enough.
    @inlinable @discardableResult
    public func reply(_ reply: Reply) -> Bool { replies.push(reply) }
}
