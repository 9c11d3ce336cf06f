import CLilv
import DecibelCore
import DecibelGraph
import Synchronization

/// An LV2 plugin as a graph node: its audio inputs are the channels of input bus 0, its audio outputs
/// the node's channels, each control input an `AudioParameter` (identifier: the port's symbol; range,
/// default and ramps as described), and its MIDI input the node's scheduled `MIDIEvent`s, delivered at
/// their exact frames.
///
/// ```swift
/// let amp = try PluginNode(uri: "http://plugin.org.uk/swh-plugins/amp")
/// try engine.mainGroup.setFilters([amp])
/// amp.parameter("gain")?.value = -6   // dB, ramped
/// ```
///
/// The plugin is instantiated and activated when the engine prepares the node, on a control thread; the
/// render thread only calls its `run` (and hands back what the plugin's worker, a thread of the node's own,
/// answered) (RealtimeSanitizer checks that path with real plugins: a plugin
/// that allocates in `run` is reported, not hidden). While a parameter ramps, the block is run in
/// 16-frame pieces with the ramp's value at each, so that a change is gradual rather than one step.
public final class PluginNode: RenderNode, @unchecked Sendable {
    /// What the plugin's description says.
    public let info: PluginInfo
    /// Frames per piece while a parameter ramps.
    static let rampPiece = 16
    /// Bytes of each atom port's buffer.
    static let atomCapacity: UInt32 = 8192
    /// MIDI events one block can carry into the plugin.
    static let midiCapacity = 128

    let world: LV2World
    let plugin: OpaquePointer
    let controlInputs: [(port: Int, parameter: AudioParameter)]
    private let audioInputs: [Int], audioOutputs: [Int], atomInputs: [(port: Int, midi: Bool)], atomOutputs: [Int]
    private let cvPorts: [Int]
    /// The render thread's copies of the port tables: read each block without retaining an array.
    private let renderControls: UnsafeMutableBufferPointer<(port: Int, parameter: Unmanaged<AudioParameter>)>
    private let renderAudioInputs: UnsafeMutableBufferPointer<UInt32>
    private let renderAudioOutputs: UnsafeMutableBufferPointer<UInt32>
    private let hasAtomPorts: Bool
    /// `AudioBufferView.empty`, read once (a global's accessor costs a call per block).
    private let noInput = AudioBufferView.empty
    private let latencyPort: Int?
    private let sequenceURID: UInt32, chunkURID: UInt32, midiURID: UInt32
    private let latencyBits = Atomic<UInt32>(0)

    /// Render-thread state, replaced as a whole in `allocate(format:)` (the graph does not render a node
    /// while preparing it).
    final class Instance {
        let handle: UnsafeMutablePointer<LilvInstance>
        let host: OpaquePointer
        let controls: UnsafeMutablePointer<Float>
        let atoms: [UnsafeMutableRawPointer]
        let silence: UnsafeMutablePointer<Float>
        let scratch: UnsafeMutablePointer<Float>
        /// What each port was last connected to, so a block whose buffers are the last block's connects nothing.
        let connected: UnsafeMutablePointer<UnsafeMutableRawPointer?>
        let api: decibel_lilv_api
        /// Whether each block ends with `decibel_lv2_host_end_block` (plugins with the worker interface).
        let hasWorker: Bool
        let sampleRate: Double
        let maximumFrames: Int

        init(
            handle: UnsafeMutablePointer<LilvInstance>, host: OpaquePointer, portCount: Int, atomCount: Int,
            sampleRate: Double, maximumFrames: Int, api: decibel_lilv_api
        ) {
            self.handle = handle
            hasWorker = decibel_lv2_host_has_worker(host)
            self.sampleRate = sampleRate
            self.maximumFrames = maximumFrames
            self.host = host
            self.api = api
            controls = .allocate(capacity: max(1, portCount))
            controls.initialize(repeating: 0, count: max(1, portCount))
            atoms = (0..<atomCount).map { _ in
                UnsafeMutableRawPointer.allocate(byteCount: Int(PluginNode.atomCapacity), alignment: 16)
            }
            silence = .allocate(capacity: maximumFrames)
            silence.initialize(repeating: 0, count: maximumFrames)
            scratch = .allocate(capacity: maximumFrames)
            scratch.initialize(repeating: 0, count: maximumFrames)
            connected = .allocate(capacity: max(1, portCount))
            connected.initialize(repeating: nil, count: max(1, portCount))
        }

