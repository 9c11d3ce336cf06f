import DecibelCore
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelJACK

/// All JACK tests share one server and some stop or reconfigure it, so they run one at a time.
@Suite(.serialized) struct JACKTests {}

/// Shared helpers for the JACK tests.
enum JACKHarness {
    /// A client name no other test uses.
    static func uniqueName(_ base: String) -> String { "\(base)-\(UInt32.random(in: 0..<1_000_000))" }

    /// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held.
    @discardableResult
    static func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(5_000)
        }
        return condition()
    }

    /// Returns `body` after calling it once on this thread with a 64-frame stereo context. In a debug
    /// build the first call of a closure instantiates Swift type metadata, which locks and allocates (and
    /// aborts when the test process links the RealtimeSanitizer runtime); doing it here keeps that off
    /// JACK's real-time thread. Streams warm up their own part of the render path themselves.
    static func warmed(_ body: @escaping RenderCallback) -> RenderCallback {
        let input = AudioBuffer(channelCount: 2, frameCapacity: 64),
            output = AudioBuffer(channelCount: 2, frameCapacity: 64)
        body(
            RenderContext(
                input: input.view, output: output.view, frameCount: 64,
                timestamp: AudioTimestamp(sampleTime: 0, hostTime: 0), sampleRate: 48000))
        return body
    }

    /// Runs a JACK command-line tool against the shared test server.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult {
        try spawn(name, arguments)
    }

    /// Runs a program to its end, its output going through files (see `runWithOutputInFiles`).
    ///
    /// Foundation's `Process` waits for a SIGCHLD handler that is gone once libjack has seen its server
    /// die (it then never returns), so these tests never use it; `ChildProcess` polls `waitpid` instead.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> ProcessResult {
        try runWithOutputInFiles(executable, arguments, environment: environment)
    }
}

extension PrivateJACKServer {
    var backend: JACKBackend { JACKBackend(options: .init(serverName: name)) }

    /// Sets the period with `jack_bufsize` and waits until a client sees it.
    func setPeriod(_ frames: Int) throws {
        try tool("jack_bufsize", [String(frames)])
        let client = try JACKClient(
            library: JACKLibrary.load(path: JACKLibrary.description.defaultFileName), name: "decibel-period",
            serverName: name)
        defer { client.close() }
        JACKHarness.waitUntil(2) { client.bufferSize == frames }
    }
}

/// Mono samples captured on the render thread into memory allocated up front.
final class CaptureBuffer: @unchecked Sendable {
    let capacity: Int
    private let storage: UnsafeMutablePointer<Float>
    private let count = Atomic<Int>(0)
    /// Captured blocks are skipped until this many callbacks have passed (let connections settle).
    private let skipBlocks: Int
    private let seenBlocks = Atomic<Int>(0)

    init(capacity: Int, skipBlocks: Int = 0) {
        self.capacity = capacity
        self.skipBlocks = skipBlocks
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
    }

    deinit { storage.deallocate() }

    /// Render thread: appends what fits of `frames` samples of `channel`.
    func append(_ view: AudioBufferView, channel: Int) {
        if seenBlocks.wrappingAdd(1, ordering: .relaxed).newValue <= skipBlocks { return }
        let filled = count.load(ordering: .relaxed)
        let take = min(view.frameCount, capacity - filled)
        guard take > 0 else { return }
        (storage + filled).update(from: view.samples(channel), count: take)
        count.store(filled + take, ordering: .releasing)
    }

    var isFull: Bool { count.load(ordering: .acquiring) == capacity }

    /// What was captured so far.
    var samples: [Float] { Array(UnsafeBufferPointer(start: storage, count: count.load(ordering: .acquiring))) }
}

/// Events a stream posted, with when they arrived.
final class EventLog: Sendable {
    private let events = Locked<[(event: StreamEvent, at: Date)]>([])

    var handler: @Sendable (StreamEvent) -> Void { { [self] event in events.withLock { $0.append((event, Date())) } } }

    var all: [StreamEvent] { events.withLock { $0.map(\.event) } }

    /// When the first event matching `predicate` arrived.
    func firstTime(where predicate: (StreamEvent) -> Bool) -> Date? {
        events.withLock { $0.first { predicate($0.event) }?.at }
    }
}
