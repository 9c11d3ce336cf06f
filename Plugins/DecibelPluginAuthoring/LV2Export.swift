import CLV2
import Synchronization

/// The entry point of a plugin library: `lv2_descriptor`, made from a list of definitions.
public enum LV2Export {
    /// The LV2 descriptor of `plugins[index]`, or `nil` past the end: the body of a library's
    /// `lv2_descriptor` function (see ``LV2PluginDefinition``). Each definition's descriptor is made once and
    /// lives as long as the library.
    public static func descriptor(_ index: UInt32, of plugins: [LV2PluginDefinition]) -> UnsafeRawPointer? {
        guard Int(index) < plugins.count else { return nil }
        let definition = plugins[Int(index)]
        let address = made.withLock { made in
            if let address = made[definition.uri] { return address }
            let address = UInt(bitPattern: LV2Descriptor.make(definition))
            made[definition.uri] = address
            return address
        }
        return UnsafeRawPointer(bitPattern: address)
    }

    /// Descriptors by plugin URI, as addresses (they are never freed: hosts keep them while the library is loaded).
    private static let made = Mutex<[String: UInt]>([:])
}
