import CLV2
import DecibelGraph
import DecibelPluginAuthoring
import Glibc
import Synchronization
import Testing

/// A stereo node that swaps its channels through a ramped gain, reports 64 frames of latency, and records
/// where its slices start and which MIDI it handled (preallocated: it runs on the render path).
final class Probe: RenderNode, @unchecked Sendable {
    let gain = AudioParameter(
        .init(identifier: "gain", name: "Gain", range: -60...12, unit: .decibels, defaultValue: 0), rampDuration: 0.01)
    let slices = UnsafeMutablePointer<Int64>.allocate(capacity: 1024)
    let factors = UnsafeMutablePointer<Float>.allocate(capacity: 65_536)
    var sliceCount = 0, largestSlice = 0, notes = 0

    init() {
        let frequency = AudioParameter(
            .init(identifier: "frequency", name: "Frequency", range: 20...20_000, unit: .hertz, defaultValue: 1000))
        let enabled = AudioParameter(
            .init(identifier: "enabled", name: "Enabled", range: 0...1, unit: .boolean, defaultValue: 1))
        let mix = AudioParameter(.init(identifier: "mix", name: "Mix", range: 0...1, unit: .ratio, defaultValue: 1))
        super.init(inputBusCount: 1, channelCount: 2, parameters: [gain, frequency, enabled, mix])
    }

    deinit {
        slices.deallocate()
        factors.deallocate()
    }

    override var latencyFrames: Int { 64 }

    override func handle(_ event: NodeEvent) {
        if case .midi = event { notes += 1 }
        super.handle(event)
    }

    override func process(_ context: NodeRenderContext) {
        if sliceCount < 1024 { slices[sliceCount] = context.sampleTime }
        sliceCount += 1
        largestSlice = max(largestSlice, context.frameCount)
        // Channel by channel, as most nodes do: in place, the second loop would read what the first wrote.
        let left = context.input(0).samples(0), right = context.input(0).samples(1)
        let outLeft = context.output.samples(0), outRight = context.output.samples(1)
        for frame in 0..<context.frameCount { factors[frame] = powf(10, gain.next() / 20) }
        for frame in 0..<context.frameCount { outLeft[frame] = right[frame] * factors[frame] }
        for frame in 0..<context.frameCount { outRight[frame] = left[frame] * factors[frame] }
    }
}

@Suite(.serialized) struct LV2BindingTests {
    static let made = Mutex<Probe?>(nil)
    static let probe = LV2PluginDefinition(
        uri: "urn:decibel:test:probe", name: "Probe \"quoted\"", category: .filter, receivesMIDI: true,
        reportsLatency: true, designations: ["mix": .wetDryRatio]
    ) {
        let probe = Probe()
        made.withLock { $0 = probe }
        return probe
    }
    // Ports: 0–1 audio in, 2–3 audio out, 4 gain, 5 frequency, 6 enabled, 7 mix, 8 MIDI, 9 latency.

    /// Buffers for the audio ports, ramps as input so a swap or a lost sample shows.
    final class Buffers {
        let frames: Int
        let left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>
        let outLeft: UnsafeMutablePointer<Float>, outRight: UnsafeMutablePointer<Float>
        init(frames: Int) {
            self.frames = frames
            left = .allocate(capacity: frames)
            right = .allocate(capacity: frames)
            outLeft = .allocate(capacity: frames)
            outRight = .allocate(capacity: frames)
            for frame in 0..<frames {
                left[frame] = Float(frame) / Float(frames)
                right[frame] = -Float(frame) / Float(frames)
            }
            outLeft.initialize(repeating: 9, count: frames)
            outRight.initialize(repeating: 9, count: frames)
        }
        deinit { for pointer in [left, right, outLeft, outRight] { pointer.deallocate() } }
    }

