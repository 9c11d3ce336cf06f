import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

extension ConformanceTests {
    @Test(
        "input delivered: what the server's own client plays arrives, frequency and level", .liveTiming,
        .disabled(if: TestEnvironment.sanitizerSlowsRendering, ConformanceTests.measuredInThePlainPass),
        arguments: backends)
    func inputDelivered(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.inputDelivered, on: backend) { findings in
            let tone = ServerClient.InputTone(backend)
            let player = try ServerClient.playIntoInput(backend, tone: tone, seconds: 5)
            defer { player?.stop() }
            let audio = backend.makeBackend()
            let deadline = Date().addingTimeInterval(2 + 3 * Self.patience)
            let collector = InputCollector(frames: Int((3 + 3 * Self.patience) * 48_000))
            var configuration = backend.configuration(.input, sampleRate: 48_000, render: collector.render)
            configuration.name = "dcb-conformance-input"
            configuration.inputDevice = ServerClient.inputDevice(backend)
            if backend == .alsa { configuration.sampleType = .float32 }
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            try stream.start()
            if backend == .jack, let port = (stream as? JACKStream)?.inputPortNames.first {
                try ServerClient.connectJACKTone(to: port)
            }
            let heardTone = ServerClient.awaitCleanSecond(of: tone, until: deadline, heard: { collector.samples })
            try stream.stop()
            guard let heard = heardTone.tone else {
                findings.problem(heardTone.missing(tone))
                return
            }
            findings.note("delivered \(heard), \(heardTone.onsetText)")
            findings.require(
                abs(heard.frequency - tone.frequency) < 0.5, "delivered \(heard.frequency) Hz, not \(tone.frequency)")
            findings.require(
                abs(heard.magnitude - tone.amplitude) < 0.01,
                "delivered amplitude \(heard.magnitude), not \(tone.amplitude)")
        }
    }
}

/// Keeps the first `frames` frames of channel 0 that a stream's render callback or an engine's tap delivers,
/// written by one thread into storage allocated up front, so a reader's snapshot costs the writer nothing.
final class InputCollector: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Float>
    private let written = Atomic<Int>(0)

    init(frames: Int) {
        storage = .allocate(capacity: frames)
        storage.initialize(repeating: 0)
    }

    deinit { storage.deallocate() }

    /// What was written so far (any thread).
    var samples: ArraySlice<Float> { ArraySlice(storage[0..<written.load(ordering: .acquiring)]) }

    /// Appends `channel` (the writer's thread only); what does not fit is dropped.
    func append<Channel: Collection<Float>>(_ channel: Channel) {
        let start = written.load(ordering: .relaxed)
        let count = min(channel.count, storage.count - start)
        guard count > 0 else { return }
        _ = UnsafeMutableBufferPointer(rebasing: storage[start..<start + count]).initialize(from: channel.prefix(count))
        written.store(start + count, ordering: .releasing)
    }

    /// A render callback appending the stream's first input channel.
    var render: RenderCallback {
        { [self] context in
            guard context.input.channelCount > 0 else { return }
            append(UnsafeBufferPointer(start: context.input.samples(0), count: context.frameCount))
        }
    }
}