        deinit {
            lilv_instance_deactivate(handle)
            decibel_lv2_host_stop_worker(host)
            api.lilv_instance_free(handle)
            decibel_lv2_host_free(host)
            controls.deallocate()
            atoms.forEach { $0.deallocate() }
            silence.deallocate()
            scratch.deallocate()
            connected.deallocate()
        }
    }

    @exclusivity(unchecked) private var instance: Instance? {
        didSet { renderInstance = instance.map { Unmanaged.passUnretained($0) } }
    }
    /// `instance` for the render thread, which borrows it (no reference counting per block); `instance` owns it.
    @exclusivity(unchecked) private var renderInstance: Unmanaged<Instance>?
    /// MIDI events `handle(_:)` received for the next piece (the event-sliced render puts each at the
    /// start of the slice it begins).
    private let midi: UnsafeMutablePointer<MIDIEvent>
    @exclusivity(unchecked) private var midiCount = 0
    private let failure = Locked<AudioError?>(nil)

    /// Loads the plugin `uri` (instantiated when the engine prepares the node).
    /// - Throws: `AudioError` of kind `backendUnavailable` when liblilv cannot be loaded (saying what to install)
    ///   or lilv cannot make its world, `invalidArgument` when lilv takes `uri` for no URI, `deviceNotFound` when
    ///   no such plugin is installed, or `unsupportedConfiguration` when it needs a host feature Decibel does not
    ///   provide (naming it). A plugin that refuses the engine's rate later does not throw here: see
    ///   `instantiationError`.
    public init(uri: String, environment: [String: String] = BackendEnvironment.current()) throws(AudioError) {
        let world = try LV2World.shared(environment: environment)
        let plugin = try world.plugin(uri: uri)
        let info = try PluginInfo(plugin, world: world)
        guard info.missingFeatures.isEmpty else {
            throw AudioError(
                .unsupportedConfiguration,
                "\(info.name) needs host features Decibel does not provide: \(info.missingFeatures.joined(separator: ", "))"
            )
        }
        self.info = info
        self.world = world
        self.plugin = plugin
        let layout = Self.layout(of: info)
        controlInputs = layout.controls
        audioInputs = layout.audioInputs
        audioOutputs = layout.audioOutputs
        atomInputs = layout.atomInputs
        atomOutputs = layout.atomOutputs
        cvPorts = layout.cvPorts
        sequenceURID = decibel_lv2_urid("http://lv2plug.in/ns/ext/atom#Sequence")
        chunkURID = decibel_lv2_urid("http://lv2plug.in/ns/ext/atom#Chunk")
        midiURID = decibel_lv2_urid("http://lv2plug.in/ns/ext/midi#MidiEvent")
        midi = .allocate(capacity: Self.midiCapacity)
        renderControls = .allocate(capacity: layout.controls.count)
        for (index, control) in layout.controls.enumerated() {
            renderControls[index] = (control.port, .passUnretained(control.parameter))
        }
        renderAudioInputs = .allocate(capacity: layout.audioInputs.count)
        for (index, port) in layout.audioInputs.enumerated() { renderAudioInputs[index] = UInt32(port) }
        renderAudioOutputs = .allocate(capacity: layout.audioOutputs.count)
        for (index, port) in layout.audioOutputs.enumerated() { renderAudioOutputs[index] = UInt32(port) }
        hasAtomPorts = !layout.atomInputs.isEmpty || !layout.atomOutputs.isEmpty
        latencyPort = info.latencyPortIndex
        super.init(
            inputBusCount: layout.audioInputs.isEmpty ? 0 : 1, channelCount: max(1, layout.audioOutputs.count),
            parameters: layout.parameters)
    }

    private struct Layout {
        var controls: [(port: Int, parameter: AudioParameter)] = []
        var parameters: [AudioParameter] = []
        var audioInputs: [Int] = [], audioOutputs: [Int] = [], atomOutputs: [Int] = [], cvPorts: [Int] = []
        var atomInputs: [(port: Int, midi: Bool)] = []
    }

