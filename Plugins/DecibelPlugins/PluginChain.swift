import DecibelCore
import DecibelGraph

/// Plugins in series, for processing audio offline (what `decibel convert --plugin` runs): each stage
/// is a plugin URI with control values set by port symbol.
///
/// ```swift
/// let chain = PluginChain([.init(uri: "http://plugin.org.uk/swh-plugins/amp", parameters: ["gain": -6])])
/// let quieter = try chain.process(take, sampleRate: 48_000)
/// ```
public struct PluginChain: Sendable {
    /// One plugin and the values of its controls (port symbol → value; unset controls keep their default).
    public struct Stage: Sendable, Hashable {
        /// The plugin's URI.
        public var uri: String
        /// Control values by port symbol.
        public var parameters: [String: Float]

        /// A stage.
        public init(uri: String, parameters: [String: Float] = [:]) {
            self.uri = uri
            self.parameters = parameters
        }
    }

    /// The plugins, first to last.
    public var stages: [Stage]

    /// A chain of `stages`.
    public init(_ stages: [Stage]) { self.stages = stages }

    /// The chain's nodes, with their controls set (no ramp: offline audio starts at the asked values).
    /// - Throws: `AudioError` of kind `backendUnavailable` when liblilv cannot be loaded, `deviceNotFound` when a
    ///   stage's plugin is not installed, `invalidArgument` when a stage's URI is no URI, a control does not exist
    ///   (the message names those that do) or a value is out of its range, or `unsupportedConfiguration` when a
    ///   plugin needs a host feature Decibel lacks or its audio inputs and outputs are not `channelCount` each.
    public func makeNodes(channelCount: Int) throws(AudioError) -> [PluginNode] {
        var nodes: [PluginNode] = []
        for stage in stages {
            let node = try PluginNode(uri: stage.uri)
            let info = node.info
            guard info.audioInputCount == channelCount, info.audioOutputCount == channelCount else {
                throw AudioError(
                    .unsupportedConfiguration,
                    "\(info.name) has \(info.audioInputCount) audio inputs and \(info.audioOutputCount) outputs; "
                        + "the audio has \(channelCount) channels (convert the channels first, or pick a variant that matches)"
                )
            }
            for (symbol, value) in stage.parameters.sorted(by: { $0.key < $1.key }) {
                guard let parameter = node.parameter(symbol) else {
                    let names = node.parameters.map { $0.info.identifier }.joined(separator: ", ")
                    throw AudioError(
                        .invalidArgument, "\(info.name) has no control '\(symbol)'; its controls: \(names)")
                }
                let range = parameter.info.range
                guard range.contains(value) else {
                    throw AudioError(
                        .invalidArgument,
                        "\(info.name)'s \(symbol) takes \(range.lowerBound) … \(range.upperBound), not \(value)")
                }
                parameter.rampDuration = 0
                parameter.value = value
            }
            nodes.append(node)
        }
        return nodes
    }

    /// `input`'s frames at `sampleRate` through the plugins, as many frames out as in.
    /// - Throws: `AudioError` of kind `invalidArgument` when `blockSize` is below 1, or as `makeNodes(channelCount:)`
    ///   does for `input.channelCount`: `backendUnavailable`, `deviceNotFound`, `invalidArgument` or
    ///   `unsupportedConfiguration`. A plugin that refuses `sampleRate` does not throw: it renders silence (see
    ///   `PluginNode.instantiationError`).
    public func process(
        _ input: AudioBuffer, sampleRate: Double, blockSize: Int = 512
    ) throws(AudioError) -> AudioBuffer {
        let engine = AudioEngine(
            sampleRate: sampleRate, channelCount: input.channelCount, maximumFrameCount: max(blockSize, 64))
        let player = FilePlayer(
            source: BufferPullSource(buffer: input, sampleRate: sampleRate), channelCount: input.channelCount)
        try engine.mainGroup.add(player)
        try engine.mainGroup.setFilters(try makeNodes(channelCount: input.channelCount))
        player.play(at: 0)
        let output = AudioBuffer(channelCount: input.channelCount, frameCapacity: max(1, input.frameLength))
        try engine.render(into: output, blockSize: blockSize)
        output.frameLength = input.frameLength
        return output
    }
}
