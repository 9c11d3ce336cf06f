import DecibelCore
import Foundation
import Synchronization
import Testing

@Suite("SPSCQueue")
struct SPSCQueueTests {
    final class Counted: Sendable {
        static let live = Atomic<Int>(0)
        let value: Int
        init(_ value: Int) { self.value = value; Self.live.add(1, ordering: .relaxed) }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    @Test("push fails when full, pop fails when empty, order is FIFO")
    func boundaries() {
        let queue = SPSCQueue<Int>(capacity: 3)
        #expect(queue.capacity == 4)
        #expect(queue.pop() == nil)
        for i in 0..<4 { #expect(queue.push(i)) }
        #expect(!queue.push(99))
        #expect(queue.count == 4)
        for i in 0..<4 { #expect(queue.pop() == i) }
        #expect(queue.pop() == nil)
    }

    @Test("elements left in the queue are released with it")
    func releasesLeftovers() {
        let before = Counted.live.load(ordering: .relaxed)
        do {
            let queue = SPSCQueue<Counted>(capacity: 8)
            for i in 0..<5 { queue.push(Counted(i)) }
            _ = queue.pop()
        }
        #expect(Counted.live.load(ordering: .relaxed) == before)
    }

    @Test("a million messages cross threads in order")
    func twoThreads() {
        let queue = SPSCQueue<Int>(capacity: 256)
        let total = 1_000_000
        let producer = Thread {
            var i = 0
            while i < total { if queue.push(i) { i += 1 } else { sched_yield() } }
        }
        producer.start()
        var expected = 0, wrong = 0
        while expected < total {
            guard let value = queue.pop() else { sched_yield(); continue }
            if value != expected { wrong += 1 }
            expected += 1
        }
        #expect(wrong == 0)
    }
}
