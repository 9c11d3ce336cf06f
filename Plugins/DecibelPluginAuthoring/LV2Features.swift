import CLV2

/// What the host passed to `instantiate`: its URID map and the block sizes of its options.
struct LV2Features {
    let map: LV2_URID_Map?
    let maximumBlockLength: Int?

    init(_ features: UnsafePointer<UnsafePointer<LV2_Feature>?>?) {
        var map: LV2_URID_Map?
        var options: UnsafePointer<LV2_Options_Option>?
        var index = 0
        while let feature = features?[index] {
            let uri = String(cString: feature.pointee.URI)
            if uri == LV2URI.uridMap, let data = feature.pointee.data {
                map = data.assumingMemoryBound(to: LV2_URID_Map.self).pointee
            } else if uri == LV2URI.options, let data = feature.pointee.data {
                options = UnsafePointer(data.assumingMemoryBound(to: LV2_Options_Option.self))
            }
            index += 1
        }
        self.map = map
        maximumBlockLength = map.flatMap { Self.blockLength(in: options, map: $0) }
    }

    /// The URID of `uri` (0 without a map).
    func urid(_ uri: String) -> LV2_URID {
        guard let map, let function = map.map else { return 0 }
        return function(map.handle, uri)
    }

    /// `bufsz:maxBlockLength` from the options, else `bufsz:nominalBlockLength`, if either is an atom:Int > 0.
    private static func blockLength(in options: UnsafePointer<LV2_Options_Option>?, map: LV2_URID_Map) -> Int? {
        guard let options, let function = map.map else { return nil }
        let intType = function(map.handle, LV2URI.atomInt)
        let maximum = function(map.handle, LV2URI.maxBlockLength)
        let nominal = function(map.handle, LV2URI.nominalBlockLength)
        var found: [LV2_URID: Int] = [:]
        var option = options
        while option.pointee.key != 0 {
            if option.pointee.type == intType, option.pointee.size == MemoryLayout<Int32>.size,
                let value = option.pointee.value
            {
                found[option.pointee.key] = Int(value.load(as: Int32.self))
            }
            option += 1
        }
        return [found[maximum], found[nominal]].compactMap { $0 }.first { $0 > 0 }
    }
}
