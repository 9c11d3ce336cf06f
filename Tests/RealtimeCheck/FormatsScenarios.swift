import DecibelCore
import DecibelFormats
import DecibelGraph
import DecibelNull
import DecibelStreams
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// DecibelFormats' render-thread paths: `Recorder.append`, the resampler's `process`, file and push sources.
enum FormatsScenarios {
    static let all: [Scenario] = [
        recorderAppend, sourceRender, resampler, pushSource, clockBridge, variableResamplerIrregular,
        resamplerIrregular,
    ]

    /// The render-thread side of `Recorder`: appends on a real-time thread paced like a 48 kHz device
    /// (including overflow into a small ring) while the writer thread drains to a WAV file.
    static let recorderAppend = Scenario(
        "formats-recorder-append", "Recorder.append on a paced render thread, with and without overflow"
    ) {
        let path = "/tmp/decibel-rtcheck-recorder-\(getpid()).wav"
        defer { unlink(path) }
        for ringSeconds in [2.0, 0.005] {
            let recorder = try Recorder(
                path: path, format: .wav(bits: 24), sampleRate: 48_000, channelCount: 2, ringSeconds: ringSeconds)
            let block = AudioBuffer(channelCount: 2, frameCapacity: 256)
            for frame in 0..<256 { block[0][frame] = Float(frame) / 256; block[1][frame] = -Float(frame) / 256 }
            let start = MonotonicClock.now()
            let thread = try AudioThread(name: "rtcheck-render") {
                for index in 0..<200 {  // about a second of 256-frame quanta
                    RealtimeSanitizer.enter()
                    recorder.append(block.view)
                    RealtimeSanitizer.exit()
                    MonotonicClock.sleep(
                        until: start + UInt64(index + 1) * 256 * 1_000_000_000 / 48_000 / (ringSeconds < 1 ? 8 : 1))
                }
            }
            thread.join()
            let summary = try recorder.close()
            guard summary.framesWritten == 200 * 256 else {
                throw ScenarioFailure("the recorder wrote \(summary.framesWritten) frames, expected 51200")
            }
            if ringSeconds < 1, summary.overflowFrames == 0 {
                throw ScenarioFailure("the small-ring run did not overflow")
            }
        }
    }

    /// The render-thread side of `AudioFileSource`: pulls a resampled file on a real-time thread.
    static let sourceRender = Scenario(
        "formats-source-render",
        "AudioFileSource.render (44.1 kHz file played at 48 kHz, seeking mid-play from both threads) on a render thread"
    ) {
        let path = "/tmp/decibel-rtcheck-source-\(getpid()).wav"
        defer { unlink(path) }
        let writer = try AudioFileWriter(path: path, format: .wav(bits: 16), sampleRate: 44_100, channelCount: 2)
        let tone = AudioBuffer(channelCount: 2, frameCapacity: 44_100)
        for frame in 0..<44_100 {
            let phase: Double = 2 * Double.pi * 440 * Double(frame) / 44_100
            tone[0][frame] = Float(sin(phase)) * 0.5
            tone[1][frame] = tone[0][frame]
        }
        try writer.write(tone.view)
        try writer.close()
        let source = try AudioFileSource(path: path, sampleRate: 48_000)
        MonotonicClock.sleep(nanoseconds: 200_000_000)  // let the decoder fill its ring, as a player's prepare would
        let output = AudioBuffer(channelCount: 2, frameCapacity: 256)
        let thread = try AudioThread(name: "rtcheck-render") {
            for block in 0..<150 {
                RealtimeSanitizer.enter()
                if block == 100 { try? source.seek(to: 2_000) }  // as FilePlayer seeks: it empties the ring
                _ = source.render(into: output.view)
                RealtimeSanitizer.exit()
                MonotonicClock.sleep(nanoseconds: 256 * 1_000_000_000 / 48_000)
            }
        }
        MonotonicClock.sleep(nanoseconds: 300_000_000)
        try source.seek(toFrame: 1_000)  // from this control thread while the render thread plays
        // The render thread's seek (block 100, ~530 ms in) announced ~80 ms before, as FilePlayer announces its
        // own: unannounced, the decoder would see it only after its nap (a third of its ring, 455 ms here).
        MonotonicClock.sleep(nanoseconds: 150_000_000)
        source.seekIsComing()
        thread.join()
        source.stop()
        guard source.framesRendered > 30_000 else {
            throw ScenarioFailure("rendered only \(source.framesRendered) frames")
        }
    }

