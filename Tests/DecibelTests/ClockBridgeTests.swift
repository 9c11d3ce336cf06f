import Decibel
import DecibelTestSupport
import Foundation
import Synchronization
import Testing

/// Duplex over two devices with their own clocks (`BridgedDuplexStream` and its `ClockBridge`).
@Suite(.serialized) struct ClockBridgeTests {
    /// The drift the bridge reports (a ten-second average) is judged against the true rates of both devices'
    /// callbacks, in a stretch the machine did not disturb: jackd's dummy driver runs without real-time
    /// priority here and, when a client misses a cycle, its clock slips by hundreds of ppm for a moment,
    /// which no estimator should follow; the reported average keeps e^(-t/10) of such a kick (measured: 30
    /// quiet seconds after an underrun left it 8.6 ppm off), so the run goes on, ten seconds at a time,
    /// until 40 s passed with no xrun, underrun, overrun, resync or late callback (`lateCallbackFrames`), and
    /// fails only if none did in 150 s.
    ///
    /// The JACK side is a server of the test's own with a 1024-frame period (21 ms): on the shared
    /// 256-frame server (5.3 ms) an idle machine here saw an xrun every 10-30 s in some runs, and with both
    /// cores 60 % busy (stress-ng) 821 xruns in 150 s and no quiet 40 s at all, against 3 at 1024 frames.
    @Test(
        "a 48 kHz JACK server's capture carried to a 44.1 kHz ALSA `type file` PCM: drift as the true rates say",
        .liveTiming,
        .requires(.jack, .alsa))
    func jackIntoALSAFile() throws {
        let server = try PrivateJACKServer("bridge", period: 1024)
        let jack = JACKBackend(options: .init(serverName: server.name))
        let sine = SineSource(frequency: 1000, amplitude: 0.5)
        let inputProbe = RateProbe(), outputProbe = RateProbe()
        let source = try jack.makeJACKStream(
            StreamConfiguration(direction: .output, channelCount: 1, name: "dcb-bridge-src") { context in
                inputProbe.record(context.frameCount)
                sine.render(context)
            },
            options: JACKStreamOptions(outputConnections: .none))
        defer { source.close() }
        let file = TestEnvironment.temporaryDirectory("decibel-bridge").appendingPathComponent("out.raw")
        let duplex = try Self.jackIntoFilePCM(file, name: "dcb-bridge", jack: jack) { context in
            outputProbe.record(context.frameCount)
            context.output.copy(from: context.input)
        }
        defer { duplex.close() }
        let jackInput = try #require(duplex.inputStream as? JACKStream)
        try source.start()
        try duplex.start()
        let connect = try server.tool("jack_connect", [source.outputPortNames[0], jackInput.inputPortNames[0]])
        try #require(connect.status == 0, "jack_connect: \(connect.standardError)")

        // Everything that marks a disturbed stretch, summed: it must not move across a judged window. Windows
        // in which a callback ran late (`lateCallbackFrames`) are added to it below.
        func disturbances() -> Int {
            let report = duplex.bridge.report
            return duplex.xrunCount + source.xrunCount + report.underruns + report.overruns + report.resyncs
        }
        // Under a sanitizer the clients run several times slower and miss cycles: the bridge must keep running
        // (it resyncs), but the figures are the sanitizer's, not the bridge's.
        if TestEnvironment.sanitizerSlowsRendering {
            Thread.sleep(forTimeInterval: 8)
            try duplex.stop()
            let written = SignalAnalysis.deinterleave(try Data(contentsOf: file), channels: 1, as: .float32)[0]
            #expect(written.count > 44_100 * 4, "\(written.count) frames written in 8 s")
            return
        }
        var lateWindows = 0, lagHistory: [String] = []
        var marks = [(time: MonotonicClock.now(), disturbances: disturbances())]
        var judged: (report: ClockBridge.Report, truthPPM: Double)?
        var disturbedWindows = 0
        while judged == nil && marks.count <= 15 {
            duplex.bridge.resetFillRange()
            Thread.sleep(forTimeInterval: 10)
            let report = duplex.bridge.report
            let end = MonotonicClock.now(), start = marks[marks.count - 1].time
            let lags = (inputProbe.largestLag(from: start, to: end), outputProbe.largestLag(from: start, to: end))
            let shown = [lags.0, lags.1].map { $0.isFinite ? String(Int($0)) : "stalled" }
            lagHistory.append(shown.joined(separator: "/"))
            if lags.0 > Self.lateCallbackFrames || lags.1 > Self.lateCallbackFrames { lateWindows += 1 }
            let now = (time: end, disturbances: disturbances() + lateWindows)
            marks.append(now)
            guard marks.count >= 5 else { continue }  // the loop settles
            guard now.disturbances == marks[marks.count - 5].disturbances else {
                disturbedWindows += 1
                continue
            }
            // The true rates over the whole quiet 30 s: callback times jitter by about half a millisecond on
            // this VM, which over 10 s alone makes a regression's rate uncertain by some 4 ppm (0.8 over 30 s).
            let quietStart = marks[marks.count - 4].time  // the last 30 s of the quiet 40
            let inputRate = inputProbe.rate(from: quietStart, to: now.time)
            let outputRate = outputProbe.rate(from: quietStart, to: now.time)
            guard inputRate > 0, outputRate > 0 else { continue }  // too few callbacks recorded to tell
            judged = (report, (inputRate / 48_000 / (outputRate / 44_100) - 1) * 1e6)
        }
        try duplex.stop()
        let history =
            "disturbances at each 10 s: \(marks.map(\.disturbances)), largest callback lags in frames (JACK/ALSA): "
            + "\(lagHistory); \(duplex.bridge.report)"
        let (report, truthPPM) = try #require(judged, "no undisturbed 40 s in \((marks.count - 1) * 10) s; \(history)")
        print(
            "JACK into an ALSA file PCM, truth \(truthPPM) ppm over the last 30 s: \(report); "
                + "\(disturbedWindows) disturbed windows passed over; lags \(lagHistory)")
        #expect(abs(report.driftPPM - truthPPM) < 5)
        let range = try #require(report.fillRange)
        #expect(report.band.contains(range.lowerBound) && report.band.contains(range.upperBound))

        // What the ALSA PCM wrote over the judged 30 s: the 1 kHz tone, whole, at the pitch the true rates give.
        // Over any one second the loop may steer the ratio away from the drift to refill the ring: its
        // proportional term moves it 8.3 ppm per frame of smoothed fill error, and CI99 saw -67 ppm in the
        // last second after a 170-frame callback lag (fill down to 1184). Over the window the steering cancels
        // but for the net change of fill, which shifts the mean ratio by that change over ~1.44 M input frames:
        // 20 ppm allows 29 frames, against smoothed errors of 1-8 frames at the report (correction -36…+6 ppm
        // over CI93-CI99).
        let written = SignalAnalysis.deinterleave(try Data(contentsOf: file), channels: 1, as: .float32)[0]
        try #require(written.count > 44_100 * 35)
        let window = Array(written.suffix(44_100 * 30))
        let frequency = SignalAnalysis.frequency(window, sampleRate: 44_100)
        let expected = 1000 * (1 + truthPPM / 1e6)
        let offPPM = (frequency / expected - 1) * 1e6
        let largestStep = SignalAnalysis.largestStep(window)
        print("the file PCM heard \(frequency) Hz over 30 s (\(offPPM) ppm off the truth), largest step \(largestStep)")
        #expect(abs(offPPM) < 20)
        #expect(largestStep < 0.5 * 2 * Float.pi * 1000 / 44_100 * 1.01)
    }

