import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// Chosen input channels on any backend, and nodes that see chosen channels only (Null device: channel c
/// carries a sine at peak (c + 1) / 64).
@Suite("input channel selection")
struct ChannelSelectionTests {
    private let backend = NullBackend(options: .init(inputSignal: .numberedChannels(frequency: 1000)))

    @Test("a Microphone on channels [2, 3] delivers channels 3 and 4 as a stereo buffer")
    func microphoneChannels() throws {
        let peaks = Locked<[Float]>([0, 0])
        let frames = Atomic<Int>(0)
        let microphone = try Microphone(backend: backend, channels: [2, 3], bufferSize: 480) { buffer in
            #expect(buffer.channelCount == 2)
            peaks.withLock { peaks in
                for channel in 0..<2 { peaks[channel] = max(peaks[channel], buffer[channel].map(abs).max() ?? 0) }
            }
            frames.add(buffer.frameCount, ordering: .relaxed)
        }
        #expect(microphone.channelCount == 2 && microphone.channels == [2, 3])
        try microphone.start()
        let deadline = Date().addingTimeInterval(3)
        while frames.load(ordering: .relaxed) < 9_600 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        try microphone.stop()
        let heard = peaks.withLock { $0 }
        #expect(abs(heard[0] - 3.0 / 64) < 0.001 && abs(heard[1] - 4.0 / 64) < 0.001, "\(heard)")
    }

    @Test("a ChannelSelector puts a meter on one channel of an 8-channel input")
    func selectorFeedsAMeterOneChannel() throws {
        let engine = try AudioEngine(
            backend: NullBackend(options: .init(clock: .manual, inputSignal: .numberedChannels(frequency: 1000))),
            configuration: StreamConfiguration(direction: .duplex, channelCount: 8, bufferSize: .frames(256)) { _ in })
        let stream = try #require(engine.stream as? NullStream)
        let sixth = ChannelSelector(channels: [5])
        let meter = LevelMeter(channelCount: 1)
        try engine.edit { (editor: inout GraphEditor) throws(AudioError) in
            try editor.connect(engine.inputNode, to: sixth)
            try editor.connect(sixth, to: meter)
        }
        try stream.start()
        for _ in 0..<40 { _ = try stream.render(frames: 256) }
        try stream.stop()
        stream.close()
        let peak = meter.peakDBFS()
        #expect(abs(peak - 20 * log10(6.0 / 64)) < 0.1, "peak \(peak) dBFS")
    }
}