    /// Which port goes where; a parameter for each control input, with the port's range and default.
    private static func layout(of info: PluginInfo) -> Layout {
        var layout = Layout()
        for port in info.ports {
            switch port.kind {
            case .controlInput:
                let low = port.minimum ?? 0, high = max(port.maximum ?? 1, low + 1e-6)
                let initial = min(max(port.defaultValue ?? low, low), high)
                let parameter = AudioParameter(
                    .init(
                        identifier: port.symbol, name: port.name, range: low...high, unit: port.parameterUnit,
                        defaultValue: initial))
                layout.controls.append((port.index, parameter))
                layout.parameters.append(parameter)
            case .audioInput: layout.audioInputs.append(port.index)
            case .audioOutput: layout.audioOutputs.append(port.index)
            case .atomInput: layout.atomInputs.append((port.index, port.acceptsMIDI))
            case .atomOutput: layout.atomOutputs.append(port.index)
            case .cvInput, .cvOutput: layout.cvPorts.append(port.index)
            case .controlOutput, .other: break
            }
        }
        return layout
    }

    deinit {
        instance = nil
        midi.deallocate()
        renderControls.deallocate()
        renderAudioInputs.deallocate()
        renderAudioOutputs.deallocate()
    }

    /// The running instance, or why there is none (not prepared yet, or the plugin refused the rate).
    func preparedInstance() throws(AudioError) -> Instance {
        if let instance { return instance }
        throw instantiationError
            ?? AudioError(.invalidState, "\(info.name) is not instantiated yet: add the node to an engine first")
    }

    /// Why the plugin could not be instantiated at the engine's rate, if it could not (it renders silence).
    public var instantiationError: AudioError? { failure.withLock { $0 } }

    /// The latency the plugin reports (frames), as of its last block.
    override public var latencyFrames: Int { Int(Float(bitPattern: latencyBits.load(ordering: .relaxed))) }

    override public func allocate(format: NodeFormat) {
        // Prepared again for the same rate and block size (the graph does that as it is edited): the
        // running instance stays, with its state and the messages posted to it.
        if let instance, instance.sampleRate == format.sampleRate,
            instance.maximumFrames == max(1, format.maximumFrameCount)
        {
            return
        }
        instance = nil
        do {
            instance = try instantiate(sampleRate: format.sampleRate, maximumFrames: max(1, format.maximumFrameCount))
            failure.withLock { $0 = nil }
        } catch {
            failure.withLock { $0 = error }
        }
    }

    private func instantiate(sampleRate: Double, maximumFrames: Int) throws(AudioError) -> Instance {
        let host = decibel_lv2_host_new(sampleRate, UInt32(maximumFrames))
        let api = world.api
        let made = try world.withLock { () throws(AudioError) -> UnsafeMutablePointer<LilvInstance>? in
            api.lilv_plugin_instantiate(plugin, sampleRate, decibel_lv2_host_features(host))
        }
        guard let handle = made else {
            decibel_lv2_host_free(host)
            throw AudioError(
                .unsupportedConfiguration,
                "\(info.name) refused to start at \(Int(sampleRate)) Hz (its instantiate failed)")
        }
        decibel_lv2_host_start_worker(host, handle)
        let instance = Instance(
            handle: handle, host: host, portCount: info.ports.count, atomCount: atomInputs.count + atomOutputs.count,
            sampleRate: sampleRate, maximumFrames: maximumFrames, api: api)
        for (port, parameter) in controlInputs { instance.controls[port] = parameter.value }
        for port in info.ports where port.kind == .controlInput || port.kind == .controlOutput {
            lilv_instance_connect_port(handle, UInt32(port.index), instance.controls + port.index)
        }
        for (slot, port) in (atomInputs.map { $0.port } + atomOutputs).enumerated() {
            lilv_instance_connect_port(handle, UInt32(port), instance.atoms[slot])
        }
        for port in cvPorts { lilv_instance_connect_port(handle, UInt32(port), instance.scratch) }
        lilv_instance_activate(handle)
        return instance
    }

    override public func resetState() {
        midiCount = 0
    }

    override public func handle(_ event: NodeEvent) {
        super.handle(event)
        if case .midi(let message) = event, midiCount < Self.midiCapacity {
            midi[midiCount] = message
            midiCount += 1
        }
    }

    override public func process(_ context: NodeRenderContext) {
        guard let renderInstance else {
            context.output.clear()
            midiCount = 0
            return
        }
        renderInstance._withUnsafeGuaranteedRef { instance in run(instance, context) }
    }

    @inline(__always)
    private func run(_ instance: Instance, _ context: NodeRenderContext) {
        if hasAtomPorts { prepareAtoms(instance) } else { midiCount = 0 }
        if setControls(instance) {
            connectAudio(instance, context: context, offset: 0)
            runPiece(instance, frames: context.frameCount)
        } else {
            runRamping(instance, context)
        }
        if let port = latencyPort {
            latencyBits.store(instance.controls[port].bitPattern, ordering: .relaxed)
        }
    }

