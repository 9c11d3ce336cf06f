import DecibelCore
import DecibelPulse
import DecibelTestSupport
import Foundation
import Testing

extension PulseTests {
    /// Playback, capture, duplex and latency on real servers: pulseaudio, and PipeWire's Pulse server
    /// where it can be started here.
    @Suite struct PulseStreamTests {
        enum ServerKind: String, CaseIterable, Sendable { case pulseaudio, pipewire }

        /// The server of `kind`, or nil when the test should be skipped (printed, so the log says why).
        static func server(_ kind: ServerKind) -> PulseTestServer? {
            switch kind {
            case .pulseaudio:
                if let shared = PulseTestServer.shared { return shared }
                if TestEnvironment.serversRequired {
                    Issue.record("pulseaudio does not answer at \(PulseTestServer.pulseaudio.address)")
                }
                print("skipping: pulseaudio does not answer at \(PulseTestServer.pulseaudio.address)")
                return nil
            case .pipewire:
                let (server, why) = PulseTestServer.startPipeWire()
                if server == nil { print("skipping PipeWire: \(why)") }
                return server
            }
        }

        @Test(.liveTiming, arguments: ServerKind.allCases)
        func sinePlayedIntoNullSinkIsRecordedByParec(kind: ServerKind) throws {
            guard let server = Self.server(kind) else { return }
            defer { if kind == .pipewire { PulseTestServer.stopPipeWire() } }
            print("server used: \(server)")
            _ = try PlaybackCheck.run(backend: server.backend(), server: server, frequency: 440)
        }

        @Test(.liveTiming, arguments: ServerKind.allCases)
        func tonePlayedWithPacatIsCapturedFromTheMonitor(kind: ServerKind) throws {
            guard let server = Self.server(kind) else { return }
            defer { if kind == .pipewire { PulseTestServer.stopPipeWire() } }
            print("server used: \(server)")
            _ = try CaptureCheck.run(backend: server.backend(), server: server, frequency: 660)
        }

        @Test(.liveTiming, arguments: [SampleType.int16, .int24, .int32, .float32])
        func playbackInEveryDeviceEncoding(type: SampleType) throws {
            guard let server = Self.server(.pulseaudio) else { return }
            // 40 ms: this checks the conversion into each encoding; the 20 ms default is covered above.
            let result = try PlaybackCheck.run(
                backend: server.backend(), server: server, frequency: 1000, amplitude: 0.25,
                bufferSize: .milliseconds(40), sampleType: type)
            #expect(result.format.deviceSampleType == type)
        }

