// An LV2 plugin written in Swift, a gain in decibels whose changes ramp (its node: ExamplePlugins). This file is the whole
// platform side: the entry point hosts call. `decibel plugin-bundle DecibelGainLV2` builds the bundle.
import DecibelPluginAuthoring
import ExamplePlugins

/// The library's entry point: every LV2 host calls it.
@c(lv2_descriptor)
public func lv2Descriptor(_ index: UInt32) -> UnsafeRawPointer? {
    LV2Export.descriptor(index, of: [gainPlugin])
}
