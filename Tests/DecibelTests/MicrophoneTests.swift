import Decibel
import DecibelTestSupport
import Testing

@Suite("Microphone", .serialized)
struct MicrophoneTests {
    final class Recorder: MicrophoneDelegate, @unchecked Sendable {
        let collector = BufferCollector(channels: 2, limit: 24_000)
        let events = Locked<[StreamEvent]>([])
        func microphone(_ microphone: Microphone, didReceive buffer: AudioBufferView) { collector.append(buffer) }
        func microphone(_ microphone: Microphone, didReceive event: StreamEvent) {
            events.withLock { $0.append(event) }
        }
    }

    @Test("on the Null device the closure receives the 1 kHz input at its level, in buffers of the asked size")
    func nullSine() throws {
        let backend = NullBackend(options: .init(inputSignal: .sine(frequency: 1000, amplitude: 0.5)))
        let collector = BufferCollector(channels: 1, limit: 24_000)
        let sizes = Locked<Set<Int>>([])
        let microphone = try Microphone(backend: backend, channelCount: 1, bufferSize: 480) { buffer in
            sizes.withLock { _ = $0.insert(buffer.frameCount) }
            collector.append(buffer)
        }
        try microphone.start()
        #expect(microphone.isRunning)
        #expect(collector.wait(seconds: 5))
        try microphone.stop()
        let samples = collector.channel(0)
        #expect(abs(SignalAnalysis.frequency(samples, sampleRate: 48_000) - 1000) < 0.5)
        #expect(abs(SignalAnalysis.peak(samples) - 0.5) < 0.01)
        #expect(sizes.withLock { $0 } == [480])
        #expect(microphone.peakDBFS() > -7 && microphone.peakDBFS() < -5.5)
    }

    @Test("a delegate gets stereo buffers and the stream's events; switching device restarts capture")
    func delegateAndDeviceSwitch() throws {
        let microphone = try Microphone(backend: NullBackend(), channelCount: 2, bufferSize: 256)
        let delegate = Recorder()
        microphone.delegate = delegate
        try microphone.start()
        #expect(delegate.collector.wait(seconds: 5))
        #expect(SignalAnalysis.peak(delegate.collector.channel(1)) > 0.4)
        try microphone.setDevice("null-silence")
        #expect(microphone.isRunning && microphone.device == "null-silence")
        let silent = BufferCollector(channels: 1, limit: 4800)
        let watcher = Recorder()
        microphone.delegate = watcher
        _ = silent
        #expect(watcher.collector.wait(seconds: 5))
        #expect(SignalAnalysis.peak(watcher.collector.channel(0).suffix(4800)) == 0)
        try microphone.stop()
        #expect(delegate.events.withLock { $0 }.contains(.started))
    }

    @Test("switching to a device that does not exist throws deviceNotFound and capture goes on on the old one")
    func mistypedDeviceLosesNothing() throws {
        let microphone = try Microphone(backend: NullBackend(), channelCount: 1, bufferSize: 256)
        try microphone.start()
        #expect {
            try microphone.setDevice("no-such-device")
        } throws: { error in
            (error as? AudioError)?.kind == .deviceNotFound
        }
        #expect(microphone.isRunning && microphone.device == nil)
        let delegate = Recorder()
        microphone.delegate = delegate
        #expect(delegate.collector.wait(seconds: 5), "buffers still arrive")
        #expect(SignalAnalysis.peak(delegate.collector.channel(0)) > 0.4)
        try microphone.stop()
    }

    @Test(
        "for await over buffers() gets ten buffers of the Null sine's level, and a second loop works after the first ended"
    )
    func buffersAsAnAsyncSequence() async throws {
        let backend = NullBackend(options: .init(inputSignal: .sine(frequency: 1000, amplitude: 0.5)))
        let microphone = try Microphone(backend: backend, channelCount: 1, bufferSize: 480)
        try microphone.start()
        var peaks: [Float] = []
        let buffers = microphone.buffers()
        for await buffer in buffers {
            #expect(buffer.count == 1 && buffer[0].count == 480)
            peaks.append(buffer[0].map(abs).max() ?? 0)
            if peaks.count == 10 { break }
        }
        try microphone.stop()
        print("peaks of ten buffers: \(peaks), dropped \(buffers.droppedCount)")
        #expect(peaks.count == 10)
        #expect(peaks.allSatisfy { abs($0 - 0.5) < 0.01 })
        // A second loop starts from new buffers; the first one's feed is gone.
        try microphone.start()
        var again = 0
        for await _ in microphone.buffers() {
            again += 1
            if again == 2 { break }
        }
        try microphone.stop()
        #expect(again == 2)
    }

    @Test("bad arguments and unknown devices are clear errors")
    func errors() throws {
        #expect(throws: AudioError.self) { try Microphone(backend: NullBackend(), channelCount: 0) }
        let microphone = try Microphone(backend: NullBackend(), device: "no-such-mic")
        #expect { try microphone.start() } throws: { ($0 as? AudioError)?.kind == .deviceNotFound }
    }

    @Test(
        "on JACK the microphone captures the server's physical inputs at the server's rate", .liveTiming,
        .requires(.jack))
    func jack() throws {
        let backend = try #require(runningJACK())
        let collector = BufferCollector(channels: 2, limit: 9600)
        let microphone = try Microphone(backend: backend, channelCount: 2, bufferSize: 512) { collector.append($0) }
        try microphone.start()
        #expect(collector.wait(seconds: 5))
        try microphone.stop()
        #expect(microphone.actualSampleRate == 48_000)
        #expect(SignalAnalysis.peak(collector.channel(0)) == 0)  // the dummy driver captures silence
    }
}
