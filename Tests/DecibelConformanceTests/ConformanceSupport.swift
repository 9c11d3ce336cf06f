import Decibel
import Foundation
import Synchronization

/// Counts a stream's render callbacks and notes when the first came.
final class CallbackCounter: Sendable {
    private let calls = Atomic<Int>(0)
    private let firstCall = Atomic<UInt64>(0)

    var count: Int { calls.load(ordering: .acquiring) }
    /// Nanoseconds on `MonotonicClock` of the first callback, or nil before it.
    var firstCallTime: UInt64? {
        let time = firstCall.load(ordering: .acquiring)
        return time == 0 ? nil : time
    }

    /// The render callback: silence out, and a count.
    func render(_ context: RenderContext) {
        context.output.clear()
        // The time first: a waiter that sees the count must see the time too.
        if calls.load(ordering: .relaxed) == 0 {
            _ = firstCall.compareExchange(expected: 0, desired: MonotonicClock.now(), ordering: .releasing)
        }
        calls.wrappingAdd(1, ordering: .releasing)
    }

    /// Waits until the count passes `count`, up to `timeout` seconds; whether it did.
    func waitBeyond(_ count: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while self.count <= count {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }
}

/// Everything a stream's `events()` delivered, and whether the sequence ended.
final class StreamEventReader: Sendable {
    private let state = Locked<(events: [StreamEvent], ended: Bool)>(([], false))

    /// Starts reading `events` on a task of its own.
    init(_ events: EventSequence<StreamEvent>) {
        Task { [state] in
            for await event in events { state.withLock { $0.events.append(event) } }
            state.withLock { $0.ended = true }
        }
    }

    var events: [StreamEvent] { state.withLock { $0.events } }
    var ended: Bool { state.withLock { $0.ended } }

    /// Waits up to `timeout` seconds for `condition` on the log; whether it came.
    func wait(timeout: Double, until condition: (StreamEventReader) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(self) {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}

/// Runs `body` on a new thread and waits for it: the control calls must work from any thread, not only the
/// one that opened the stream.
func onAnotherThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        let outcome = Result { try body() }
        result.withLock { $0 = outcome }
        done.signal()
    }.start()
    done.wait()
    return try result.withLock { $0! }.get()
}

/// The `AudioError` kind `body` throws, or nil when it does not throw.
func errorKind(_ body: () throws -> Void) -> AudioError.Kind? {
    do {
        try body()
        return nil
    } catch let error as AudioError {
        return error.kind
    } catch {
        return nil
    }
}

/// The process's open file descriptors, threads and resident memory, from /proc.
struct ProcessResources: CustomStringConvertible {
    var fileDescriptors: Int
    var threads: Int
    var residentBytes: Int

    static func now() -> ProcessResources {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return ProcessResources(fileDescriptors: fds, threads: threads, residentBytes: pages * Int(getpagesize()))
    }

    var description: String {
        "\(fileDescriptors) fds, \(threads) threads, \(String(format: "%.1f", Double(residentBytes) / 1_048_576)) MiB"
    }
}

extension Findings {
    /// The stream is invalidated after `what` (a kill, a removal) and refuses to start with `streamInvalidated`.
    mutating func requireInvalidated(_ stream: any AudioStream, after what: String) {
        require(stream.state == .invalidated, "after the \(what) the stream is \(stream.state)")
        let restartKind = errorKind { try stream.start() }
        require(
            restartKind == .streamInvalidated,
            "start() after the \(what) gave \(restartKind.map { "\($0)" } ?? "no error")")
    }
}
