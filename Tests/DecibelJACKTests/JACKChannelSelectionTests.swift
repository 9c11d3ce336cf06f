import DecibelCore
import DecibelGraph
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@testable import DecibelJACK

extension JACKTests {
    /// Channels 3 and 4 of an 8-port JACK capture: another client plays a different level into each
    /// port, and the engine's input node delivers just the two asked for.
    @Test(
        "an engine picks capture channels 3–4 of 8 JACK ports",
        .requires(.jack))
    func inputChannelSelection() throws {
        let backend = JACKBackend()
        // The feeder: 8 output ports, port c at peak (c + 1) / 16, a 500 Hz sine.
        let phase = Atomic<Int>(0)
        var feederOptions = JACKStreamOptions(clientName: JACKHarness.uniqueName("dcb-feed"))
        feederOptions.autoConnect = false
        let feeder = try backend.makeJACKStream(
            StreamConfiguration(
                direction: .output, channelCount: 8,
                render: JACKHarness.warmed { context in
                    let start = phase.add(context.frameCount, ordering: .relaxed).oldValue
                    for frame in 0..<context.frameCount {
                        let value = Float(sin(2 * Double.pi * 500 * Double(start + frame) / 48_000))
                        for channel in 0..<context.output.channelCount {
                            context.output.samples(channel)[frame] = value * Float(channel + 1) / 16
                        }
                    }
                }), options: feederOptions)
        defer { feeder.close() }
        let engine = try AudioEngine(
            backend: backend,
            configuration: StreamConfiguration(
                direction: .input, channelCount: 8, name: JACKHarness.uniqueName("dcb-pick")
            ) { _ in },
            inputChannels: [2, 3])
        let capture = try #require(engine.stream as? JACKStream)
        defer { capture.close() }
        #expect(capture.inputPortNames.count == 8)
        #expect(engine.inputNode.channelCount == 2)
        let peaks = Locked<[Float]>([0, 0])
        let frames = Atomic<Int>(0)
        let tap = try engine.installTap(on: engine.inputNode, bufferSize: 512) { buffer in
            guard frames.add(buffer.frameCount, ordering: .relaxed).newValue > 4_800 else { return }  // settled
            peaks.withLock { peaks in
                for channel in 0..<2 { peaks[channel] = max(peaks[channel], buffer[channel].map(abs).max() ?? 0) }
            }
        }
        try feeder.start()
        try capture.start()
        for index in 0..<8 {
            // The capture's own auto-connection brings system:capture_N (silent on the dummy driver) too.
            try JACKHarness.tool("jack_connect", [feeder.outputPortNames[index], capture.inputPortNames[index]])
        }
        #expect(JACKHarness.waitUntil(5) { frames.load(ordering: .relaxed) > 48_000 })
        try engine.removeTap(tap)
        try capture.stop()
        try feeder.stop()
        let heard = peaks.withLock { $0 }
        print("jack channel selection: channels 3 and 4 peak at \(heard[0]) and \(heard[1]) (want 0.1875 and 0.25)")
        #expect(abs(heard[0] - 3.0 / 16) < 0.005)
        #expect(abs(heard[1] - 4.0 / 16) < 0.005)
    }
}