        @Test(
            "with no encoding asked for, a stream takes its devices' own, unless the server would resample or they differ"
        )
        func streamsTakeTheDeviceEncodingAtItsRate() throws {
            guard Self.server(.pulseaudio) != nil else { return }
            // Sinks of this test's own, whatever the server's default format: 16-bit and 24-bit at 48 kHz.
            let sixteen = try #require(
                PulseTestServer.sharedWithNullSink(
                    "decibel_pulse_s16le_48k", ["format=s16le", "rate=48000", "channels=2"]))
            let twentyFour = try #require(
                PulseTestServer.sharedWithNullSink(
                    "decibel_pulse_s24le_48k", ["format=s24le", "rate=48000", "channels=2"]))
            func granted(
                _ direction: AudioDirection, _ output: String?, _ input: String?, rate: Double?,
                type: SampleType? = nil
            ) throws -> SampleType {
                var configuration = StreamConfiguration(direction: direction, sampleRate: rate, render: { _ in })
                configuration.outputDevice = output
                configuration.inputDevice = input
                configuration.sampleType = type
                let stream = try sixteen.backend().makeStream(configuration)
                defer { stream.close() }
                return stream.format.deviceSampleType
            }
            let (s16, s24) = (sixteen.sink, twentyFour.sink)
            #expect(try granted(.output, s16, nil, rate: nil) == .int16)
            #expect(try granted(.output, s16, nil, rate: 48_000) == .int16)
            #expect(try granted(.input, nil, s16 + ".monitor", rate: nil) == .int16)
            #expect(try granted(.output, s24, nil, rate: nil) == .int24)
            #expect(try granted(.output, s16, nil, rate: 44_100) == .float32, "the server resamples floats")
            #expect(try granted(.output, s16, nil, rate: nil, type: .int32) == .int32, "asked for")
            #expect(try granted(.duplex, s16, s16 + ".monitor", rate: nil) == .int16, "both 16-bit")
            // Devices that disagree at the same rate: neither one's encoding, Float32.
            #expect(try granted(.duplex, s24, s16 + ".monitor", rate: nil) == .float32, "the devices differ")
            #expect(try granted(.duplex, s16, s24 + ".monitor", rate: nil) == .float32, "the devices differ")
            #expect(try granted(.duplex, s24, s24 + ".monitor", rate: nil) == .int24, "both 24-bit")
        }

        @Test(.liveTiming) func duplexStreamPassesTheMonitorThroughToTheCallback() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            // Input from the monitor, output to the same sink: the callback copies input to a ring and
            // plays silence, while pacat plays a tone into the sink.
            let sink = CaptureSink(seconds: 4, rate: 48000)
            let render: RenderCallback = { context in
                sink.callbacks.wrappingAdd(1, ordering: .relaxed)
                sink.ring.write(context.input)
            }
            var configuration = StreamConfiguration(
                direction: .duplex, device: server.sink, sampleRate: 48000, render: render)
            configuration.inputDevice = server.sink + ".monitor"
            let stream = try server.backend().makeStream(configuration)
            defer { stream.close() }
            try server.start(stream)
            Thread.sleep(forTimeInterval: 0.2)
            try server.play(
                interleavedSine(frequency: 330, amplitude: 0.4, seconds: 2, rate: 48000, channels: 2), to: server.sink,
                rate: 48000, channels: 2)
            let xruns = stream.xrunCount
            try stream.stop()
            let captured = sink.drain()
            let start = (SignalAnalysis.firstSound(captured, threshold: 0.01) ?? captured.count) + 14400
            let steady = Array(captured[min(start, captured.count)..<min(captured.count, start + 48000)])
            let magnitude = SignalAnalysis.magnitude(of: 330, in: steady, sampleRate: 48000)
            print(
                "duplex: \(sink.callbacks.load(ordering: .relaxed)) callbacks, \(captured.count) frames, \(xruns) xruns, magnitude \(magnitude), largest step \(SignalAnalysis.largestStep(steady)), format \(stream.format)"
            )
            #expect(steady.count == 48000)
            #expect(
                SignalAnalysis.largestStep(steady) < 0.4 * Float(2 * Double.pi * 330 / 48000) * 1.5 + 0.002,
                "gap in the input the callback saw")
            #expect(stream.format.inputChannelCount == 2 && stream.format.outputChannelCount == 2)
            #expect(abs(SignalAnalysis.frequency(steady, sampleRate: 48000) - 330) < 1)
            #expect(abs(magnitude - 0.4) < 0.05)
        }

        @Test(.liveTiming) func twentyMillisecondTargetLatencySideBySideWithPacat() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            let source = SineSource(frequency: 440, amplitude: 0.1)
            let stream = try server.backend().makeStream(
                StreamConfiguration(device: server.sink, bufferSize: .milliseconds(20), render: source.render))
            defer { stream.close() }
            try server.start(stream)
            Thread.sleep(forTimeInterval: 1)
            var samples: [Double] = []
            for _ in 0..<10 {
                samples.append(Double(stream.latency.outputFrames) / stream.format.sampleRate * 1000)
                Thread.sleep(forTimeInterval: 0.05)
            }
            let attributes = (stream as? PulseStream)?.serverBufferFrames
            try stream.stop()
            let decibel = samples.sorted()[samples.count / 2]

            // pacat in the same run, same sink, same request.
            let rate = Int(stream.format.sampleRate)
            let silence = [Float](repeating: 0, count: rate * 2 * 2)
            let pacat = try server.play(
                silence, to: server.sink, rate: rate, channels: 2, extra: ["--latency-msec=20", "-v"])
            let pacatLatencies = pacat.standardError.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).compactMap {
                line -> Double? in
                guard let range = line.range(of: "Latency: ") else { return nil }
                return Double(line[range.upperBound...].prefix { $0.isNumber }).map { $0 / 1000 }
            }
            let pacatMedian = pacatLatencies.isEmpty ? Double.nan : pacatLatencies.sorted()[pacatLatencies.count / 2]
            let metrics = pacat.standardError.split(separator: "\n").first { $0.contains("Buffer metrics") } ?? "?"
            print(
                "latency at 20 ms target: Decibel \(String(format: "%.1f", decibel)) ms (samples \(samples.map { String(format: "%.1f", $0) }), server attrs \(attributes.map { "tlength \($0.target) minreq \($0.minimumRequest) frames" } ?? "?")); pacat --latency-msec=20 \(String(format: "%.1f", pacatMedian)) ms (\(metrics))"
            )
            #expect(
                decibel >= 10 && decibel <= 40, "reported latency \(decibel) ms is not within a factor of 2 of 20 ms")
            #expect(stream.format.bufferSize == Int((stream.format.sampleRate * 0.02).rounded()))
        }

        /// A second of output-only buffer is a playback buffer: connected without `PA_STREAM_ADJUST_LATENCY`,
        /// the server keeps the whole `tlength` and chooses the sink's latency itself (with the flag it kept about
        /// half, 0.52 s of a second, and set the sink to the rest). A duplex stream keeps the flag.
        @Test func aSecondOfPlaybackBufferIsKeptWholeButNotForDuplex() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            func target(_ direction: AudioDirection) throws -> (tlength: Int, requested: Int) {
                let source = SineSource(frequency: 440, amplitude: 0.1)
                var configuration = StreamConfiguration(
                    direction: direction, device: server.sink, bufferSize: .milliseconds(1000), render: source.render)
                if direction.hasInput { configuration.inputDevice = server.sink + ".monitor" }
                let stream = try server.backend().makeStream(configuration)
                defer { stream.close() }
                try server.start(stream)
                Thread.sleep(forTimeInterval: 0.3)
                let attributes = try #require((stream as? PulseStream)?.serverBufferFrames)
                try stream.stop()
                return (attributes.target, stream.format.bufferSize)
            }
            let playback = try target(.output), duplex = try target(.duplex)
            print("1 s buffer: tlength \(playback.tlength) of \(playback.requested) frames; duplex \(duplex.tlength)")
            #expect(playback.tlength >= playback.requested * 95 / 100, "the server kept \(playback.tlength) frames")
            #expect(duplex.tlength < duplex.requested * 3 / 4, "duplex kept \(duplex.tlength) frames")
        }

        @Test func captureLatencyIsReportedForANullSource() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            // A real source, not a monitor: a monitor's latency is negative (it hears before the sink plays).
            let name = "decibel_source_\(Int.random(in: 1000...9999))"
            let load = try server.pactl(["load-module", "module-null-source", "source_name=\(name)"])
            try #require(load.status == 0, "\(load.standardError)")
            defer {
                _ = try? server.pactl([
                    "unload-module", load.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
                ])
            }
            let source = try #require(try server.backend().devices().first { $0.id == name })
            #expect(source.direction == .input && !source.isMonitor)
            let sink = CaptureSink(seconds: 2, rate: 48000)
            let stream = try server.backend().makeStream(
                StreamConfiguration(
                    direction: .input, device: name, sampleRate: 48000, bufferSize: .frames(960), render: sink.render))
            defer { stream.close() }
            try stream.start()
            Thread.sleep(forTimeInterval: 1)
            var samples: [Int] = []
            for _ in 0..<5 {
                samples.append(stream.latency.inputFrames)
                Thread.sleep(forTimeInterval: 0.05)
            }
            try stream.stop()
            print(
                "capture latency from a null source at a 960-frame target: \(samples) frames; \(sink.callbacks.load(ordering: .relaxed)) callbacks"
            )
            #expect(stream.latency.outputFrames == 0)
            #expect(samples.allSatisfy { $0 > 0 && $0 < 4 * 960 })
            #expect(sink.callbacks.load(ordering: .relaxed) > 10)
        }

        @Test func stopAndStartAgain() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            let events = EventLog<StreamEvent>()
            let source = SineSource(frequency: 440, amplitude: 0.1)
            let stream = try server.backend().makeStream(
                StreamConfiguration(device: server.sink, onEvent: { events.append($0) }, render: source.render))
            try server.start(stream)
            Thread.sleep(forTimeInterval: 0.2)
            try stream.stop()
            let afterStop = source.callbacks.load(ordering: .relaxed)
            Thread.sleep(forTimeInterval: 0.1)
            #expect(source.callbacks.load(ordering: .relaxed) == afterStop, "no callback after stop() returned")
            try server.start(stream)
            Thread.sleep(forTimeInterval: 0.2)
            #expect(source.callbacks.load(ordering: .relaxed) > afterStop)
            #expect(stream.state == .running)
            stream.close()
            #expect(stream.state == .closed)
            #expect(throws: AudioError.self) { try stream.start() }
            #expect(events.all.filter { $0.event == .started }.count == 2)
        }

        @Test func droppingARunningStreamStopsIt() throws {
            guard let server = Self.server(.pulseaudio) else { return }
            let source = SineSource(frequency: 440, amplitude: 0.1)
            do {
                let stream = try server.backend().makeStream(
                    StreamConfiguration(device: server.sink, name: "decibel-dropped", render: source.render))
                try server.start(stream)
                Thread.sleep(forTimeInterval: 0.3)
            }
            let afterDrop = source.callbacks.load(ordering: .relaxed)
            Thread.sleep(forTimeInterval: 0.3)
            #expect(afterDrop > 0)
            #expect(source.callbacks.load(ordering: .relaxed) == afterDrop, "a dropped stream kept calling back")
            let inputs = try server.pactl(["list", "sink-inputs"]).standardOutput
            #expect(!inputs.contains("\"decibel-dropped\""), "the dropped stream is still connected")
        }
    }
}