    /// Writes each control's value into its port; false, as soon as one is ramping (then
    /// `runRamping` writes them piece by piece).
    @inline(__always)
    private func setControls(_ instance: Instance) -> Bool {
        for control in renderControls {
            let steady = control.parameter._withUnsafeGuaranteedRef { parameter in
                instance.controls[control.port] = parameter.renderValue
                return !parameter.isRamping
            }
            if !steady { return false }
        }
        return true
    }

    /// The block in `rampPiece`-frame pieces, each run with the ramps' values at its start.
    @inline(never)
    private func runRamping(_ instance: Instance, _ context: NodeRenderContext) {
        let frames = context.frameCount
        var offset = 0
        while offset < frames {
            let piece = min(Self.rampPiece, frames - offset)
            for control in renderControls {
                control.parameter._withUnsafeGuaranteedRef { parameter in
                    instance.controls[control.port] = parameter.next()
                    parameter.advance(piece - 1)
                }
            }
            connectAudio(instance, context: context, offset: offset)
            runPiece(instance, frames: piece)
            if offset == 0 && hasAtomPorts { clearAtomInputs(instance) }  // events went with the first piece
            offset += piece
        }
    }

    @inline(__always)
    private func runPiece(_ instance: Instance, frames: Int) {
        lilv_instance_run(instance.handle, UInt32(frames))
        if instance.hasWorker { decibel_lv2_host_end_block(instance.host) }
    }

    /// Fills the MIDI inputs with what arrived for this slice; readies the atom outputs. Out of line: its
    /// byte staging would otherwise give every block's frame a stack guard, atom ports or not.
    @inline(never)
    private func prepareAtoms(_ instance: Instance) {
        for (slot, input) in atomInputs.enumerated() {
            let buffer = instance.atoms[slot]
            decibel_atom_sequence_clear(buffer, Self.atomCapacity, sequenceURID)
            if slot == 0 { decibel_lv2_host_deliver_posts(instance.host, buffer, Self.atomCapacity) }
            guard input.midi else { continue }
            for index in 0..<midiCount {
                let message = midi[index]
                var bytes: (UInt64, UInt64) = (0, 0)
                withUnsafeMutableBytes(of: &bytes) { raw in
                    for byte in 0..<message.count { raw[byte] = message[byte] }
                }
                _ = withUnsafeBytes(of: &bytes) { raw in
                    decibel_atom_sequence_append(
                        buffer, Self.atomCapacity, 0, midiURID, raw.baseAddress!, UInt32(message.count))
                }
            }
        }
        midiCount = 0
        for slot in atomInputs.count..<(atomInputs.count + atomOutputs.count) {
            decibel_atom_sequence_prepare_output(instance.atoms[slot], Self.atomCapacity, chunkURID)
        }
    }

    @inline(__always)
    private func clearAtomInputs(_ instance: Instance) {
        for slot in 0..<atomInputs.count {
            decibel_atom_sequence_clear(instance.atoms[slot], Self.atomCapacity, sequenceURID)
        }
    }

    /// Points the plugin's audio ports at this piece of the node's input and output (silence for inputs
    /// the bus lacks, scratch for outputs beyond the node's channels).
    @inline(__always)
    private func connectAudio(_ instance: Instance, context: NodeRenderContext, offset: Int) {
        let input = inputBusCount > 0 ? context.inputs[0] : noInput
        for channel in 0..<renderAudioInputs.count {
            let samples = channel < input.channelCount ? input.samples(channel) + offset : instance.silence
            connect(instance, port: renderAudioInputs[channel], to: samples)
        }
        for channel in 0..<renderAudioOutputs.count {
            let samples =
                channel < context.output.channelCount ? context.output.samples(channel) + offset : instance.scratch
            connect(instance, port: renderAudioOutputs[channel], to: samples)
        }
    }

    @inline(__always)
    private func connect(_ instance: Instance, port: UInt32, to samples: UnsafeMutablePointer<Float>) {
        let data = UnsafeMutableRawPointer(samples)
        guard instance.connected[Int(port)] != data else { return }
        instance.connected[Int(port)] = data
        lilv_instance_connect_port(instance.handle, port, data)
    }
}
