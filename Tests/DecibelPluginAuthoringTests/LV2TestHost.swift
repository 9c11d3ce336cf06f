import CLV2
import DecibelGraph
import DecibelPluginAuthoring
import Glibc

/// A host in the test process: drives a descriptor through its C function pointers, as any LV2 host does.
final class LV2TestHost {
    let descriptor: UnsafePointer<LV2_Descriptor>
    let handle: LV2_Handle
    private let uris = URIMap()
    private var map: LV2_URID_Map
    private var storage: [UnsafeMutableRawPointer] = []

    /// Instantiates plugin 0 of `plugins` at `sampleRate`, with a URID map and, if given, `maxBlockLength`.
    init?(_ plugins: [LV2PluginDefinition], sampleRate: Double = 48_000, maxBlockLength: Int32? = nil) {
        guard let raw = LV2Export.descriptor(0, of: plugins) else { return nil }
        let descriptor = raw.assumingMemoryBound(to: LV2_Descriptor.self)
        self.descriptor = descriptor
        map = LV2_URID_Map(
            handle: Unmanaged.passUnretained(uris).toOpaque(),
            map: { handle, uri in
                guard let handle, let uri else { return 0 }
                return Unmanaged<URIMap>.fromOpaque(handle).takeUnretainedValue().urid(String(cString: uri))
            })
        let mapFeature = UnsafeMutablePointer<LV2_Feature>.allocate(capacity: 1)
        let mapPointer = UnsafeMutablePointer<LV2_URID_Map>.allocate(capacity: 1)
        mapPointer.initialize(to: map)
        mapFeature.initialize(to: LV2_Feature(URI: Self.cString("http://lv2plug.in/ns/ext/urid#map"), data: mapPointer))
        var features: [UnsafePointer<LV2_Feature>?] = [UnsafePointer(mapFeature)]
        storage += [UnsafeMutableRawPointer(mapFeature), UnsafeMutableRawPointer(mapPointer)]
        if let maxBlockLength {
            let value = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
            value.initialize(to: maxBlockLength)
            let options = UnsafeMutablePointer<LV2_Options_Option>.allocate(capacity: 2)
            options.initialize(
                to: LV2_Options_Option(
                    context: LV2_OPTIONS_INSTANCE, subject: 0,
                    key: uris.urid("http://lv2plug.in/ns/ext/buf-size#maxBlockLength"), size: 4,
                    type: uris.urid("http://lv2plug.in/ns/ext/atom#Int"), value: value))
            (options + 1).initialize(
                to: LV2_Options_Option(context: LV2_OPTIONS_INSTANCE, subject: 0, key: 0, size: 0, type: 0, value: nil))
            let optionsFeature = UnsafeMutablePointer<LV2_Feature>.allocate(capacity: 1)
            optionsFeature.initialize(
                to: LV2_Feature(URI: Self.cString("http://lv2plug.in/ns/ext/options#options"), data: options))
            features.append(UnsafePointer(optionsFeature))
            storage += [
                UnsafeMutableRawPointer(value), UnsafeMutableRawPointer(options),
                UnsafeMutableRawPointer(optionsFeature),
            ]
        }
        features.append(nil)
        guard
            let handle = features.withUnsafeBufferPointer({
                descriptor.pointee.instantiate(descriptor, sampleRate, "", $0.baseAddress)
            })
        else { return nil }
        self.handle = handle
    }

    deinit {
        descriptor.pointee.cleanup(handle)
        for pointer in storage { pointer.deallocate() }
    }

    func urid(_ uri: String) -> LV2_URID { uris.urid(uri) }
    func connect(_ port: UInt32, _ data: UnsafeMutableRawPointer?) {
        descriptor.pointee.connect_port(handle, port, data)
    }
    func activate() { descriptor.pointee.activate(handle) }
    func run(_ frames: Int) { descriptor.pointee.run(handle, UInt32(frames)) }

    /// The plugin's Turtle, from Decibel's extension.
    var turtle: String? {
        guard let data = descriptor.pointee.extension_data(DECIBEL_LV2_TURTLE_URI),
            let text = data.assumingMemoryBound(to: decibel_lv2_turtle_interface.self).pointee.turtle(
                descriptor, "lib.so")
        else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    private static func cString(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }
}

/// The host's URID map.
final class URIMap {
    private var ids: [String: LV2_URID] = [:]
    func urid(_ uri: String) -> LV2_URID {
        if let id = ids[uri] { return id }
        let id = LV2_URID(ids.count + 1)
        ids[uri] = id
        return id
    }
}

/// An atom sequence of MIDI events in a buffer a port can point at.
struct MIDISequence {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)

    /// Writes `events` (frame, bytes), each a `midi:MidiEvent` atom, padded to 8 bytes as LV2 says.
    func write(_ events: [(frame: Int64, bytes: [UInt8])], sequenceType: LV2_URID, midiType: LV2_URID) {
        var offset = MemoryLayout<LV2_Atom_Sequence>.size
        for event in events {
            let header = buffer + offset
            header.storeBytes(of: event.frame, as: Int64.self)
            header.storeBytes(of: UInt32(event.bytes.count), toByteOffset: 8, as: UInt32.self)
            header.storeBytes(of: midiType, toByteOffset: 12, as: UInt32.self)
            for (index, byte) in event.bytes.enumerated() { (header + 16 + index).storeBytes(of: byte, as: UInt8.self) }
            offset += 16 + (event.bytes.count + 7) / 8 * 8
        }
        buffer.storeBytes(of: UInt32(offset - 8), as: UInt32.self)  // atom.size: the body, after the 8-byte header
        buffer.storeBytes(of: sequenceType, toByteOffset: 4, as: UInt32.self)
        buffer.storeBytes(of: UInt32(0), toByteOffset: 8, as: UInt32.self)  // unit: frames
        buffer.storeBytes(of: UInt32(0), toByteOffset: 12, as: UInt32.self)
    }
}
