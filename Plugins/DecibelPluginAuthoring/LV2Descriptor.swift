import CLV2
import Glibc

/// The C side of a definition: an `LV2_Descriptor` whose functions find the Swift instance behind the handle.
enum LV2Descriptor {
    /// A descriptor for `definition`, allocated for good.
    static func make(_ definition: LV2PluginDefinition) -> UnsafeMutablePointer<decibel_lv2_descriptor> {
        let descriptor = UnsafeMutablePointer<decibel_lv2_descriptor>.allocate(capacity: 1)
        descriptor.initialize(
            to: decibel_lv2_descriptor(
                lv2: LV2_Descriptor(
                    URI: UnsafePointer(strdup(definition.uri)),
                    instantiate: { descriptor, sampleRate, _, features in
                        guard let descriptor, let definition = LV2Descriptor.definition(of: descriptor),
                            let instance = LV2PluginInstance(
                                definition: definition, sampleRate: sampleRate, features: LV2Features(features))
                        else { return nil }
                        return LV2_Handle(Unmanaged.passRetained(instance).toOpaque())
                    },
                    connect_port: { handle, port, data in instance(handle)?.connect(port: port, to: data) },
                    activate: { handle in instance(handle)?.activate() },
                    run: { handle, frames in
                        guard let handle else { return }
                        Unmanaged<LV2PluginInstance>.fromOpaque(handle)._withUnsafeGuaranteedRef { $0.run(Int(frames)) }
                    },
                    deactivate: { handle in instance(handle)?.deactivate() },
                    cleanup: { handle in
                        guard let handle else { return }
                        Unmanaged<LV2PluginInstance>.fromOpaque(handle).release()
                    },
                    extension_data: { uri in LV2Descriptor.extensionData(uri) }),
                definition: UnsafeRawPointer(Unmanaged.passRetained(DefinitionBox(definition)).toOpaque())))
        return descriptor
    }

    static func definition(of descriptor: UnsafePointer<LV2_Descriptor>) -> LV2PluginDefinition? {
        let full = UnsafeRawPointer(descriptor).assumingMemoryBound(to: decibel_lv2_descriptor.self)
        guard let box = full.pointee.definition else { return nil }
        return Unmanaged<DefinitionBox>.fromOpaque(box).takeUnretainedValue().definition
    }

    private static func extensionData(_ uri: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard let uri else { return nil }
        switch String(cString: uri) {
        case LV2URI.stateInterface: return UnsafeRawPointer(stateInterface)
        case DECIBEL_LV2_TURTLE_URI: return UnsafeRawPointer(turtleInterface)
        default: return nil
        }
    }

    // Static C tables that `extension_data` hands out; written once here, only read afterwards.
    private nonisolated(unsafe) static let stateInterface: UnsafeMutablePointer<LV2_State_Interface> = {
        let interface = UnsafeMutablePointer<LV2_State_Interface>.allocate(capacity: 1)
        interface.initialize(
            to: LV2_State_Interface(
                save: { handle, store, storeHandle, _, _ in
                    instance(handle)?.save(store, storeHandle) ?? LV2_STATE_ERR_UNKNOWN
                },
                restore: { handle, retrieve, retrieveHandle, _, _ in
                    instance(handle)?.restore(retrieve, retrieveHandle) ?? LV2_STATE_ERR_UNKNOWN
                }))
        return interface
    }()

    private nonisolated(unsafe) static let turtleInterface: UnsafeMutablePointer<decibel_lv2_turtle_interface> = {
        let interface = UnsafeMutablePointer<decibel_lv2_turtle_interface>.allocate(capacity: 1)
        interface.initialize(
            to: decibel_lv2_turtle_interface(turtle: { descriptor, binary in
                guard let descriptor, let binary, let definition = LV2Descriptor.definition(of: descriptor) else {
                    return nil
                }
                return strdup(LV2Turtle.plugin(definition, binary: String(cString: binary)))
            }))
        return interface
    }()
}

/// Holds a definition for the descriptor's C pointer.
private final class DefinitionBox: Sendable {
    let definition: LV2PluginDefinition
    init(_ definition: LV2PluginDefinition) { self.definition = definition }
}

private func instance(_ handle: LV2_Handle?) -> LV2PluginInstance? {
    guard let handle else { return nil }
    return Unmanaged<LV2PluginInstance>.fromOpaque(handle).takeUnretainedValue()
}
