import DecibelCore
import DecibelPipeWire
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// What a stream learns from the driver's clock and the registry while it runs: missed cycles, a new
/// quantum, a target that goes away.
extension PipeWireTests {
    @Test func removedTargetNodeGivesDeviceLost() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_lost")
        try server.createNode(sink)
        let log = EventLog<StreamEvent>()
        let tone = SineSource(frequency: 440, amplitude: 0.2)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, channelCount: 2, bufferSize: .frames(256), name: "decibel-pw-lost",
                onEvent: { log.append($0) }, render: tone.render))
        defer { stream.close() }
        try stream.start()
        Thread.sleep(forTimeInterval: 0.3)
        let removed = MonotonicClock.now()
        server.destroyNode(sink)
        let lost = log.wait(seconds: 3) { if case .deviceLost = $0 { true } else { false } }
        print(
            "target removed → \(lost.map { "\($0.event) after \(Double($0.time - removed) / 1e9) s" } ?? "nothing"); state \(stream.state)"
        )
        #expect(lost != nil)
        #expect(stream.state == .invalidated)
        #expect(throws: AudioError.self) { try stream.start() }
    }

    @Test(.liveTiming) func callbacksThatOverrunTheirCycleAreCountedFromTheDriversPosition() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_xrun")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        // 256 frames at 48 kHz is 5.3 ms; every 40th callback takes 25 ms, five times.
        let stalling = StallingSource(every: 40, times: 5, microseconds: 25_000)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, sampleRate: 48000, channelCount: 2, bufferSize: .frames(256),
                name: "decibel-pw-stall",
                render: stalling.render))
        defer { stream.close() }
        try stream.start()
        let deadline = Date().addingTimeInterval(5)
        while stalling.stalls.load(ordering: .relaxed) < 5 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.2)
        try stream.stop()
        print(
            "\(stalling.stalls.load(ordering: .relaxed)) stalls of 25 ms in \(stalling.callbacks.load(ordering: .relaxed)) callbacks → \(stream.xrunCount) xruns"
        )
        #expect(stalling.stalls.load(ordering: .relaxed) == 5)
        #expect(stream.xrunCount >= 5)
    }

    @Test func aSmallerQuantumAskedByAnotherClientIsPostedAsFormatChanged() throws {
        guard let server = Self.server() else { return }
        let sink = Self.uniqueName("decibel_pw_requantum")
        try server.createNode(sink)
        defer { server.destroyNode(sink) }
        let log = EventLog<StreamEvent>()
        let tone = SineSource(frequency: 440, amplitude: 0.1)
        let stream = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, sampleRate: 48000, channelCount: 2, bufferSize: .frames(1024),
                name: "decibel-pw-large",
                onEvent: { log.append($0) }, render: tone.render))
        defer { stream.close() }
        try stream.start()
        Thread.sleep(forTimeInterval: 0.5)
        let alone = stream.format.bufferSize

        let other = SineSource(frequency: 880, amplitude: 0.1)
        let small = try server.backend().makePipeWireStream(
            StreamConfiguration(
                direction: .output, device: sink, sampleRate: 48000, channelCount: 2, bufferSize: .frames(128),
                name: "decibel-pw-small", render: other.render))
        defer { small.close() }
        try small.start()
        let shrunk = log.wait(seconds: 3) {
            if case .formatChanged(let format) = $0 { format.bufferSize == 128 } else { false }
        }
        let together = stream.format.bufferSize
        try small.stop()
        let grown = log.wait(seconds: 3) {
            if case .formatChanged(let format) = $0 { format.bufferSize == 1024 } else { false }
        }
        print(
            "quantum alone \(alone), beside a 128-frame stream \(together), after it stopped \(stream.format.bufferSize); events \(log.all.map(\.event))"
        )
        #expect(alone == 1024)
        #expect(shrunk != nil)
        #expect(together == 128)
        #expect(grown != nil)
        #expect(stream.format.bufferSize == 1024)
    }
}

/// A render callback that sleeps through its cycle now and then: every `every`th call, `times` times.
final class StallingSource: Sendable {
    let callbacks = Atomic<Int>(0)
    let stalls = Atomic<Int>(0)
    private let every: Int, times: Int, microseconds: UInt32

    init(every: Int, times: Int, microseconds: UInt32) {
        self.every = every
        self.times = times
        self.microseconds = microseconds
    }

    var render: RenderCallback {
        { [self] _ in
            let count = callbacks.add(1, ordering: .relaxed).newValue
            if count % every == 0 && stalls.load(ordering: .relaxed) < times {
                stalls.add(1, ordering: .relaxed)
                usleep(microseconds)
            }
        }
    }
}
