import CLV2

/// `state:interface`: every parameter's value, saved as a portable atom:Float under
/// `<plugin URI>#<parameter identifier>`.
extension LV2PluginInstance {
    func save(
        _ store: LV2_State_Store_Function?, _ handle: LV2_State_Handle?
    ) -> LV2_State_Status {
        guard let store, floatType != 0 else { return LV2_STATE_ERR_NO_FEATURE }
        for (index, parameter) in node.parameters.enumerated() {
            var value = parameter.value
            let status = store(
                handle, stateKeys[index], &value, MemoryLayout<Float>.size, floatType,
                LV2_STATE_IS_POD.rawValue | LV2_STATE_IS_PORTABLE.rawValue)
            guard status == LV2_STATE_SUCCESS else { return status }
        }
        return LV2_STATE_SUCCESS
    }

    /// Restores the values that are there and well formed (an atom:Float, finite); a missing or
    /// malformed one leaves its parameter as it was. Values out of range are clamped by the parameter.
    func restore(
        _ retrieve: LV2_State_Retrieve_Function?, _ handle: LV2_State_Handle?
    ) -> LV2_State_Status {
        guard let retrieve, floatType != 0 else { return LV2_STATE_ERR_NO_FEATURE }
        var malformed = false
        for (index, parameter) in node.parameters.enumerated() {
            var size = 0
            var type: UInt32 = 0
            var flags: UInt32 = 0
            guard let data = retrieve(handle, stateKeys[index], &size, &type, &flags) else { continue }
            guard type == floatType, size == MemoryLayout<Float>.size else {
                malformed = true
                continue
            }
            let value = data.loadUnaligned(as: Float.self)
            guard value.isFinite else {
                malformed = true
                continue
            }
            parameter.value = value
        }
        return malformed ? LV2_STATE_ERR_BAD_TYPE : LV2_STATE_SUCCESS
    }
}
