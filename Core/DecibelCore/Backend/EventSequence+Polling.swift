extension EventSequence {
    /// A sequence that calls `read` every `interval` seconds on a task of its own and delivers what it
    /// returns, until the loop over it ends (or its task is cancelled) or `read` returns `nil`: how meters
    /// offer `readings(every:)`. At most `capacity` readings wait for a slow loop; older ones are dropped
    /// and counted.
    public static func polling(
        every interval: Double, capacity: Int, _ read: @escaping @Sendable () -> Element?
    ) -> EventSequence<Element> {
        let nanoseconds = UInt64(Swift.max(0.001, interval) * 1e9)
        return EventSequence(capacity: capacity) { feed in
            let reader = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    guard !Task.isCancelled, let reading = read() else { break }
                    feed.yield(reading)
                }
                feed.finish()
            }
            return { reader.cancel() }
        }
    }
}
