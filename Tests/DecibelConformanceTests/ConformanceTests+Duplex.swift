import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

extension ConformanceTests {
    @Test(
        "duplex: one callback carries input and output of the same frames, channels as configured", arguments: backends)
    func duplex(_ backend: BackendUnderTest) throws {
        try Conformance.verify(.duplex, on: backend) { findings in
            let audio = backend.makeBackend()
            let shape = DuplexShape()
            var configuration = backend.configuration(.duplex, channels: 2, render: shape.render)
            configuration.name = "dcb-conformance-duplex"
            let stream = try audio.makeStream(configuration)
            defer { stream.close() }
            let started = Date()
            try stream.start()
            // The shape is checked here, not how soon blocks come: a PulseAudio null sink that sat idle sleeps out
            // its idle latency (up to 2 s) before it runs a new stream, after the first block or before it (runs
            // after the server-kill test, on the restarted server: 27 callbacks in the 2 s counted from start();
            // in CI93 the first at 0.008 s, then 28 in the 2 s after it). So the 50 may take that sleep longer.
            var deadline = started.addingTimeInterval(Self.patience + 2)
            while shape.callbacks.load(ordering: .relaxed) == 0 && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            let firstBlock = Date().timeIntervalSince(started)
            deadline = Date().addingTimeInterval(Self.patience + 2)
            while shape.callbacks.load(ordering: .relaxed) < 50 && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try stream.stop()
            let callbacks = shape.callbacks.load(ordering: .relaxed)
            findings.require(
                callbacks >= 50,
                "\(callbacks) duplex callbacks in \(Self.patience + 2) s after the first (\(firstBlock) s), largest \(shape.largest.load(ordering: .relaxed)) frames, \(stream.format)"
            )
            findings.require(
                shape.mismatches.load(ordering: .relaxed) == 0,
                "\(shape.mismatches.load(ordering: .relaxed)) callbacks with input and output of different shapes")
            let largest = shape.largest.load(ordering: .relaxed)
            findings.require(
                largest <= stream.format.maximumFrameCount,
                "a block of \(largest) frames, above the format's maximum \(stream.format.maximumFrameCount)")
            findings.require(
                stream.format.inputChannelCount == 2 && stream.format.outputChannelCount == 2,
                "format \(stream.format)")
            findings.note(
                "\(callbacks) callbacks, the first \(String(format: "%.3f", firstBlock)) s after start(), largest \(largest) frames, \(stream.format)"
            )
        }
    }
}

/// Checks each duplex callback's buffers: two input and two output channels of the callback's frame count.
final class DuplexShape: Sendable {
    let callbacks = Atomic<Int>(0)
    let mismatches = Atomic<Int>(0)
    let largest = Atomic<Int>(0)

    var render: RenderCallback {
        { [self] context in
            context.output.clear()
            let input = context.input, output = context.output
            if input.channelCount != 2 || output.channelCount != 2 || input.frameCount != context.frameCount
                || output.frameCount != context.frameCount
            {
                mismatches.wrappingAdd(1, ordering: .relaxed)
            }
            if context.frameCount > largest.load(ordering: .relaxed) {
                largest.store(context.frameCount, ordering: .relaxed)
            }
            callbacks.wrappingAdd(1, ordering: .relaxed)
        }
    }
}
