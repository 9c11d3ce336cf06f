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
            let collector = InputCollector(frames: Int(deadline.timeIntervalSinceNow + 1) * 48_000)
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

/// Keeps the first `frames` frames of a stream's input channel 0, written on the render thread into
/// storage allocated up front.
final class InputCollector: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Float>
    private let written = Atomic<Int>(0)

    init(frames: Int) {
        storage = .allocate(capacity: frames)
        storage.initialize(repeating: 0)
    }

    deinit { storage.deallocate() }

    var isFull: Bool { written.load(ordering: .acquiring) == storage.count }
    var samples: [Float] { Array(storage[0..<written.load(ordering: .acquiring)]) }

    /// The render callback (the collector is only read after the stream stopped, or up to `written`).
    var render: RenderCallback {
        { [self] context in
            let start = written.load(ordering: .relaxed)
            let count = min(context.frameCount, storage.count - start)
            guard count > 0, context.input.channelCount > 0 else { return }
            let channel = context.input.samples(0)
            for frame in 0..<count { storage[start + frame] = channel[frame] }
            written.store(start + count, ordering: .releasing)
        }
    }
}
