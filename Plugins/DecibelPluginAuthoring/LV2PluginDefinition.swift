import DecibelCore
import DecibelGraph

/// A Decibel node described for LV2 hosts: its URI, its name, and how to make one.
///
/// Everything else comes from the node: its input bus carries the audio inputs (as many channels as its
/// output; none for a node without input busses, such as an instrument), its `channelCount` the audio
/// outputs, and each `AudioParameter` becomes a control input port with the parameter's range, default
/// and unit. Control port values reach the node as ramped parameter writes, MIDI arrives at its exact
/// frames through `handle(_:)`, and the node's `process(_:)` runs on the already-sliced, already-ramped blocks,
/// exactly as in a Decibel graph.
///
/// ```swift
/// let gain = LV2PluginDefinition(uri: "urn:example:gain", name: "Gain", category: .amplifier) {
///     GainNode(channelCount: 2)
/// }
/// @c(lv2_descriptor)
/// public func lv2Descriptor(_ index: UInt32) -> UnsafeRawPointer? {
///     LV2Export.descriptor(index, of: [gain])
/// }
/// ```
public struct LV2PluginDefinition: Sendable {
    /// The plugin's URI, its identity for every host (keep it once published).
    public var uri: String
    /// The name hosts show.
    public var name: String
    /// The LV2 class hosts sort it under.
    public var category: LV2PluginCategory
    /// Whether the plugin has a MIDI input (an atom port that delivers `.midi` events to the node).
    /// Plugins with MIDI require the host's `urid:map`.
    public var receivesMIDI: Bool
    /// Whether the plugin has a latency output port reporting the node's `latencyFrames`.
    public var reportsLatency: Bool
    /// Parameter designations by parameter identifier (`["mix": .wetDryRatio]`); identifiers LV2 knows
    /// (`attack`, `decay`, `sustain`, `release`, `frequency`) are designated without being listed.
    public var designations: [String: LV2ParameterDesignation]
    /// Makes the node of one plugin instance (called by `instantiate`, never on the render thread).
    public var makeNode: @Sendable () -> RenderNode

    /// Describes the plugin `uri` made by `makeNode`; `receivesMIDI` defaults to whether the node has no
    /// audio input (an instrument).
    public init(
        uri: String, name: String, category: LV2PluginCategory = .plugin, receivesMIDI: Bool? = nil,
        reportsLatency: Bool = false, designations: [String: LV2ParameterDesignation] = [:],
        makeNode: @escaping @Sendable () -> RenderNode
    ) {
        self.uri = uri
        self.name = name
        self.category = category
        self.receivesMIDI = receivesMIDI ?? (makeNode().inputBusCount == 0)
        self.reportsLatency = reportsLatency
        self.designations = designations
        self.makeNode = makeNode
    }
}

extension LV2PluginDefinition: CustomStringConvertible {
    /// The plugin's URI.
    public var description: String { uri }
}

/// LV2's plugin classes (`lv2:AmplifierPlugin` and so on) that hosts sort plugins under.
public enum LV2PluginCategory: String, Sendable {
    /// No more specific class.
    case plugin = "Plugin"
    /// Gain, volume.
    case amplifier = "AmplifierPlugin"
    /// Delays and echoes.
    case delay = "DelayPlugin"
    /// Reverbs.
    case reverb = "ReverbPlugin"
    /// Filters.
    case filter = "FilterPlugin"
    /// Equalisers.
    case equaliser = "EQPlugin"
    /// Compressors, limiters, gates.
    case dynamics = "DynamicsPlugin"
    /// Synthesizers and samplers played from MIDI.
    case instrument = "InstrumentPlugin"
    /// Oscillators and other sources.
    case generator = "GeneratorPlugin"
    /// Meters and analysers.
    case analyser = "AnalyserPlugin"
    /// Mixers and routers.
    case mixer = "MixerPlugin"
}

/// What a parameter means to LV2 hosts (`lv2:designation`, from LV2's parameters vocabulary).
public enum LV2ParameterDesignation: String, Sendable {
    /// An envelope's attack time.
    case attack
    /// An envelope's decay time.
    case decay
    /// An envelope's sustain level.
    case sustain
    /// An envelope's release time.
    case release
    /// A delay time.
    case delay
    /// A frequency.
    case frequency
    /// A cutoff frequency.
    case cutoffFrequency
    /// A gain in decibels.
    case gain
    /// A linear amplitude.
    case amplitude
    /// The proportion of processed signal in the output (0: dry, 1: wet).
    case wetDryRatio
    /// A threshold.
    case threshold
    /// A ratio.
    case ratio
}
