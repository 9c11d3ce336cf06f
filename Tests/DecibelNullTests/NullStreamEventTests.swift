import DecibelCore
import DecibelNull
import Testing

/// A stream's events as a `for await` loop: the same events the `onEvent` handler gets, ending at close.
@Suite struct NullStreamEventTests {
    @Test func aLoopOverEventsSeesStartAndStopAndEndsWhenTheStreamCloses() async throws {
        let stream = try NullBackend().makeNullStream(StreamConfiguration(bufferSize: .frames(256)) { _ in })
        let events = stream.events()
        let loop = Task {
            var seen: [StreamEvent] = []
            for await event in events { seen.append(event) }
            return seen  // reached only when the sequence ends
        }
        try stream.start()
        try await Task.sleep(nanoseconds: 100_000_000)
        try stream.stop()
        stream.close()
        let seen = await loop.value
        print("events seen: \(seen)")
        #expect(seen.first == .started)
        #expect(seen.contains(.stopped))
        #expect(events.droppedCount == 0)
    }

    @Test func aLoopOpenedAfterCloseEndsAtOnce() async throws {
        let stream = try NullBackend().makeNullStream(StreamConfiguration { _ in })
        stream.close()
        var count = 0
        for await _ in stream.events() { count += 1 }
        #expect(count == 0)
    }
}
