import DecibelCore
import DecibelGraph
import DecibelNull
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The render graph under the sanitizer: every node kind, plan swaps from a control thread while the
/// Null backend's clock thread renders, and taps whose consumer is too slow.
enum GraphScenarios {
    static let all: [Scenario] = [everyNode, swaps, slowTap, synthesizer]

    /// A struct renderer for `BlockSource(renderer:)`, the graph's owned-state source.
    struct QuietSine: AudioRenderer {
        var oscillator = Oscillator(frequency: 550, amplitude: 0.05)
        mutating func render(_ context: RenderContext) {
            oscillator.sampleRate = context.sampleRate
            oscillator.render(into: context.output.samples(0), count: context.frameCount)
        }
    }

    /// A renderer filter: a tremolo following the output host time it is given.
    struct Tremolo: AudioRenderer {
        mutating func render(_ context: RenderContext) {
            let gain = Float(
                0.75 + 0.25 * sin(Double(context.timestamp.hostTime % 200_000_000) / 200_000_000 * 2 * .pi))
            for channel in 0..<min(context.input.channelCount, context.output.channelCount) {
                for frame in 0..<context.frameCount {
                    context.output[channel][frame] = context.input[channel][frame] * gain
                }
            }
        }
    }

    /// A file-like source (locks, so it must never be read on the render thread).
    final class LockedSource: AudioPullSource, @unchecked Sendable {
        let format = AudioFormat(sampleRate: 48_000, channelCount: 2)
        private let position = Locked(0)
        var length: Int? { 96_000 }
        var isRealtimeSafe: Bool { false }
        func read(into destination: AudioBufferView, frames: Int) throws(AudioError) -> Int {
            position.withLock { position in
                let count = max(0, min(frames, 96_000 - position))
                for channel in 0..<destination.channelCount {
                    for i in 0..<count { destination.samples(channel)[i] = Float((position + i) % 100) / 400 }
                }
                position += count
                return count
            }
        }
        func seek(to frame: Int) throws(AudioError) { position.withLock { $0 = min(max(0, frame), 96_000) } }
    }

    static func manualEngine() throws -> (AudioEngine, NullStream) {
        let backend = NullBackend(options: .init(clock: .manual))
        let engine = try AudioEngine(
            backend: backend,
            configuration: StreamConfiguration(direction: .duplex, channelCount: 2, bufferSize: .frames(256)) { _ in })
        guard let stream = engine.stream as? NullStream else {
            throw ScenarioFailure("the Null backend did not make a NullStream")
        }
        return (engine, stream)
    }