    /// How far, in frames, a device's callbacks may stray from the straight line through their times before
    /// the window counts as disturbed: a busy machine delays callbacks, jackd's dummy driver catches up
    /// without reporting an xrun, and the drift moves with no counter moving (one CI run judged such a window:
    /// 362.7 ppm against a true -0.15). Measured here: undisturbed windows stray by 5-115 frames (16 windows
    /// of 3 runs); with stress-ng loading both cores to 70 %, 224-335 frames, and the drift went to -30 ppm
    /// with no xrun, underrun or resync. 192 frames is 4 ms at 48 kHz (4.4 at 44.1).
    static let lateCallbackFrames = 192.0

    /// A mono 44.1 kHz duplex stream from `jack`'s capture to an ALSA `file:` PCM writing `file`.
    static func jackIntoFilePCM(
        _ file: URL, name: String, jack: JACKBackend = JACKBackend(), render: @escaping RenderCallback
    ) throws -> BridgedDuplexStream {
        try BridgedDuplexStream(
            input: jack, inputDevice: nil, output: ALSABackend(), outputDevice: "file:FILE=\(file.path)",
            configuration: StreamConfiguration(
                direction: .duplex, sampleRate: 44_100, channelCount: 1, bufferSize: .frames(256),
                sampleType: .float32, name: name, render: render))
    }

