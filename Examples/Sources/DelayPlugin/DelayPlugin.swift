// An LV2 plugin written in Swift, a stereo delay with feedback and dry/wet (its node: ExamplePlugins). This file is the whole
// platform side: the entry point hosts call. `decibel plugin-bundle DecibelDelayLV2` builds the bundle.
import DecibelPluginAuthoring
import ExamplePlugins

/// The library's entry point: every LV2 host calls it.
@c(lv2_descriptor)
public func lv2Descriptor(_ index: UInt32) -> UnsafeRawPointer? {
    LV2Export.descriptor(index, of: [delayPlugin])
}