    @Test("the generated Turtle declares every port with its range, unit, designation and property")
    func turtle() throws {
        let host = try #require(LV2TestHost([Self.probe]))
        let text = try #require(host.turtle)
        for expected in [
            "<urn:decibel:test:probe>", "a lv2:Plugin, lv2:FilterPlugin", #"doap:name "Probe \"quoted\"""#,
            "lv2:binary <lib.so>", "lv2:requiredFeature urid:map", "lv2:extensionData state:interface",
            #"lv2:index 4 ;"#, #"lv2:symbol "gain""#, "lv2:minimum -60.0", "lv2:maximum 12.0", "lv2:default 0.0",
            "units:unit units:db", "lv2:designation param:gain", "units:unit units:hz",
            "lv2:designation param:frequency",
            "lv2:portProperty lv2:toggled", "lv2:designation param:wetDryRatio", "atom:supports midi:MidiEvent",
            #"lv2:index 8 ;"#, "lv2:designation lv2:latency", "lv2:portProperty lv2:reportsLatency", #"lv2:index 9 ;"#,
        ] {
            #expect(text.contains(expected), "missing: \(expected)")
        }
        #expect(!text.contains("lv2:index 10"))
        #expect(LV2Export.descriptor(1, of: [Self.probe]) == nil)
        #expect(
            LV2Export.descriptor(0, of: [Self.probe]) == UnsafeRawPointer(host.descriptor), "one descriptor per plugin")
    }

    @Test("MIDI atoms reach the node at their frames: process is sliced there, across runs")
    func midiAtFrames() throws {
        let host = try #require(LV2TestHost([Self.probe]))
        let buffers = Buffers(frames: 1024)
        let sequence = MIDISequence()
        defer { sequence.buffer.deallocate() }
        for (port, pointer) in [buffers.left, buffers.right, buffers.outLeft, buffers.outRight].enumerated() {
            host.connect(UInt32(port), pointer)
        }
        host.connect(8, sequence.buffer)
        host.activate()
        let sequenceType = host.urid("http://lv2plug.in/ns/ext/atom#Sequence")
        let midi = host.urid("http://lv2plug.in/ns/ext/midi#MidiEvent")
        sequence.write(
            [(0, [0x90, 60, 100]), (17, [0x90, 62, 100]), (300, [0x80, 60, 0])], sequenceType: sequenceType,
            midiType: midi)
        host.run(512)
        // A data byte of 200 is not MIDI: the second event must be dropped.
        sequence.write([(5, [0x90, 64, 100]), (6, [0x91, 200])], sequenceType: sequenceType, midiType: midi)
        for (port, pointer) in [buffers.left, buffers.right, buffers.outLeft, buffers.outRight].enumerated() {
            host.connect(UInt32(port), pointer + 512)
        }
        host.run(512)
        let node = try #require(Self.lastProbe(host))
        #expect(node.notes == 4, "the malformed message is dropped")
        #expect(Array(UnsafeBufferPointer(start: node.slices, count: node.sliceCount)) == [0, 17, 300, 512, 517])
    }

    @Test("the latency port reports the node's latency; in-place buffers are read before they are written")
    func latencyAndInPlace() throws {
        let host = try #require(LV2TestHost([Self.probe]))
        let buffers = Buffers(frames: 256)
        var latency: Float = -1
        // In place: each input is also the output of the same index.
        host.connect(0, buffers.left)
        host.connect(1, buffers.right)
        host.connect(2, buffers.left)
        host.connect(3, buffers.right)
        host.connect(9, &latency)
        host.activate()
        let expectedLeft = (0..<256).map { -Float($0) / 256 }, expectedRight = (0..<256).map { Float($0) / 256 }
        host.run(256)
        #expect(latency == 64)
        #expect(Array(UnsafeBufferPointer(start: buffers.left, count: 256)) == expectedLeft)
        #expect(Array(UnsafeBufferPointer(start: buffers.right, count: 256)) == expectedRight)
    }

    @Test("a run longer than the host's maxBlockLength is rendered in pieces of at most that length")
    func longRunsInPieces() throws {
        let host = try #require(LV2TestHost([Self.probe], maxBlockLength: 128))
        let buffers = Buffers(frames: 1000)
        for (port, pointer) in [buffers.left, buffers.right, buffers.outLeft, buffers.outRight].enumerated() {
            host.connect(UInt32(port), pointer)
        }
        host.activate()
        host.run(1000)
        let node = try #require(Self.lastProbe(host))
        #expect(node.largestSlice == 128)
        #expect(
            (0..<1000).allSatisfy {
                buffers.outLeft[$0] == buffers.right[$0] && buffers.outRight[$0] == buffers.left[$0]
            })
    }

    @Test("a control port change ramps over the parameter's ramp time from the next run (10 ms = 480 frames)")
    func controlRamps() throws {
        let host = try #require(LV2TestHost([Self.probe]))
        let buffers = Buffers(frames: 1024)
        for frame in 0..<1024 { buffers.right[frame] = 1 }
        var gain: Float = 0
        for (port, pointer) in [buffers.left, buffers.right, buffers.outLeft, buffers.outRight].enumerated() {
            host.connect(UInt32(port), pointer)
        }
        host.connect(4, &gain)
        host.activate()
        host.run(512)
        #expect(buffers.outLeft[511] == 1)
        gain = -20
        for (port, pointer) in [buffers.left, buffers.right, buffers.outLeft, buffers.outRight].enumerated() {
            host.connect(UInt32(port), pointer + 512)
        }
        host.run(512)
        let out = buffers.outLeft + 512
        #expect(out[0] < 1 && out[0] > 0.99, "the ramp starts at the old value")
        #expect(abs(out[239] - powf(10, -10 / 20)) < 0.01, "halfway in dB at 240 frames: \(out[239])")
        #expect(abs(out[500] - 0.1) < 1e-6, "-20 dB after 480 frames: \(out[500])")
    }

    /// The node the host's instance made (the last one made; the suite is serialized).
    static func lastProbe(_ host: LV2TestHost) -> Probe? {
        _ = host
        return made.withLock { $0 }
    }
}
