import DecibelCore
import DecibelGraph
import DecibelNull
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

@Suite struct GraphTapTests {
    @Test func tapOnAGroupDeliversExactlyWhatTheGroupRendered() throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let group = ChannelGroup(name: "g")
        try engine.mainGroup.add(group)
        let source = rampSource()
        try group.add(source)
        let collector = Collector()
        let tap = try engine.installTap(on: group, bufferSize: 100) { collector.receive($0) }
        _ = try renderOffline(engine, frames: 1000, block: 256)
        try #require(waitUntil(seconds: 30) { collector.frameCount >= 1000 })
        let got = collector.channels
        #expect(got.count == 2 && (0..<1000).allSatisfy { got[0][$0] == Float($0) && got[1][$0] == Float($0) })
        #expect(tap.droppedFrames == 0)
        try engine.removeTap(tap)
    }

    @Test func aTapAsAnAsyncSequenceGetsExactlyWhatTheGroupRendered() async throws {
        let engine = AudioEngine(channelCount: 2, maximumFrameCount: 256)
        let group = ChannelGroup(name: "g")
        try engine.mainGroup.add(group)
        try group.add(rampSource())
        let buffers = try engine.tap(on: group, bufferSize: 100)
        _ = try renderOffline(engine, frames: 1000, block: 256)
        var left: [Float] = [], right: [Float] = []
        for await buffer in buffers {
            #expect(buffer.count == 2 && buffer[0].count == 100)
            left += buffer[0]
            right += buffer[1]
            if left.count >= 1000 { break }
        }
        #expect(left == (0..<1000).map(Float.init) && right == left)
        #expect(buffers.droppedCount == 0)
    }

    /// Bounded by readings, not by wall time: under ThreadSanitizer beside the other offline targets the async
    /// loop's first reading once arrived 87 s after the start (the cooperative pool was busy), and a 30 s deadline
    /// cut the loop after that one good reading. The time limit only guards against a hang.
    @Test(.timeLimit(.minutes(5))) func meterReadingsArriveAsAnAsyncSequenceWhileTheNullDeviceRuns() async throws {
        let backend = NullBackend(options: .init(inputSignal: .sine(frequency: 1000, amplitude: 0.5)))
        let engine = try AudioEngine(
            backend: backend,
            configuration: StreamConfiguration(direction: .input, channelCount: 1, bufferSize: .frames(256)) { _ in })
        let meter = LevelMeter(channelCount: 1, windowFrames: 4800)
        try engine.attach(meter)
        try engine.connect(engine.inputNode, to: meter)
        try engine.stream?.start()
        // A reading's peak covers only the blocks rendered since the one before (-inf when a loaded machine
        // rendered none in those 50 ms), and the RMS needs a first complete 4800-frame window: take the first
        // reading that has both, whenever it comes.
        var readings: [LevelMeter.Reading] = []
        var measured: LevelMeter.Reading?
        for await reading in meter.readings(every: 0.05) {
            readings.append(reading)
            if reading.peakDBFS[0].isFinite && reading.rmsDBFS[0].isFinite {
                measured = reading
                break
            }
            if readings.count >= 600 { break }
        }
        engine.stream?.close()
        print("meter readings: \(readings.suffix(5).map { ($0.peakDBFS[0], $0.rmsDBFS[0]) }) of \(readings.count)")
        let last = try #require(measured, "no reading with a finite peak and RMS in \(readings.count)")
        #expect(abs(last.peakDBFS[0] - 20 * log10(0.5)) < 0.2)  // -6.0 dBFS
        #expect(abs(last.rmsDBFS[0] - 20 * log10(0.5 / 2.0.squareRoot())) < 0.2)  // -9.0 dBFS
    }

    @Test func tapsOnInputOutputAndANode() throws {
        let backend = NullBackend(options: .init(clock: .manual, inputSignal: .sine(frequency: 1000, amplitude: 0.5)))
        let engine = try AudioEngine(
            backend: backend,
            configuration: StreamConfiguration(direction: .duplex, channelCount: 2, bufferSize: .frames(128)) { _ in })
        guard let stream = engine.stream as? NullStream else { Issue.record("not a Null stream"); return }
        let gain = GainNode(volume: 0.5)
        try engine.connect(engine.inputNode, to: gain)
        try engine.mainGroup.add(gain)
        let input = Collector(), output = Collector(), node = Collector()
        let tapIn = try engine.installTap(on: engine.inputNode, bufferSize: 128, ringFrames: 16_384) {
            input.receive($0)
        }
        let tapOut = try engine.installTap(on: engine.mainGroup, bufferSize: 128, ringFrames: 16_384) {
            output.receive($0)
        }
        let tapNode = try engine.installTap(on: gain, bufferSize: 128, ringFrames: 16_384) { node.receive($0) }
        try stream.start()
        var played: [Float] = []
        for _ in 0..<40 { played += Array(try stream.render(frames: 128)[0]) }
        try stream.stop()
        try #require(
            waitUntil(seconds: 30) { input.frameCount >= 5120 && output.frameCount >= 5120 && node.frameCount >= 5120 })
        #expect(abs(SignalAnalysis.frequency(input.channels[0], sampleRate: 48_000) - 1000) < 1)
        #expect(firstMismatch(output.channels[0], played) == nil)  // the output tap is what the device got
        #expect(firstMismatch(node.channels[0], input.channels[0].map { $0 * 0.5 }) == nil)
        for tap in [tapIn, tapOut, tapNode] { try engine.removeTap(tap) }
        stream.close()
    }

    @Test func slowConsumerCausesCountedDropsNeverAWait() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        try engine.mainGroup.add(rampSource())
        // The consumer is held on its first buffer until the render is over: if rendering ever waited for
        // it, the render would not finish before the consumer's 30 s timeout.
        let slow = Collector()
        let gate = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        let held = Atomic<Bool>(false), timedOut = Atomic<Bool>(false)
        let tap = try engine.installTap(on: engine.mainGroup, bufferSize: 256, ringFrames: 1024) { buffer in
            slow.receive(buffer)
            guard !held.exchange(true, ordering: .relaxed) else { return }
            holding.signal()
            if gate.wait(timeout: .now() + 30) == .timedOut { timedOut.store(true, ordering: .relaxed) }
        }
        _ = try renderOffline(engine, frames: 256, block: 256)
        try #require(holding.wait(timeout: .now() + 30) == .success, "the consumer got its first buffer")
        _ = try renderOffline(engine, frames: 256 * 399, block: 256)  // 102 144 frames into a 1024-frame ring
        let consumerTimedOut = timedOut.load(ordering: .relaxed)
        #expect(!consumerTimedOut, "rendering never waits for the consumer")
        #expect(slow.frameCount == 256, "the consumer was still held on its first buffer")
        gate.signal()
        #expect(tap.droppedFrames > 0)
        try engine.removeTap(tap)
        #expect(tap.droppedFrames + slow.frameCount == 256 * 400)
        // What was delivered is whole blocks of the ramp, in order.
        let got = slow.channels[0]
        #expect(zip(got, got.dropFirst()).allSatisfy { $1 > $0 })
    }

    @Test func levelMeterReportsPeakAndRMSInDBFS() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let tone = ToneGenerator(shape: .sine, frequency: 1000, amplitude: 0.5, channelCount: 1)
        let meter = LevelMeter(channelCount: 1, windowFrames: 4800)
        try engine.connect(tone, to: meter)
        try engine.mainGroup.add(meter)
        let out = try renderOffline(engine, frames: 9600)[0]
        // Tolerance: the sampled peak of a 1 kHz sine at 48 kHz hits the true peak; RMS over whole cycles.
        #expect(abs(meter.peakDBFS() - 20 * log10(0.5)) < 0.01)
        #expect(abs(meter.rmsDBFS() - 20 * log10(0.5 / 2.squareRoot())) < 0.01)
        #expect(meter.peakDBFS() == -.infinity)  // reading resets the peak hold
        #expect(firstMismatch(out, out) == nil && SignalAnalysis.peak(out) == 0.5)  // passes audio through
    }

    /// The meter sums eight samples at a time: odd block and window lengths (tails of 1 to 7 samples, windows
    /// that end inside a block) and a largest magnitude that is negative, inside the vectorised part of a block
    /// and in its tail, must give what a plain Double sum does.
    @Test func levelMeterMatchesADoubleReferenceOnOddLengths() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 509)
        let signal: [Float] = (0..<20_000).map { frame in
            let x = Double(frame)
            return Float(0.3 * sin(0.37 * x) + 0.2 * cos(0.011 * x))
        }
        // Blocks of 509 frames: 4_321 is at 249 in its block (eight at a time), 12_722 at 506 (the tail of 5).
        let extremes: [Int: Float] = [4_321: -0.93, 12_722: -0.95]
        let source = BlockSource(channelCount: 1) { view, time in
            for i in 0..<view.frameCount {
                let frame = Int(time) + i
                view.samples(0)[i] = extremes[frame] ?? signal[frame % signal.count]
            }
        }
        let meter = LevelMeter(channelCount: 1, windowFrames: 4_801)
        try engine.connect(source, to: meter)
        try engine.mainGroup.add(meter)
        var out = try renderOffline(engine, frames: 509 * 17, block: 509)[0]
        #expect(meter.peakDBFS() == 20 * log10(Double(Float(0.93))))
        out += try renderOffline(engine, frames: 509 * 21, block: 509)[0]
        #expect(meter.peakDBFS() == 20 * log10(Double(Float(0.95))))
        let windows = out.count / 4_801
        let lastWindow = out[(windows - 1) * 4_801..<windows * 4_801]
        let rms = (lastWindow.reduce(0.0) { $0 + Double($1) * Double($1) } / 4_801).squareRoot()
        #expect(abs(meter.rmsDBFS() - 20 * log10(Double(Float(rms)))) < 1e-4, "reference \(20 * log10(rms)) dBFS")
    }

    @Test func delayEchoesWithFeedbackAndMix() throws {
        let engine = AudioEngine(channelCount: 1, maximumFrameCount: 256)
        let impulse = BlockSource(channelCount: 1) { view, time in
            for i in 0..<view.frameCount { view.samples(0)[i] = time + Int64(i) == 0 ? 1 : 0 }
        }
        let delay = DelayNode(time: 0.01, feedback: 0.5, mix: 0.5, channelCount: 1)  // 480 frames
        try engine.connect(impulse, to: delay)
        try engine.mainGroup.add(delay)
        let out = try renderOffline(engine, frames: 2000)[0]
        #expect(out[0] == 0.5 && out[480] == 0.5 && out[960] == 0.25 && out[1440] == 0.125 && out[1920] == 0.0625)
        let stray = out.indices.filter { ![0, 480, 960, 1440, 1920].contains($0) && out[$0] != 0 }
        #expect(stray.isEmpty, "non-zero at \(stray.prefix(5)): \(stray.prefix(5).map { out[$0] })")
    }

    @Test func playthroughRoutesTheInputToTheOutput() throws {
        let backend = NullBackend(options: .init(clock: .manual, inputSignal: .sine(frequency: 440, amplitude: 0.25)))
        let engine = try AudioEngine(
            backend: backend,
            configuration: StreamConfiguration(direction: .duplex, channelCount: 2, bufferSize: .frames(256)) { _ in })
        guard let stream = engine.stream as? NullStream else { Issue.record("not a Null stream"); return }
        try stream.start()
        #expect(SignalAnalysis.peak(Array(try stream.render(frames: 256)[0])) == 0)
        try engine.setPlaythrough(true)
        var out: [Float] = []
        for _ in 0..<20 { out += Array(try stream.render(frames: 256)[1]) }
        #expect(
            abs(SignalAnalysis.frequency(out, sampleRate: 48_000) - 440) < 1
                && abs(SignalAnalysis.peak(out) - 0.25) < 1e-3)
        try engine.setPlaythrough(false)
        #expect(SignalAnalysis.peak(Array(try stream.render(frames: 256)[0])) == 0)
        stream.close()
    }
}
