import DecibelCore
import DecibelNull
import Testing

@Suite("Null device, manual clock")
struct NullManualClockTests {
    let backend = NullBackend(options: .init(clock: .manual, inputSignal: .sine(frequency: 1000, amplitude: 0.25)))

    @Test("duplex callback sees the input signal bit-exactly and its output comes back unchanged")
    func bitExactDuplex() throws {
        let stream = try backend.makeNullStream(
            StreamConfiguration(direction: .duplex, bufferSize: .frames(128)) { context in
                for channel in 0..<context.output.channelCount {
                    let input = context.input.samples(channel), output = context.output.samples(channel)
                    for i in 0..<context.frameCount {
                        output[i] = input[i] * 2 + Float(context.timestamp.sampleTime + Int64(i))
                    }
                }
            })
        defer { stream.close() }
        try stream.start()
        var reference = Oscillator(shape: .sine, frequency: 1000, amplitude: 0.25, sampleRate: 48_000)
        var sampleTime = 0
        for frames in [128, 1, 77, 128] {
            let output = try stream.render(frames: frames)
            #expect(output.frameCount == frames)
            for i in 0..<frames {
                let expected = reference.nextSample() * 2 + Float(sampleTime + i)
                #expect(output.samples(0)[i] == expected)
                #expect(output.samples(1)[i] == expected)
            }
            sampleTime += frames
        }
        #expect(stream.callbackCount == 4)
    }

    @Test("output arrives zeroed, so a callback that writes nothing plays silence")
    func outputStartsSilent() throws {
        let stream = try backend.makeNullStream(
            StreamConfiguration(bufferSize: .frames(64)) { context in
                context.output.samples(0)[0] = 1
            })
        try stream.start()
        _ = try stream.render(frames: 64)
        let second = try stream.render(frames: 64)
        #expect(second.samples(0)[0] == 1)
        #expect(second[1].allSatisfy { $0 == 0 })
        stream.close()
    }

    @Test("render refuses when stopped, when too large, and when the clock is real-time")
    func renderMisuse() throws {
        let stream = try backend.makeNullStream(StreamConfiguration(bufferSize: .frames(64)) { _ in })
        #expect(throws: AudioError.self) { try stream.render(frames: 64) }
        try stream.start()
        #expect { try stream.render(frames: 65) } throws: { ($0 as? AudioError)?.kind == .invalidArgument }
        #expect { try stream.render(frames: 0) } throws: { ($0 as? AudioError)?.kind == .invalidArgument }
        stream.close()
        #expect { try stream.start() } throws: { ($0 as? AudioError)?.kind == .invalidState }
        let clocked = try NullBackend().makeNullStream(StreamConfiguration { _ in })
        try clocked.start()
        #expect { try clocked.render(frames: 1) } throws: { ($0 as? AudioError)?.kind == .invalidState }
        clocked.close()
    }

    @Test("unknown devices name the ones there are")
    func unknownDevice() {
        #expect {
            try backend.makeNullStream(StreamConfiguration(device: "speaker") { _ in })
        } throws: { error in
            (error as? AudioError)?.description == "null: no device 'speaker'; its devices are: null-out"
        }
        #expect {
            try backend.makeNullStream(StreamConfiguration(direction: .input, device: "mic") { _ in })
        } throws: { error in
            (error as? AudioError)?.description
                == "null: no device 'mic'; its devices are: null-in, null-silence, null-noise"
        }
    }

    @Test(
        "silence and noise devices capture what they say", arguments: [("null-silence", true), ("null-noise", false)])
    func inputDevices(device: String, silent: Bool) throws {
        let peak = Locked<Float>(0)
        let stream = try backend.makeNullStream(
            StreamConfiguration(direction: .input, device: device, channelCount: 1, bufferSize: .frames(256)) {
                context in
                var local: Float = 0
                for i in 0..<context.frameCount { local = max(local, abs(context.input.samples(0)[i])) }
                let value = local
                peak.withLock { $0 = max($0, value) }
            })
        try stream.start()
        for _ in 0..<10 { _ = try stream.render(frames: 256) }
        stream.close()
        #expect(silent ? peak.withLock { $0 } == 0 : peak.withLock { $0 } > 0.1)
    }

    @Test("devices list outputs and inputs with defaults marked")
    func devices() throws {
        let devices = try backend.devices()
        #expect(devices.map(\.id) == ["null-out", "null-in", "null-silence", "null-noise"])
        #expect(try backend.defaultOutputDevice?.id == "null-out")
        #expect(try backend.defaultInputDevice?.id == "null-in")
        #expect(backend.isAvailable)
    }
}
