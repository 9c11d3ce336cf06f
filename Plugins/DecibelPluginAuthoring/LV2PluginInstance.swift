import CLV2
import DecibelCore
import DecibelGraph

/// One instance of a plugin in a host: the node, the host's port buffers, and the render state between
/// `run` calls. Everything `run` touches is allocated in `init`.
final class LV2PluginInstance {
    let node: RenderNode
    let layout: LV2PortLayout
    let features: LV2Features
    let stateKeys: [LV2_URID]
    let floatType: LV2_URID
    private let midiEventType: LV2_URID
    private let maximumFrameCount: Int
    // Read on every run; kept here so the render path does not go through the node's arrays.
    private let parameterCount: Int
    private let inputBusCount: Int
    /// The host's buffer for each port (`connect_port`), nil until connected.
    private let ports: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let parameters: UnsafeMutablePointer<Unmanaged<AudioParameter>>
    /// Each control port's value when last read (NaN before the first run).
    private let lastControls: UnsafeMutablePointer<Float>
    private let inputChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    private let outputChannels: UnsafeMutablePointer<UnsafeMutablePointer<Float>>
    /// Silence for unconnected inputs, a sink for unconnected outputs, and copies of inputs a host
    /// processes in place (Decibel's nodes read their input after writing some output).
    private let silence: UnsafeMutablePointer<Float>
    private let scratchOutput: UnsafeMutablePointer<Float>
    private let inputCopies: UnsafeMutablePointer<Float>
    private let inputBus: UnsafeMutablePointer<AudioBufferView>
    /// `AudioBufferView.empty`, read once (a global's accessor costs a call per block).
    private let noDeviceInput = AudioBufferView.empty
    private var sampleTime: Int64 = 0
    private(set) var isActive = false

    /// Makes the node and prepares it; `nil` for a rate LV2 cannot run at or a missing required feature.
    init?(definition: LV2PluginDefinition, sampleRate: Double, features: LV2Features) {
        guard sampleRate.isFinite, sampleRate >= 1, sampleRate <= 1_536_000 else { return nil }
        let node = definition.makeNode()
        let layout = LV2PortLayout(node: node, definition: definition)
        if layout.hasMIDI && features.map == nil { return nil }
        self.node = node
        self.layout = layout
        self.features = features
        stateKeys = layout.parameters.map { features.urid(definition.uri + "#" + $0.identifier) }
        floatType = features.urid(LV2URI.atomFloat)
        midiEventType = features.urid(LV2URI.midiEvent)
        maximumFrameCount = min(max(features.maximumBlockLength ?? 4096, 64), 65_536)
        parameterCount = node.parameters.count
        inputBusCount = node.inputBusCount > 0 ? 1 : 0
        node.prepare(format: NodeFormat(sampleRate: sampleRate, maximumFrameCount: maximumFrameCount))

        ports = .allocate(capacity: layout.portCount)
        ports.initialize(repeating: nil, count: layout.portCount)
        let parameterSlots = max(1, node.parameters.count)
        parameters = .allocate(capacity: parameterSlots)
        for (index, parameter) in node.parameters.enumerated() {
            (parameters + index).initialize(to: .passRetained(parameter))
        }
        lastControls = .allocate(capacity: parameterSlots)
        lastControls.initialize(repeating: .nan, count: parameterSlots)
        silence = .allocate(capacity: maximumFrameCount)
        silence.initialize(repeating: 0, count: maximumFrameCount)
        scratchOutput = .allocate(capacity: maximumFrameCount)
        scratchOutput.initialize(repeating: 0, count: maximumFrameCount)
        let inputs = max(1, layout.audioInputs)
        inputCopies = .allocate(capacity: maximumFrameCount * inputs)
        inputCopies.initialize(repeating: 0, count: maximumFrameCount * inputs)
        inputChannels = .allocate(capacity: inputs)
        inputChannels.initialize(repeating: silence, count: inputs)
        outputChannels = .allocate(capacity: layout.audioOutputs)
        outputChannels.initialize(repeating: scratchOutput, count: layout.audioOutputs)
        inputBus = .allocate(capacity: 1)
        inputBus.initialize(to: .empty)
    }

    deinit {
        for index in 0..<parameterCount { parameters[index].release() }
        parameters.deallocate()
        ports.deallocate()
        lastControls.deallocate()
        silence.deallocate()
        scratchOutput.deallocate()
        inputCopies.deallocate()
        inputChannels.deallocate()
        outputChannels.deallocate()
        inputBus.deallocate()
    }