    /// soxr streaming conversion inside a real-time section once prepared.
    static let resampler = Scenario(
        "formats-resampler", "Resampler.process (libsoxr, 44.1→48 kHz stereo) in a real-time section"
    ) {
        let converter = try Resampler(inputRate: 44_100, outputRate: 48_000, channelCount: 2, maxInputFrames: 512)
        let input = AudioBuffer(channelCount: 2, frameCapacity: 512)
        let output = AudioBuffer(channelCount: 2, frameCapacity: converter.maxOutputFrames(forInput: 512))
        var produced = 0
        for block in 0..<200 {
            for frame in 0..<512 {
                let phase: Double = 2 * Double.pi * 1000 * Double(block * 512 + frame) / 44_100
                let value = Float(sin(phase))
                input[0][frame] = value
                input[1][frame] = value
            }
            let size = 64 + (block * 37) % 449  // varying block sizes up to the prepared maximum
            RealtimeSanitizer.enter()
            let result = converter.process(input.view(frames: size), into: output.view)
            RealtimeSanitizer.exit()
            produced += result.produced
        }
        guard produced > 50_000 else { throw ScenarioFailure("the resampler produced only \(produced) frames") }
    }

    /// `PushSource` in a graph rendered by the Null clock thread while another thread pushes 16 kHz
    /// mono Int16 packets (converted and resampled on that thread), running dry at the end.
    static let pushSource = Scenario(
        "formats-push-source", "PushSource rendered in real-time sections while a thread pushes Int16 at 16 kHz"
    ) {
        let backend = NullBackend(options: .init(clock: .realTime))
        let engine = try AudioEngine(
            backend: backend, configuration: StreamConfiguration(channelCount: 2, bufferSize: .frames(256)) { _ in })
        guard let stream = engine.stream else { throw ScenarioFailure("no stream") }
        let pushed = PushSource(format: .init(sampleRate: 16_000, channelCount: 1))
        try engine.mainGroup.add(pushed)
        try stream.start()
        let packet = (0..<320).map { Int16((sin(2 * Double.pi * Double($0) / 16) * 8_000).rounded()) }
        for _ in 0..<25 {  // half a second in 20 ms packets, paced like a network stream
            _ = try packet.withUnsafeBufferPointer { try pushed.push(interleaved: $0) }
            MonotonicClock.sleep(nanoseconds: 20_000_000)
        }
        MonotonicClock.sleep(nanoseconds: 200_000_000)  // runs dry: underruns on the render thread
        try stream.stop()
        stream.close()
        guard pushed.underrunFrames > 0, pushed.bufferedFrames == 0 else {
            throw ScenarioFailure("the push source did not play out and run dry (underrun \(pushed.underrunFrames))")
        }
    }

    /// `ClockBridge` on two real-time Null devices (48 kHz in, 44.1 kHz out): the input thread writes the
    /// ring, the output thread steers the variable-rate resampler and reads it, both in real-time sections.
    static let clockBridge = Scenario(
        "formats-clock-bridge",
        "BridgedDuplexStream across two Null devices' threads, 48 kHz in and 44.1 kHz out, for 2 s"
    ) {
        let blocks = Atomic<Int>(0)
        let duplex = try BridgedDuplexStream(
            input: NullBackend(), inputDevice: nil, output: NullBackend(), outputDevice: nil,
            configuration: StreamConfiguration(
                direction: .duplex, sampleRate: 44_100, channelCount: 2, bufferSize: .frames(256)
            ) { context in
                context.output.copy(from: context.input)
                blocks.wrappingAdd(1, ordering: .relaxed)
            })
        defer { duplex.close() }
        guard duplex.inputStream.format.sampleRate == 48_000 else {
            throw ScenarioFailure(
                "the Null input ran at \(duplex.inputStream.format.sampleRate) Hz; nothing to convert")
        }
        try duplex.start()
        MonotonicClock.sleep(until: MonotonicClock.now() + 2_000_000_000)
        try duplex.stop()
        let report = duplex.bridge.report
        guard blocks.load(ordering: .relaxed) > 100, report.fillRange != nil else {
            throw ScenarioFailure("the bridge did not run: \(blocks.load(ordering: .relaxed)) blocks, \(report)")
        }
    }

