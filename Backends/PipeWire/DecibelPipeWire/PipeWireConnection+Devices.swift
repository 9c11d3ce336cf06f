import DecibelCore

extension PipeWireConnection {
    /// With the loop lock held: the devices the registry's audio nodes make, defaults marked from the
    /// "default" metadata. A sink also yields its monitor (`<node.name>.monitor`) as an input device.
    func devices() -> [AudioDevice] {
        let defaultSink = Self.nodeName(inDefault: defaults["default.audio.sink"])
        let defaultSource = Self.nodeName(inDefault: defaults["default.audio.source"])
        let serverRate = serverProperties["default.clock.rate"].flatMap(Double.init)
        var result: [AudioDevice] = []
        for (_, properties) in nodes.sorted(by: { $0.key < $1.key }) {
            guard let name = properties["node.name"], let mediaClass = properties["media.class"] else { continue }
            let description = properties["node.description"] ?? properties["node.nick"] ?? name
            let channels = Self.channelCount(properties)
            let rate = properties["audio.rate"].flatMap(Double.init) ?? serverRate
            let rates = rate.map { [$0] } ?? []
            switch mediaClass {
            case "Audio/Sink":
                result.append(
                    AudioDevice(
                        id: name, name: description, backend: "pipewire", direction: .output,
                        outputChannelCount: channels,
                        sampleRates: rates, preferredSampleRate: rate, sampleTypes: [.float32],
                        isDefaultOutput: name == defaultSink))
                result.append(
                    AudioDevice(
                        id: name + ".monitor", name: "Monitor of \(description)", backend: "pipewire",
                        direction: .input,
                        inputChannelCount: channels, sampleRates: rates, preferredSampleRate: rate,
                        sampleTypes: [.float32],
                        isDefaultInput: name == defaultSource, isMonitor: true))
            case "Audio/Source", "Audio/Source/Virtual":
                result.append(
                    AudioDevice(
                        id: name, name: description, backend: "pipewire", direction: .input,
                        inputChannelCount: channels,
                        sampleRates: rates, preferredSampleRate: rate, sampleTypes: [.float32],
                        isDefaultInput: name == defaultSource))
            case "Audio/Duplex":
                result.append(
                    AudioDevice(
                        id: name, name: description, backend: "pipewire", direction: .duplex,
                        inputChannelCount: channels,
                        outputChannelCount: channels, sampleRates: rates, preferredSampleRate: rate,
                        sampleTypes: [.float32],
                        isDefaultInput: name == defaultSource, isDefaultOutput: name == defaultSink))
            default:
                continue
            }
        }
        return result
    }

    /// `audio.channels`, else the number of entries in `audio.position` (`FL,FR` or `[FL FR]`); 0 when unknown.
    static func channelCount(_ properties: [String: String]) -> Int {
        if let channels = properties["audio.channels"].flatMap(Int.init) { return channels }
        guard let positions = properties["audio.position"] else { return 0 }
        return positions.split(whereSeparator: { " ,[]\t".contains($0) }).count
    }

    /// The node name in a default-metadata value: JSON `{ "name": "alsa_output.pci-0000_00_1f.3" }`.
    static func nodeName(inDefault value: String?) -> String? {
        guard let value else { return nil }
        var rest = Substring(value)
        while !rest.isEmpty && !rest.hasPrefix("\"name\"") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        rest = rest.dropFirst(6).drop { $0 == " " || $0 == ":" || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        var name = ""
        var escaped = false
        for character in rest.dropFirst() {
            if escaped { name.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" { return name }
            name.append(character)
        }
        return nil
    }
}
