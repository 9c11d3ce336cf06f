import DecibelCore
import Synchronization

/// The node at the end of every channel group: applies volume, pan (the stereo balance law: members are
/// already summed into the group's channel layout, mono ones on every channel) and mute.
public final class GroupFader: RenderNode, @unchecked Sendable {
    /// Linear volume (0 … 4, default 1).
    public let volume: AudioParameter
    /// Stereo position (-1 … 1, default 0); see `PanLaw`.
    public let pan: AudioParameter
    /// 1 mutes (ramped, so muting does not click), 0 plays.
    public let mute: AudioParameter

    /// Creates a fader of `channelCount` channels.
    public init(channelCount: Int) {
        volume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        pan = AudioParameter(.init(identifier: "pan", name: "Pan", range: -1...1, unit: .pan, defaultValue: 0))
        mute = AudioParameter(.init(identifier: "mute", name: "Mute", range: 0...1, unit: .boolean, defaultValue: 0))
        super.init(inputBusCount: 1, channelCount: channelCount, parameters: [volume, pan, mute])
    }

    override public func process(_ context: NodeRenderContext) {
        GainPan.apply(
            source: context.input(0), output: context.output, frames: context.frameCount,
            volume: volume, pan: pan, mute: mute, balance: true, accumulate: false)
    }
}

/// A channel group: members (nodes or other groups) are summed, run through the group's filters in
/// order, then through its volume, pan and mute. Groups nest into a tree whose root is the engine's
/// `mainGroup`; a tap on a group (`AudioEngine.installTap(on:)`) receives the group's output.
///
/// Change membership with `add`/`remove` here or in a batch with `AudioEngine.edit`; each call publishes
/// one new render plan. Adding a node that is in another group moves it.
public final class ChannelGroup: @unchecked Sendable {
    /// A name for people (and error messages).
    public let name: String
    /// The node that produces the group's output (a tap on the group is a tap on it).
    public let fader: GroupFader
    private struct EngineReference { weak var engine: AudioEngine? }
    private let owner = Locked(EngineReference())

    /// The engine the group belongs to (set when it joins one of the engine's groups).
    var engine: AudioEngine? {
        get { owner.withLock { $0.engine } }
        set { owner.withLock { $0.engine = newValue } }
    }

    /// Creates a group of `channelCount` channels. It joins an engine when added to one of its groups.
    public init(name: String, channelCount: Int = 2) {
        self.name = name
        fader = GroupFader(channelCount: channelCount)
    }

    /// Linear volume (0 … 4).
    public var volume: AudioParameter { fader.volume }
    /// Stereo position (-1 … 1).
    public var pan: AudioParameter { fader.pan }
    /// Mute parameter; see `isMuted`.
    public var muteParameter: AudioParameter { fader.mute }
    /// Whether the group is muted (ramped over the mute parameter's `rampDuration`).
    public var isMuted: Bool {
        get { fader.mute.value >= 0.5 }
        set { fader.mute.value = newValue ? 1 : 0 }
    }

    /// Adds `node` to this group (moving it from another group).
    /// - Throws: `AudioError` of kind `invalidState` when this group is not part of an engine yet (or its engine is
    ///   gone) or another engine holds `node` (detach it there first), or `invalidArgument` when the group was
    ///   removed from its engine or the move would make a cycle (this group's output feeding `node`).
    public func add(_ node: any AudioNode) throws(AudioError) {
        try requireEngine().edit { (editor: inout GraphEditor) throws(AudioError) in try editor.add(node, to: self) }
    }

    /// Adds `group` as a subgroup (moving it from its old parent).
    /// - Throws: `AudioError` of kind `invalidState` when this group is not part of an engine yet (or its engine is
    ///   gone), or `invalidArgument` when this group was removed from its engine or the move would make a cycle
    ///   (`group` is this group itself or one that contains it).
    public func add(_ group: ChannelGroup) throws(AudioError) {
        try requireEngine().edit { (editor: inout GraphEditor) throws(AudioError) in try editor.add(group, to: self) }
    }

    /// Takes `node` out of this group and detaches it from the engine.
    /// - Throws: `AudioError` of kind `invalidState` when this group is not part of an engine yet (or its engine is
    ///   gone).
    public func remove(_ node: any AudioNode) throws(AudioError) {
        try requireEngine().edit { (editor: inout GraphEditor) throws(AudioError) in editor.detach(node) }
    }

    /// Replaces the group's filters (for example a `BiquadFilter` and a `GraphicEQ`).
    /// - Throws: `AudioError` of kind `invalidState` when this group is not part of an engine yet (or its engine is
    ///   gone), or `invalidArgument` when the group was removed from its engine, a filter has no input bus, a filter
    ///   already filters another group, or the chain would make a cycle (a filter that feeds this group).
    public func setFilters(_ filters: [any AudioNode]) throws(AudioError) {
        try requireEngine().edit { (editor: inout GraphEditor) throws(AudioError) in
            try editor.setFilters(filters, of: self)
        }
    }

    private func requireEngine() throws(AudioError) -> AudioEngine {
        guard let engine else {
            throw AudioError(
                .invalidState,
                "group '\(name)' is not part of an engine yet; add it to engine.mainGroup (or a subgroup) first")
        }
        return engine
    }
}
