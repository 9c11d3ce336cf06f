import DecibelCore

/// Mixes a fixed number of input busses, each with its own volume, pan, mute and solo, into one output.
///
/// When any input is soloed only soloed inputs are heard (mute still wins). Mute and solo are ramped
/// parameters, so switching them does not click; set their `rampDuration` to 0 for instant switching.
public final class MixerNode: RenderNode, @unchecked Sendable {
    /// The controls of one input bus.
    public struct Input: Sendable {
        /// Linear volume (0 … 4, default 1).
        public let volume: AudioParameter
        /// Position (-1 … 1, default 0); see `PanLaw`.
        public let pan: AudioParameter
        /// 1 mutes the input.
        public let mute: AudioParameter
        /// 1 solos the input.
        public let solo: AudioParameter
    }

    /// One entry per input bus.
    public let inputs: [Input]
    /// Linear volume of the mix (0 … 4, default 1).
    public let masterVolume: AudioParameter
    private let soloGains: [AudioParameter]

    /// Creates a mixer of `inputCount` busses and `channelCount` output channels.
    public init(inputCount: Int, channelCount: Int = 2) {
        var inputs: [Input] = []
        var gates: [AudioParameter] = []
        var parameters: [AudioParameter] = []
        for index in 0..<max(1, inputCount) {
            let input = Input(
                volume: AudioParameter(
                    .init(
                        identifier: "volume\(index)", name: "Input \(index + 1) volume", range: 0...4,
                        unit: .linearGain, defaultValue: 1)),
                pan: AudioParameter(
                    .init(
                        identifier: "pan\(index)", name: "Input \(index + 1) pan", range: -1...1, unit: .pan,
                        defaultValue: 0)),
                mute: AudioParameter(
                    .init(
                        identifier: "mute\(index)", name: "Input \(index + 1) mute", range: 0...1, unit: .boolean,
                        defaultValue: 0)),
                solo: AudioParameter(
                    .init(
                        identifier: "solo\(index)", name: "Input \(index + 1) solo", range: 0...1, unit: .boolean,
                        defaultValue: 0))
            )
            // Render-side gate: 1 = audible under the current solo state; ramped like mute.
            let gate = AudioParameter(
                .init(
                    identifier: "soloGate\(index)", name: "Input \(index + 1) solo gate", range: 0...1, unit: .boolean,
                    defaultValue: 1))
            inputs.append(input)
            gates.append(gate)
            parameters += [input.volume, input.pan, input.mute, input.solo]
        }
        masterVolume = AudioParameter(
            .init(identifier: "volume", name: "Volume", range: 0...4, unit: .linearGain, defaultValue: 1))
        self.inputs = inputs
        soloGains = gates
        super.init(
            inputBusCount: inputs.count, channelCount: channelCount, parameters: parameters + gates + [masterVolume])
    }

    override public func process(_ context: NodeRenderContext) {
        let frames = context.frameCount
        var anySolo = false
        for index in 0..<inputs.count where inputs[index].solo.target >= 0.5 { anySolo = true }
        for index in 0..<inputs.count {
            let input = inputs[index]
            // Gate = 0 when another input is soloed and this one is not; ramps with the solo's ramp time.
            let gate = soloGains[index]
            let wanted: Float = anySolo && input.solo.target < 0.5 ? 0 : 1
            if gate.target != wanted {
                gate.rampDuration = input.solo.rampDuration
                gate.rampTo(wanted)
            }
        }
        context.output.clear()
        for index in 0..<inputs.count {
            let input = inputs[index]
            let gate = soloGains[index]
            let silent =
                input.mute.renderValue >= 1 && !input.mute.isRamping || gate.renderValue == 0 && !gate.isRamping
            if silent || input.volume.renderValue == 0 && !input.volume.isRamping {
                input.volume.advance(frames); input.pan.advance(frames); input.mute.advance(frames);
                gate.advance(frames)
                continue
            }
            if gate.isRamping || gate.renderValue != 1 {
                // Fold the gate into the mute: effective mute = 1 - (1 - mute) * gate, per frame.
                GainPan.apply(
                    source: context.input(index), output: context.output, frames: frames, volume: input.volume,
                    pan: input.pan, mute: input.mute, gate: gate, accumulate: true)
            } else {
                GainPan.apply(
                    source: context.input(index), output: context.output, frames: frames, volume: input.volume,
                    pan: input.pan, mute: input.mute, accumulate: true)
            }
        }
        if masterVolume.isRamping || masterVolume.renderValue != 1 {
            for i in 0..<frames {
                let gain = masterVolume.next()
                for channel in 0..<context.output.channelCount { context.output.samples(channel)[i] *= gain }
            }
        }
    }
}
