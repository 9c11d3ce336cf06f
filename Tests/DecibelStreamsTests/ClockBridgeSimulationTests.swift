import DecibelCore
import DecibelNull
import DecibelStreams
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// `BridgedDuplexStream` over two manually clocked Null devices: an hour of two drifting clocks,
/// simulated (the real-server checks are in DecibelTests' ClockBridgeTests).
@Suite struct ClockBridgeSimulationTests {
    /// A clock the test moves by hand; both devices' callbacks read it through the bridge.
    final class SimulatedClock: Sendable {
        let nanoseconds = Atomic<UInt64>(0)
        func set(seconds: Double) { nanoseconds.store(UInt64(seconds * 1e9), ordering: .relaxed) }
    }

    // An hour of simulated clocks is the plain pass's job: under a sanitizer this one test set the length of the
    // whole offline run (104 s of ThreadSanitizer's, against 31 s plain), and the sanitizer passes run the bridge
    // across real threads in DecibelTests' ClockBridgeTests anyway.
    /// `offsetPPM`: how far each crystal is off, the input's up and the output's down (negative: the input is
    /// the slow one, and the resampler must run below a ratio of 1, an octave apart inside soxr).
    @Test(
        "two Null devices 200 ppm apart run duplex for a simulated hour (10 minutes with the slow input): no xrun, fill in band, drift measured",
        .disabled(if: TestEnvironment.sanitizerSlowsRendering, "an hour of simulation: the plain pass runs it"),
        arguments: [(100.0, 3600.0), (-100.0, 600.0)])
    func simulatedHour(offsetPPM: Double, seconds: Double) throws {
        let clock = SimulatedClock()
        let listening = Atomic<Bool>(false)
        let heard = CaptureSink(seconds: 2, rate: 48_000)
        let duplex = try BridgedDuplexStream(
            input: NullBackend(options: .init(clock: .manual, inputSignal: .sine(frequency: 440, amplitude: 0.5))),
            inputDevice: nil,
            output: NullBackend(options: .init(clock: .manual)), outputDevice: nil,
            configuration: StreamConfiguration(
                direction: .duplex, sampleRate: 48_000, channelCount: 1, bufferSize: .frames(256)
            ) { context in
                context.output.copy(from: context.input)
                if listening.load(ordering: .relaxed) { heard.ring.write(context.input) }
            },
            clock: { clock.nanoseconds.load(ordering: .relaxed) })
        defer { duplex.close() }
        let input = try #require(duplex.inputStream as? NullStream)
        let output = try #require(duplex.outputStream as? NullStream)
        try duplex.start()

        let inputRate = 48_000 * (1 + offsetPPM * 1e-6), outputRate = 48_000 * (1 - offsetPPM * 1e-6)
        let truthPPM = (inputRate / outputRate - 1) * 1e6
        let settle = 60.0
        var inputTime = 0.0, outputTime = 0.0, settled = false
        var driftSeen: ClosedRange<Double>?
        while outputTime < seconds {
            if inputTime <= outputTime {
                clock.set(seconds: inputTime)
                _ = try input.render(frames: 256)
                inputTime += 256 / inputRate
            } else {
                clock.set(seconds: outputTime)
                _ = try output.render(frames: 256)
                outputTime += 256 / outputRate
                if !settled && outputTime >= settle {
                    settled = true
                    duplex.bridge.resetFillRange()
                }
                if settled, Int(outputTime * outputRate / 256) % 1875 == 0 {  // every 10 s
                    let drift = duplex.bridge.report.driftPPM
                    driftSeen = min(driftSeen?.lowerBound ?? drift, drift)...max(driftSeen?.upperBound ?? drift, drift)
                }
                if outputTime >= seconds - 1.5 { listening.store(true, ordering: .relaxed) }
            }
        }
        try duplex.stop()
        let report = duplex.bridge.report
        let seen = try #require(driftSeen)
        print(
            "simulated \(Int(seconds)) s, truth \(truthPPM) ppm: \(report); drift estimates after the first minute "
                + "\(seen.lowerBound)…\(seen.upperBound) ppm; xruns \(duplex.xrunCount)")
        #expect(abs(report.driftPPM - truthPPM) < 5)
        #expect(abs(seen.lowerBound - truthPPM) < 5 && abs(seen.upperBound - truthPPM) < 5)
        #expect(report.underruns == 0 && report.overruns == 0 && report.resyncs == 0 && duplex.xrunCount == 0)
        let range = try #require(report.fillRange)
        #expect(report.band.contains(range.lowerBound) && report.band.contains(range.upperBound))

        // The 440 Hz the input made on its clock is heard on the output's clock at 440 × (1 + drift), whole.
        let samples = heard.drain()
        try #require(samples.count >= 48_000)
        let frequency = SignalAnalysis.frequency(Array(samples.suffix(48_000)), sampleRate: 48_000)
        print(
            "heard \(frequency) Hz (expected \(440 * inputRate / outputRate)), largest step \(SignalAnalysis.largestStep(samples))"
        )
        #expect(abs(frequency - 440 * inputRate / outputRate) < 0.01)
        #expect(SignalAnalysis.largestStep(samples) < 0.5 * 2 * Float.pi * 440 / 48_000 * 1.01)
    }

