import DecibelCore
import Synchronization
import Testing

/// The bounded async sequence every `for await` API of Decibel is built on.
@Suite struct EventSequenceTests {
    final class Stops: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func aSlowConsumerGetsTheNewestEventsAndTheDropsAreCounted() async throws {
        let stops = Stops()
        let box = Locked<EventSequence<Int>.Feed?>(nil)
        let events = EventSequence<Int>(capacity: 10) { feed in
            box.withLock { $0 = feed }
            return { stops.count.add(1, ordering: .relaxed) }
        }
        let feed = try #require(box.withLock { $0 })
        for value in 0..<100 { feed.yield(value) }
        feed.finish()
        var received: [Int] = []
        for await value in events { received.append(value) }
        #expect(received == Array(90..<100))
        #expect(events.droppedCount == 90)
        #expect(stops.count.load(ordering: .relaxed) == 1)
    }

    @Test func leavingTheLoopStopsTheProducerOnce() async throws {
        let stops = Stops()
        let box = Locked<EventSequence<Int>.Feed?>(nil)
        let events = EventSequence<Int> { feed in
            box.withLock { $0 = feed }
            return { stops.count.add(1, ordering: .relaxed) }
        }
        let feed = try #require(box.withLock { $0 })
        let consumer = Task {
            var seen = 0
            for await _ in events {
                seen += 1
                if seen == 3 { break }
            }
            return seen
        }
        for value in 0..<3 { feed.yield(value) }
        #expect(await consumer.value == 3)
        #expect(stops.count.load(ordering: .relaxed) == 1)
        feed.yield(99)  // after the end: ignored
        #expect(events.droppedCount == 0)
    }

    @Test func cancellingTheLoopsTaskStopsTheProducer() async throws {
        let stops = Stops()
        let events = EventSequence<Int> { _ in { stops.count.add(1, ordering: .relaxed) } }
        let consumer = Task { for await _ in events {} }
        try await Task.sleep(nanoseconds: 50_000_000)
        consumer.cancel()
        await consumer.value
        #expect(stops.count.load(ordering: .relaxed) == 1)
    }

    @Test func aFailingStartThrowsAndStartsNothing() {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            _ = try EventSequence<Int> { (_) throws(Refused) in throw Refused() }
        }
    }
}
