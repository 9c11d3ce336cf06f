/// The LV2 URIs the binding uses (LV2's headers spell them as concatenated macros, which Swift does not import).
enum LV2URI {
    static let uridMap = "http://lv2plug.in/ns/ext/urid#map"
    static let options = "http://lv2plug.in/ns/ext/options#options"
    static let stateInterface = "http://lv2plug.in/ns/ext/state#interface"
    static let atomInt = "http://lv2plug.in/ns/ext/atom#Int"
    static let atomFloat = "http://lv2plug.in/ns/ext/atom#Float"
    static let midiEvent = "http://lv2plug.in/ns/ext/midi#MidiEvent"
    static let maxBlockLength = "http://lv2plug.in/ns/ext/buf-size#maxBlockLength"
    static let nominalBlockLength = "http://lv2plug.in/ns/ext/buf-size#nominalBlockLength"
}