    /// One clock on both sides, so the truth is 0 ppm, but the output takes its blocks in bursts (as a device
    /// that wakes once per two or four periods does): the fill seen at each read then swings by the burst, and
    /// where the lock falls in it must not become drift. With a burst of 2 the bridge skips the excess it
    /// locked with; with 4 (margin for it) the mean lies below the target and the bridge holds it there
    /// (before this, it made the deficit up by the loop: 128 frames read as about -100 ppm of drift).
    @Test(
        "an output reading in bursts on the input's own clock: the drift stays at 0 ppm from the first seconds",
        arguments: [(burst: 2, margin: nil), (burst: 4, margin: 1024)] as [(burst: Int, margin: Int?)])
    func burstyOutputOnOneClock(burst: Int, margin: Int?) throws {
        let bridge = try ClockBridge(
            inputRate: 48_000, outputRate: 48_000, channelCount: 1, inputFrames: 256, outputFrames: 256,
            marginFrames: margin)
        let input = AudioBuffer(channelCount: 1, frameCapacity: 256)
        let output = AudioBuffer(channelCount: 1, frameCapacity: 256)
        let period = 256.0 / 48_000
        var inputTime = 0.0, outputTime = 0.02  // the output device starts a little after the input
        var seen: [Double] = []
        while outputTime < 30 {
            if inputTime <= outputTime {
                bridge.write(input.view(frames: 256), at: UInt64(inputTime * 1e9))
                inputTime += period
            } else {
                for _ in 0..<burst { bridge.read(into: output.view(frames: 256), at: UInt64(outputTime * 1e9)) }
                outputTime += Double(burst) * period
                if seen.count < Int(outputTime / 3) { seen.append(bridge.report.driftPPM) }  // every 3 s
            }
        }
        let report = bridge.report
        print("burst of \(burst): \(report); drift every 3 s: \(seen.map { ($0 * 100).rounded() / 100 }) ppm")
        #expect(seen.allSatisfy { abs($0) < 0.5 })
        #expect(report.underruns == 0 && report.overruns == 0 && report.resyncs == 0 && report.isLocked)
        #expect(report.band.contains(report.targetFill))
        if burst == 2 {
            #expect(report.targetFill == bridge.targetFill)
        } else {
            #expect(report.targetFill < bridge.targetFill)
        }
    }

    @Test(
        "a rate that is zero, negative, infinite or NaN is refused as invalidArgument, not a crash",
        arguments: [(48_000.0, 0.0), (0.0, 48_000.0), (-1.0, 48_000.0), (.infinity, 48_000.0), (48_000.0, .nan)])
    func unusableRatesAreRefused(rates: (input: Double, output: Double)) {
        #expect {
            try ClockBridge(
                inputRate: rates.input, outputRate: rates.output, channelCount: 2, inputFrames: 256, outputFrames: 256)
        } throws: { error in
            (error as? AudioError)?.kind == .invalidArgument
        }
    }
}
