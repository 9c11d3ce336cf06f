// The example instrument: Decibel's polyphonic synthesizer played from the host's MIDI, each note starting on
// the frame its event names (the binding slices the block there).
import DecibelGraph
import DecibelPluginAuthoring

public let synthPlugin = LV2PluginDefinition(
    uri: "urn:decibel:examples:synth", name: "Decibel Synth", category: .instrument
) { Synthesizer(shape: .sawtooth, voiceCount: 16, channelCount: 2) }
