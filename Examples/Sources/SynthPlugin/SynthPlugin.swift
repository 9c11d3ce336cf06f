// An LV2 plugin written in Swift, an instrument played from MIDI (its node: ExamplePlugins). This file is the whole
// platform side: the entry point hosts call. `decibel plugin-bundle DecibelSynthLV2` builds the bundle.
import DecibelPluginAuthoring
import ExamplePlugins

/// The library's entry point: every LV2 host calls it.
@c(lv2_descriptor)
public func lv2Descriptor(_ index: UInt32) -> UnsafeRawPointer? {
    LV2Export.descriptor(index, of: [synthPlugin])
}