    /// Input and output rates the irregular scenarios convert between: both directions near 1, the octaves
    /// either way, and the widest ratio a player meets.
    static let irregularRatePairs = [
        (48_000.0, 44_100.0), (44_100.0, 48_000.0), (16_000.0, 48_000.0), (48_000.0, 16_000.0),
        (96_000.0, 44_100.0), (8_000.0, 192_000.0),
    ]

    /// `VariableResampler` driven the way a disturbed bridge drives it: output requests of any size up to the
    /// block, a source that hands over anything from nothing to a full block, and the ratio jumping across its
    /// whole range with any slew, for several rate pairs. A stalled device makes such patterns; soxr must
    /// not grow a FIFO on the render thread for any of them.
    static let variableResamplerIrregular = Scenario(
        "formats-variable-resampler-irregular",
        "VariableResampler with random request sizes, starved input and ratio jumps, six rate pairs"
    ) {
        var produced = 0
        for (pairIndex, (inputRate, outputRate)) in irregularRatePairs.enumerated() {
            var random = SplitMix64(seed: 0x5eed &+ UInt64(pairIndex) &* 31)
            let blockFrames = 1024
            let resampler = try VariableResampler(
                inputRate: inputRate, outputRate: outputRate, channelCount: 2,
                maxInputFrames: Int((Double(blockFrames) * inputRate / outputRate * 1.02).rounded(.up)) + 16,
                outputBlockFrames: blockFrames)
            let output = AudioBuffer(channelCount: 2, frameCapacity: blockFrames)
            for _ in 0..<5_000 {  // without the large priming block, soxr reallocates here
                let frames = 1 + Int(random.next() % UInt64(blockFrames))
                let offered = Int(random.next() % UInt64(resampler.maxInputFrames + 1))
                let starved = random.next() % 8 == 0
                let swing = (Double(random.next() % 2001) / 1000 - 1) * resampler.maximumDeviation
                let slew = Int(random.next() % UInt64(2 * blockFrames))
                RealtimeSanitizer.enter()
                resampler.setRatio(resampler.nominalRatio * (1 + swing), slewFrames: slew)
                produced += resampler.produce(into: output.view(frames: frames)) { staging in
                    starved ? 0 : min(offered, staging.frameCount)
                }
                RealtimeSanitizer.exit()
            }
        }
        guard produced > 500_000 else { throw ScenarioFailure("the resampler produced only \(produced) frames") }
    }

    /// `Resampler` (fixed ratio) with input and output blocks of any size up to its maximum (one input in eight
    /// empty: a starved source), both qualities, six rate pairs, each with its own seed.
    static let resamplerIrregular = Scenario(
        "formats-resampler-irregular",
        "Resampler with random input and output block sizes and starved input, both qualities, six rate pairs"
    ) {
        var produced = 0
        for (pairIndex, (inputRate, outputRate)) in irregularRatePairs.enumerated() {
            for quality in [Resampler.Quality.veryHigh, .high] {
                var random = SplitMix64(seed: 0xb10c &+ UInt64(pairIndex) &* 31 &+ (quality == .high ? 7 : 0))
                let converter = try Resampler(
                    inputRate: inputRate, outputRate: outputRate, channelCount: 2, quality: quality,
                    maxInputFrames: 1024)
                let input = AudioBuffer(channelCount: 2, frameCapacity: 1024)
                let output = AudioBuffer(channelCount: 2, frameCapacity: converter.maxOutputFrames(forInput: 1024))
                // Without the large priming block, soxr reallocates here.
                let blocks = outputRate > 4 * inputRate ? 1_000 : 10_000
                for _ in 0..<blocks {
                    let frames = random.next() % 8 == 0 ? 0 : Int(random.next() % 1025)
                    let room = 1 + Int(random.next() % UInt64(output.frameCapacity))
                    RealtimeSanitizer.enter()
                    produced += converter.process(input.view(frames: frames), into: output.view(frames: room)).produced
                    RealtimeSanitizer.exit()
                }
            }
        }
        guard produced > 1_000_000 else { throw ScenarioFailure("the resampler produced only \(produced) frames") }
    }
}

/// A small deterministic generator (SplitMix64), so a failing pattern can be run again.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