    /// `connect_port`: an index the plugin does not have is ignored.
    func connect(port index: UInt32, to data: UnsafeMutableRawPointer?) {
        guard Int(index) < layout.portCount else { return }
        ports[Int(index)] = data
    }

    /// `activate`: the node starts from a clean state at sample time 0.
    func activate() {
        node.reset()
        sampleTime = 0
        lastControls.update(repeating: .nan, count: max(1, parameterCount))
        isActive = true
    }

    /// `deactivate`.
    func deactivate() { isActive = false }

    /// `run`: control ports become ramped parameter writes, MIDI events are queued at their frames, and the
    /// node renders in pieces of at most the prepared block length.
    func run(_ sampleCount: Int) {
        guard isActive else {
            // LV2 forbids run before activate; a host that does it hears silence, not stale state.
            clearOutputs(sampleCount)
            return
        }
        readControls()
        if let index = layout.midiIndex, let port = ports[index] { queueMIDI(port, sampleCount: sampleCount) }
        if let index = layout.latencyIndex, let port = ports[index] {
            port.assumingMemoryBound(to: Float.self).pointee = Float(node.latencyFrames)
        }
        var done = 0
        while done < sampleCount {
            let frames = min(sampleCount - done, maximumFrameCount)
            render(from: done, frames: frames)
            done += frames
        }
    }

    private func readControls() {
        for index in 0..<parameterCount {
            guard let port = ports[layout.firstControl + index] else { continue }
            let value = port.assumingMemoryBound(to: Float.self).pointee
            guard value.bitPattern != lastControls[index].bitPattern else { continue }
            lastControls[index] = value
            // Clamped (and NaN refused) by the parameter; ramped over its rampDuration, or jumped before the first render.
            parameters[index]._withUnsafeGuaranteedRef { $0.value = value }
        }
    }

    private func queueMIDI(_ port: UnsafeMutableRawPointer, sampleCount: Int) {
        let sequence = UnsafePointer(port.assumingMemoryBound(to: LV2_Atom_Sequence.self))
        var event = decibel_lv2_sequence_first(sequence)
        while let current = event {
            if current.pointee.body.type == midiEventType,
                let message = MIDIEvent(
                    rawBytes: UnsafeRawBufferPointer(
                        start: decibel_lv2_event_body(current), count: Int(current.pointee.body.size)))
            {
                let frame = min(max(current.pointee.time.frames, 0), Int64(max(0, sampleCount - 1)))
                node.scheduleOnRenderThread(.midi(message), at: sampleTime + frame)
            }
            event = decibel_lv2_sequence_next(sequence, current)
        }
    }

    @inline(__always)
    private func render(from offset: Int, frames: Int) {
        for channel in 0..<layout.audioOutputs {
            let port = ports[layout.firstOutput + channel]?.assumingMemoryBound(to: Float.self)
            outputChannels[channel] = port.map { $0 + offset } ?? scratchOutput
        }
        for channel in 0..<layout.audioInputs {
            guard let port = ports[channel]?.assumingMemoryBound(to: Float.self) else {
                inputChannels[channel] = silence
                continue
            }
            let samples = port + offset
            if isOutput(samples) {
                let copy = inputCopies + channel * maximumFrameCount
                copy.update(from: samples, count: frames)
                inputChannels[channel] = copy
            } else {
                inputChannels[channel] = samples
            }
        }
        inputBus.pointee = AudioBufferView(
            channelPointers: UnsafePointer(inputChannels), channelCount: layout.audioInputs, frameCount: frames)
        node.render(
            NodeRenderContext(
                inputs: UnsafeBufferPointer(start: inputBus, count: inputBusCount),
                output: AudioBufferView(
                    channelPointers: UnsafePointer(outputChannels), channelCount: layout.audioOutputs,
                    frameCount: frames),
                frameCount: frames, sampleTime: sampleTime, deviceInput: noDeviceInput))
        sampleTime += Int64(frames)
    }

    private func isOutput(_ samples: UnsafeMutablePointer<Float>) -> Bool {
        for channel in 0..<layout.audioOutputs where outputChannels[channel] == samples { return true }
        return false
    }

    private func clearOutputs(_ sampleCount: Int) {
        for channel in 0..<layout.audioOutputs {
            ports[layout.firstOutput + channel]?.assumingMemoryBound(to: Float.self)
                .update(repeating: 0, count: sampleCount)
        }
    }
}
