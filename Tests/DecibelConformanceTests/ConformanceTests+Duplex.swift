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
            try stream.start()
            let deadline = Date().addingTimeInterval(Self.patience)
            while shape.callbacks.load(ordering: .relaxed) < 50 && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try stream.stop()
            let callbacks = shape.callbacks.load(ordering: .relaxed)
            findings.require(callbacks >= 50, "\(callbacks) duplex callbacks in \(Self.patience) s")
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
            findings.note("\(callbacks) callbacks, largest \(largest) frames, \(stream.format)")
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