    /// One clock on both sides, so the loop must hold the drift at 0 and the tone must arrive whole. Judged
    /// only on a run the server did not disturb: a JACK xrun (jackd's dummy driver runs without real-time
    /// priority here) delays an input block, the fill dips and the loop answers with a correction it takes
    /// ~40 s to average away (CI: fill 261 below a band from 278, drift −63 ppm, the tone 1.1 Hz low). So a
    /// run the server reported an xrun in (or that resynced) is done again on a new stream, up to three runs.
    /// It stays on the shared 256-frame server: at 1024 frames the loop needs longer than these 6 s to pull
    /// the larger first fill to its target (measured: drift 8.8 ppm, the tone 0.06 Hz low, no xrun).
    /// Runs with no xrun failed too (1 in 8, drift -26.6 ppm): the bridge locked at its target and, when the
    /// mean fill then came out below it, made the deficit up by the loop, whose integral took it for drift
    /// (-67 ppm after a 78-frame deficit). It now locks a block higher and holds a lower mean where it is
    /// (ClockBridgeSimulationTests' bursty output shows both); 9 runs since: drift -0.12…1.37 ppm.
    @Test(
        "a 44.1 kHz duplex stream on a 48 kHz JACK server is bridged: the input arrives whole, drift 0 ppm",
        .liveTiming,
        .requires(.jack))
    func duplexAcrossRatesOnJACK() throws {
        let jack = JACKBackend()
        let sine = SineSource(frequency: 1000, amplitude: 0.5)
        let source = try jack.makeJACKStream(
            StreamConfiguration(direction: .output, channelCount: 1, name: "dcb-duplex-src", render: sine.render),
            options: JACKStreamOptions(outputConnections: .none))
        defer { source.close() }
        try source.start()
        var disturbed: [String] = []
        for _ in 1...3 {
            let heard = CaptureSink(seconds: 10, rate: 44_100)
            let stream = try jack.makeAdaptedStream(
                StreamConfiguration(direction: .duplex, sampleRate: 44_100, channelCount: 1, name: "dcb-duplex") {
                    context in
                    heard.ring.write(context.input)
                    context.output.copy(from: context.input)
                })
            defer { stream.close() }
            let duplex = try #require(stream as? BridgedDuplexStream, "a 48 kHz server took a 44.1 kHz duplex stream?")
            #expect(duplex.format.sampleRate == 44_100 && duplex.format.inputChannelCount == 1)
            #expect(duplex.latency.inputFrames > duplex.bridge.targetFill / 2)
            let jackInput = try #require(duplex.inputStream as? JACKStream)
            try duplex.start()
            let connect = try run("jack_connect", [source.outputPortNames[0], jackInput.inputPortNames[0]])
            try #require(connect.status == 0, "jack_connect: \(connect.standardError)")
            let xrunsBefore = duplex.xrunCount + source.xrunCount
            let stolenBefore = HostSteal.milliseconds()
            Thread.sleep(forTimeInterval: 3)
            duplex.bridge.resetFillRange()
            Thread.sleep(forTimeInterval: 3)
            try duplex.stop()
            let report = duplex.bridge.report
            let xruns = duplex.xrunCount + source.xrunCount - xrunsBefore
            // 1 kHz at amplitude 0.5 steps at most 0.0713 between samples at 44.1 kHz.
            let clean = SignalAnalysis.longestContinuousRun(heard.drain(), maxStep: 0.08)
            try #require(clean.count >= 44_100, "no glitch-free second heard; \(report), \(xruns) xruns")
            let frequency = SignalAnalysis.frequency(Array(clean.suffix(44_100)), sampleRate: 44_100)
            print(
                "duplex 44.1 kHz on a 48 kHz JACK server (one clock: truth 0 ppm): \(frequency) Hz; \(report); "
                    + "\(xruns) xruns")
            guard !TestEnvironment.sanitizerSlowsRendering else { return }  // missed cycles: see jackIntoALSAFile
            guard xruns == 0 && report.resyncs == 0 else {
                // What else was on the server and what the host took: CI88 saw every run disturbed (18, 75
                // and 27 xruns in 6 s) where the harness's repeat in a new process saw none.
                let ports = (try? run("jack_lsp", []))?.standardOutput.split(separator: "\n") ?? []
                let clients = Set(ports.map { String($0.prefix { $0 != ":" }) })
                let others = clients.filter { $0 != "system" && !$0.hasPrefix("dcb-duplex") }
                disturbed.append(
                    "\(xruns) xruns, \(report.resyncs) resyncs, host stole "
                        + "\(Int(HostSteal.milliseconds() - stolenBefore)) ms, other clients \(others.sorted())")
                continue
            }
            #expect(abs(frequency - 1000) < 0.05)
            #expect(abs(report.driftPPM) < 5)
            #expect(report.underruns == 0)
            let range = try #require(report.fillRange)
            #expect(report.band.contains(range.lowerBound) && report.band.contains(range.upperBound))
            return
        }
        Issue.record("the server disturbed every run: \(disturbed)")
    }

