import CLilv
import DecibelCore
import DecibelGraph

#if canImport(Glibc)
import Glibc
#endif

extension PluginNode {
    /// The plugin's state as LV2 state text (Turtle): its control values and whatever it keeps through
    /// the LV2 state interface. Needs the node prepared (added to an engine); call it off the render
    /// thread, while the plugin is not being run (LV2 forbids saving during `run`).
    /// - Throws: `AudioError` of kind `invalidState` when the node has not been prepared by an engine yet, or lilv
    ///   gives no state or cannot write it as text; or `unsupportedConfiguration` when the plugin refused the
    ///   engine's rate (its `instantiationError`).
    public func saveState() throws(AudioError) -> String {
        let instance = try preparedInstance()
        var values = controlSnapshot()
        return try withPortValues(&values) { (ports: inout decibel_lv2_port_values) throws(AudioError) -> String in
            let api = world.api
            return try world.withLock { () throws(AudioError) -> String in
                guard
                    let state = api.lilv_state_new_from_instance(
                        plugin, instance.handle, decibel_lv2_host_map(instance.host), nil, nil, nil, nil,
                        decibel_lv2_get_port_value, &ports, 0, decibel_lv2_host_features(instance.host))
                else { throw AudioError(.invalidState, "\(info.name) gave no state") }
                defer { api.lilv_state_free(state) }
                guard
                    let text = api.lilv_state_to_string(
                        world.world, decibel_lv2_host_map(instance.host), decibel_lv2_host_unmap(instance.host), state,
                        "urn:decibel:state", nil)
                else { throw AudioError(.invalidState, "lilv could not write \(info.name)'s state") }
                defer { api.lilv_free(text) }
                return String(cString: text)
            }
        }
    }

    /// Restores a state `saveState()` made (of this plugin): the control values become the parameters'
    /// values and the plugin restores what it keeps itself. Same threading rule as `saveState()`.
    /// - Throws: `AudioError` of kind `invalidState` when the node has not been prepared by an engine yet,
    ///   `unsupportedConfiguration` when the plugin refused the engine's rate (its `instantiationError`), or
    ///   `invalidArgument` when lilv cannot read `text` as LV2 state.
    public func restoreState(_ text: String) throws(AudioError) {
        let instance = try preparedInstance()
        var values = controlSnapshot()
        try withPortValues(&values) { (ports: inout decibel_lv2_port_values) throws(AudioError) in
            let api = world.api
            try world.withLock { () throws(AudioError) in
                guard let state = api.lilv_state_new_from_string(world.world, decibel_lv2_host_map(instance.host), text)
                else {
                    throw AudioError(.invalidArgument, "that is not LV2 state text (lilv could not read it)")
                }
                defer { api.lilv_state_free(state) }
                api.lilv_state_restore(
                    state, instance.handle, decibel_lv2_set_port_value, &ports, 0,
                    decibel_lv2_host_features(instance.host))
            }
        }
        for (port, parameter) in controlInputs { parameter.value = values[port] }
    }

    /// Sets a file-valued property of the plugin (a `patch:Set` of `property` to `path` on its first atom
    /// input, at the next block): how convolvers, samplers and MIDI mappers take an impulse response, a
    /// sample or a map. Plugins load such files on their worker, off the render thread. Needs the node
    /// prepared; any control thread.
    /// - Throws: `AudioError` of kind `invalidState` when the node has not been prepared by an engine yet or its
    ///   message queue is full, `unsupportedConfiguration` when the plugin refused the engine's rate (its
    ///   `instantiationError`) or has no event (atom) input, or `invalidArgument` when `path` with `property` does
    ///   not fit in one 8 KiB message.
    public func setPath(_ path: String, for property: String) throws(AudioError) {
        let instance = try preparedInstance()
        guard !info.ports.filter({ $0.kind == .atomInput }).isEmpty else {
            throw AudioError(.unsupportedConfiguration, "\(info.name) has no event input to set \(property) through")
        }
        var message = [UInt8](repeating: 0, count: 8192)
        let size = message.withUnsafeMutableBytes {
            decibel_atom_patch_set_path($0.baseAddress!, UInt32($0.count), property, path)
        }
        guard size > 0 else { throw AudioError(.invalidArgument, "the path '\(path)' is too long for one message") }
        let posted = message.withUnsafeBytes { decibel_lv2_host_post(instance.host, $0.baseAddress!, size) }
        guard posted else {
            throw AudioError(.invalidState, "\(info.name)'s message queue is full (is the engine rendering?)")
        }
    }

    /// Requests the plugin's worker has served (work a plugin hands off its render thread: loading a file,
    /// building tables), or 0 before the node is prepared.
    public var workerRequestsServed: Int {
        guard let instance = try? preparedInstance() else { return 0 }
        return Int(decibel_lv2_host_worker_served(instance.host))
    }

    /// Every port's control value now (0 for other ports), indexed by port.
    private func controlSnapshot() -> [Float] {
        var values = [Float](repeating: 0, count: info.ports.count)
        for (port, parameter) in controlInputs { values[port] = parameter.value }
        return values
    }

    /// Runs `body` with lilv's port-value callbacks' view of `values` (port symbols for control inputs).
    private func withPortValues<Result>(
        _ values: inout [Float], _ body: (inout decibel_lv2_port_values) throws(AudioError) -> Result
    ) throws(AudioError) -> Result {
        let controlPorts = Set(controlInputs.map { $0.port })
        let symbols: [UnsafeMutablePointer<CChar>?] = info.ports.map {
            controlPorts.contains($0.index) ? strdup($0.symbol) : nil
        }
        defer { symbols.forEach { free($0) } }
        let constSymbols = symbols.map { $0.map { UnsafePointer($0) } }
        return try constSymbols.withUnsafeBufferPointer { (symbolTable) throws(AudioError) -> Result in
            try values.withUnsafeMutableBufferPointer { (valueTable) throws(AudioError) -> Result in
                var ports = decibel_lv2_port_values(
                    symbols: UnsafeRawPointer(symbolTable.baseAddress!).assumingMemoryBound(
                        to: UnsafePointer<CChar>.self),
                    values: valueTable.baseAddress!, count: UInt32(valueTable.count))
                return try body(&ports)
            }
        }
    }
}