    static let everyNode = Scenario(
        "graph-every-node",
        "every node kind (a player mapping 5.1 to mono and a renderer filter among them), ramps, scheduled events, channel selection, timing and render receivers and timestamped taps rendered by the graph in real-time sections"
    ) {
        let (engine, stream) = try manualEngine()
        let sources = ChannelGroup(name: "sources"), effects = ChannelGroup(name: "effects")
        try engine.mainGroup.add(sources)
        try engine.mainGroup.add(effects)
        for waveform in OscillatorShape.allCases {
            try sources.add(ToneGenerator(shape: waveform, frequency: 330, amplitude: 0.05))
        }
        try sources.add(
            BlockSource { view, time in
                for i in 0..<view.frameCount { view.samples(0)[i] = (time + Int64(i)) % 200 == 0 ? 0.1 : 0 }
            })
        try sources.add(BlockSource(renderer: QuietSine()))
        let memory = AudioBuffer(channelCount: 1, frameCapacity: 4_800)
        for i in 0..<4_800 { memory[0][i] = Float(i % 48) / 480 }
        let looping = FilePlayer(source: BufferPullSource(buffer: memory, sampleRate: 48_000))
        looping.isLooping = true
        let streamed = FilePlayer(source: LockedSource())
        let oneShot = FilePlayer(source: BufferPullSource(buffer: memory, sampleRate: 48_000))
        // A 5.1 source in a mono player: mapped by the standard ChannelMap on the render thread.
        let surround = AudioBuffer(channelCount: 6, frameCapacity: 4_800)
        for channel in 0..<6 { for i in 0..<4_800 { surround[channel][i] = Float((i + channel) % 48) / 960 } }
        let folded = FilePlayer(source: BufferPullSource(buffer: surround, sampleRate: 48_000), channelCount: 1)
        folded.isLooping = true
        try sources.add(folded)
        let mixer = MixerNode(inputCount: 3)
        let gain = GainNode(volume: 0.8), pan = PanNode(pan: -0.3), meter = LevelMeter()
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(looping, to: mixer, bus: 0)
            try e.connect(streamed, to: mixer, bus: 1)
            try e.connect(oneShot, to: mixer, bus: 2)
            try e.connect(mixer, to: gain)
            try e.connect(gain, to: pan)
            try e.connect(pan, to: meter)
            try e.add(meter, to: effects)
        }
        let eq = GraphicEQ()
        for (index, band) in eq.bands.enumerated() { band.value = Float(index % 3) * 3 - 3 }
        var filters: [any AudioNode] = BiquadType.allCases.map { BiquadFilter($0, frequency: 1200, q: 1, gainDB: 4) }
        filters += [eq, DelayNode(time: 0.03, feedback: 0.4, mix: 0.3), BlockFilter(renderer: Tremolo())]
        try effects.setFilters(filters)
        try engine.setPlaythrough(true)
        let timed = Atomic<Int>(0)
        try engine.addTimingReceiver(
            TimingReceiver(
                before: { timing in timed.add(timing.frameCount > 0 ? 1 : 0, ordering: .relaxed) },
                after: { timing in timed.add(timing.outputHostTime >= timing.hostTime ? 1 : 0, ordering: .relaxed) }))
        let stampedTap = try engine.installTap(on: engine.inputNode, bufferSize: 256) { _, time in
            _ = time.hostTime
        }
        // Real-time receivers on the input, a node and a group: called on the render thread itself.
        let received = Atomic<Int>(0)
        let receive: @Sendable (AudioBufferView, AudioTimestamp) -> Void = { block, time in
            received.add(block.frameCount > 0 && time.hostTime > 0 ? 1 : 0, ordering: .relaxed)
        }
        try engine.installRenderReceiver(on: engine.inputNode, receiver: receive)
        try engine.installRenderReceiver(on: meter, receiver: receive)
        try engine.installRenderReceiver(on: effects, receiver: receive)
        // Chosen channels (one the device lacks, which reads as silence) into a meter.
        let picked = ChannelSelector(channels: [1, 0, 5]), pickedMeter = LevelMeter(channelCount: 3)
        try engine.edit { (e: inout GraphEditor) throws(AudioError) in
            try e.connect(engine.inputNode, to: picked)
            try e.connect(picked, to: pickedMeter)
        }
        var sink = 0 as Float
        var waited = 0
        while streamed.bufferedFrames < 8192 && waited < 2000 { usleep(1000); waited += 1 }
        guard streamed.bufferedFrames >= 8192 else {
            throw ScenarioFailure("the feeder thread did not fill the player's ring")
        }
        try stream.start()
        looping.play()
        streamed.play()
        folded.play()
        oneShot.playOnce(at: 2_000) {}
        mixer.inputs[1].solo.schedule(1, at: 10_000)
        mixer.inputs[1].solo.schedule(0, at: 20_000)
        gain.volume.schedule(0.3, at: 5_123)
        streamed.seek(to: 1_000, at: 30_000)
        for block in 0..<400 {
            if block == 100 { pan.pan.value = 0.7; effects.volume.value = 0.5; effects.isMuted = true }
            if block == 150 { effects.isMuted = false; looping.pause() }
            if block == 200 { looping.play(); (filters[0] as? BiquadFilter)?.frequency.value = 5000 }
            let out = try stream.render(frames: 256)
            sink = max(sink, abs(out[0][255]))
            if block % 50 == 0 { engine.deliverEvents(); usleep(2000) }
        }
        try stream.stop()
        stream.close()
        try engine.removeTap(stampedTap)
        guard timed.load(ordering: .relaxed) == 800 else {
            throw ScenarioFailure("the timing receiver ran \(timed.load(ordering: .relaxed)) times for 400 blocks")
        }
        guard received.load(ordering: .relaxed) == 1_200 else {
            throw ScenarioFailure(
                "the render receivers ran \(received.load(ordering: .relaxed)) times for 3 × 400 blocks")
        }
        guard stream.callbackCount == 400, sink > 0, meter.peakDBFS() > -60 else {
            throw ScenarioFailure("the graph did not render (callbacks \(stream.callbackCount), peak \(sink))")
        }
    }

    static let swaps = Scenario(
        "graph-swaps",
        "a control thread edits the graph while the Null clock thread renders: plans swap inside real-time sections,"
            + " from and back to an empty main group"
    ) {
        let backend = NullBackend(options: .init(clock: .realTime))
        let engine = try AudioEngine(
            backend: backend, configuration: StreamConfiguration(channelCount: 2, bufferSize: .frames(128)) { _ in })
        guard let stream = engine.stream else { throw ScenarioFailure("no stream") }
        try stream.start()
        usleep(20_000)  // the main group empty: its fader runs without channels
        let tone = ToneGenerator(frequency: 440, amplitude: 0.2)
        try engine.mainGroup.add(tone)
        let group = ChannelGroup(name: "edited")
        try engine.mainGroup.add(group)
        let nodes: [any AudioNode] = [
            ToneGenerator(shape: .square), GainNode(), BiquadFilter(.peaking, gainDB: 6), DelayNode(),
        ]
        for edit in 0..<3_000 {
            let node = nodes[edit % nodes.count]
            switch edit % 3 {
            case 0: try group.add(node)
            case 1: try engine.detach(node)
            default: try group.setFilters(edit % 2 == 0 ? [BiquadFilter(.lowShelf, gainDB: 3)] : [])
            }
            if edit % 10 == 0 { usleep(300) }
        }
        try engine.detach(tone)
        try engine.remove(group)
        usleep(50_000)
        try stream.stop()
        stream.close()
        guard engine.adoptedPlanCount > 50, engine.renderedBlockCount > 50 else {
            throw ScenarioFailure("plans adopted \(engine.adoptedPlanCount), blocks \(engine.renderedBlockCount)")
        }
    }

    static let slowTap = Scenario(
        "graph-slow-tap", "taps on input, output, a node and a group with a consumer far slower than real time"
    ) {
        let (engine, stream) = try manualEngine()
        let tone = ToneGenerator(frequency: 1000, amplitude: 0.3)
        let group = ChannelGroup(name: "tapped")
        try engine.mainGroup.add(group)
        try group.add(tone)
        let slow: @Sendable (AudioBufferView) -> Void = { _ in usleep(30_000) }
        let taps = [
            try engine.installTap(on: engine.inputNode, bufferSize: 256, ringFrames: 1024, handler: slow),
            try engine.installTap(on: engine.mainGroup, bufferSize: 256, ringFrames: 1024, handler: slow),
            try engine.installTap(on: tone, bufferSize: 256, ringFrames: 1024, handler: slow),
            try engine.installTap(on: group, bufferSize: 512, ringFrames: 1024, handler: slow),
        ]
        try stream.start()
        for _ in 0..<300 { _ = try stream.render(frames: 256) }
        try stream.stop()
        for tap in taps { try engine.removeTap(tap) }
        stream.close()
        guard taps.allSatisfy({ $0.droppedFrames > 0 && $0.deliveredFrameCount > 0 }) else {
            throw ScenarioFailure(
                "expected drops and deliveries on every tap: \(taps.map { ($0.droppedFrames, $0.deliveredFrameCount) })"
            )
        }
    }

    /// `Synthesizer` playing MIDI scheduled mid-block: note on and off, chords past the voice count
    /// (stealing), the sustain pedal, pitch bend, all notes off, parameter changes.
    static let synthesizer = Scenario(
        "graph-synth-midi",
        "the Synthesizer plays MIDI scheduled mid-block (chords, stealing, pedal, bend) in real-time sections"
    ) {
        let (engine, stream) = try manualEngine()
        let synth = Synthesizer(shape: .sawtooth, voiceCount: 4)
        try engine.mainGroup.add(synth)
        try stream.start()
        var loudest: Float = 0
        for block in 0..<300 {
            let now = Int64(block) * 256
            if block % 10 == 0 {
                for (offset, note) in [60, 64, 67, 71, 74].enumerated() {
                    synth.send(.noteOn(note: note + block % 12, velocity: 90), at: now + 37 + Int64(offset))
                }
                synth.send(.pitchBend(block % 20 == 0 ? 4000 : -4000), at: now + 100)
                synth.send(.controlChange(64, value: block % 30 == 0 ? 127 : 0), at: now + 120)
                synth.send(.noteOff(note: 60 + block % 12), at: now + 200)
            }
            if block % 50 == 0 { synth.send(.controlChange(123, value: 0), at: now + 250) }
            if block == 150 { synth.release.value = 0.5 }
            let out = try stream.render(frames: 256)
            for frame in 0..<256 { loudest = max(loudest, abs(out[0][frame])) }
        }
        try stream.stop()
        stream.close()
        guard loudest > 0.01 else { throw ScenarioFailure("the synthesizer made no sound (peak \(loudest))") }
    }
}