    @Test(
        "the input device's xruns reach the bridged stream's events, counted with the output's", .liveTiming,
        .requires(.jack, .alsa),
        .timeLimit(.minutes(1)))
    func inputEventsReachTheBridgedStream() async throws {
        let jack = JACKBackend()
        let file = TestEnvironment.temporaryDirectory("decibel-bridge-events").appendingPathComponent("out.raw")
        let duplex = try Self.jackIntoFilePCM(file, name: "dcb-bridge-events") { context in
            context.output.copy(from: context.input)
        }
        defer { duplex.close() }
        let events = duplex.events()
        let firstXrun = Task {
            for await event in events { if case .xrun(let total) = event { return total } }
            return 0
        }
        try duplex.start()
        // Another client late by 200 ms once: the server tells every client, the bridge's JACK input too
        // (its output, an ALSA file PCM, knows nothing of JACK).
        let stall = Atomic<Bool>(false)
        let late = try jack.makeJACKStream(
            StreamConfiguration(direction: .output, channelCount: 1, name: "dcb-late-client") { _ in
                if stall.exchange(false, ordering: .relaxed) {
                    let until = MonotonicClock.now() + 200_000_000
                    while MonotonicClock.now() < until {}
                }
            },
            options: JACKStreamOptions(outputConnections: .none))
        defer { late.close() }
        try late.start()
        try await Task.sleep(for: .milliseconds(300))
        stall.store(true, ordering: .relaxed)
        let total = await firstXrun.value
        print(
            "bridged stream: xrun event with total \(total); input \(duplex.inputStream.xrunCount), output \(duplex.outputStream.xrunCount)"
        )
        #expect(total >= 1 && duplex.inputStream.xrunCount >= 1)
        #expect(duplex.xrunCount == duplex.inputStream.xrunCount + duplex.outputStream.xrunCount)
    }
}
