import CLilv
import DecibelCore

/// liblilv loaded at run time, and the one lilv world (every installed plugin's description) of the
/// process. lilv is not thread-safe: every call goes through `withLock`, on control threads only.
final class LV2World: @unchecked Sendable {
    static let description = BackendLibraryDescription(
        backendID: "lilv", displayName: "the LV2 host library lilv", defaultFileName: "liblilv-0.so.0",
        package: "liblilv-0-0", minimumVersion: "lilv 0.24")

    let library: BackendLibrary<decibel_lilv_api>
    var api: decibel_lilv_api { library.api }
    let world: OpaquePointer
    let plugins: UnsafeRawPointer
    private let lock = ControlLock()
    /// Class nodes for `lilv_port_is_a` and property nodes for `lilv_port_has_property`.
    let nodes: Nodes

    struct Nodes {
        let audio, control, cv, atom, input, output, midiEvent, toggled, integer, reportsLatency, unit: OpaquePointer
    }

    private init(library: BackendLibrary<decibel_lilv_api>) throws(AudioError) {
        self.library = library
        let api = library.api
        guard let world = api.lilv_world_new() else {
            throw AudioError(.backendUnavailable, "lilv could not make a world (out of memory?)", backend: "lilv")
        }
        self.world = world
        api.lilv_world_load_all(world)
        plugins = api.lilv_world_get_all_plugins(world)!
        func uri(_ text: String) -> OpaquePointer { api.lilv_new_uri(world, text)! }
        let core = "http://lv2plug.in/ns/lv2core#"
        nodes = Nodes(
            audio: uri(core + "AudioPort"), control: uri(core + "ControlPort"), cv: uri(core + "CVPort"),
            atom: uri("http://lv2plug.in/ns/ext/atom#AtomPort"), input: uri(core + "InputPort"),
            output: uri(core + "OutputPort"), midiEvent: uri("http://lv2plug.in/ns/ext/midi#MidiEvent"),
            toggled: uri(core + "toggled"), integer: uri(core + "integer"),
            reportsLatency: uri(core + "reportsLatency"),
            unit: uri("http://lv2plug.in/ns/extensions/units#unit"))
    }

    /// Runs `body` with lilv to itself.
    func withLock<Result>(_ body: () throws(AudioError) -> Result) throws(AudioError) -> Result {
        try lock.withLock(body)
    }

    private static let worlds = Locked<[String: LV2World]>([:])

    /// The world over the lilv that `environment` names (`DECIBEL_LILV_LIBRARY`, else liblilv-0.so.0),
    /// made once per library. Throws `backendUnavailable` saying what to install when lilv is missing.
    static func shared(environment: [String: String] = BackendEnvironment.current()) throws(AudioError) -> LV2World {
        let library = try BackendLibrary<decibel_lilv_api>.load(
            description, environment: environment, functionName: { decibel_lilv_function_name($0) })
        return try worlds.withLock { (worlds: inout [String: LV2World]) throws(AudioError) -> LV2World in
            if let world = worlds[library.path] { return world }
            let world = try LV2World(library: library)
            worlds[library.path] = world
            return world
        }
    }

    /// The plugin with `uri`, or a `notFound` error naming it.
    func plugin(uri: String) throws(AudioError) -> OpaquePointer {
        try withLock { () throws(AudioError) -> OpaquePointer in
            guard let node = api.lilv_new_uri(world, uri) else {
                throw AudioError(.invalidArgument, "'\(uri)' is not a URI")
            }
            defer { api.lilv_node_free(node) }
            guard let plugin = api.lilv_plugins_get_by_uri(plugins, node) else {
                throw AudioError(

                    .deviceNotFound, "no LV2 plugin '\(uri)' is installed; `decibel plugins` lists those that are")
            }
            return plugin
        }
    }

    /// Every installed plugin.
    func allPlugins() -> [OpaquePointer] {
        lock.withLock {
            var found: [OpaquePointer] = []
            var iterator = api.lilv_plugins_begin(plugins)
            while !api.lilv_plugins_is_end(plugins, iterator) {
                if let plugin = api.lilv_plugins_get(plugins, iterator) { found.append(plugin) }
                iterator = api.lilv_plugins_next(plugins, iterator)
            }
            return found
        }
    }

    func string(_ node: OpaquePointer?) -> String? {
        guard let node, let text = api.lilv_node_as_string(node) else { return nil }
        return String(cString: text)
    }
}
