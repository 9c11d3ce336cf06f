import DecibelGraph

/// The Turtle a bundle describes a plugin with, generated from the definition and a node it makes.
enum LV2Turtle {
    static let prefixes = """
        @prefix atom: <http://lv2plug.in/ns/ext/atom#> .
        @prefix bufsz: <http://lv2plug.in/ns/ext/buf-size#> .
        @prefix doap: <http://usefulinc.com/ns/doap#> .
        @prefix lv2: <http://lv2plug.in/ns/lv2core#> .
        @prefix midi: <http://lv2plug.in/ns/ext/midi#> .
        @prefix opts: <http://lv2plug.in/ns/ext/options#> .
        @prefix param: <http://lv2plug.in/ns/ext/parameters#> .
        @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
        @prefix state: <http://lv2plug.in/ns/ext/state#> .
        @prefix units: <http://lv2plug.in/ns/extensions/units#> .
        @prefix urid: <http://lv2plug.in/ns/ext/urid#> .

        """

    /// The plugin's own `.ttl`: class, features, extension data and every port.
    static func plugin(_ definition: LV2PluginDefinition, binary: String) -> String {
        let layout = LV2PortLayout(node: definition.makeNode(), definition: definition)
        var ports: [String] = []
        for channel in 0..<layout.audioInputs {
            ports.append(audioPort("Input", index: channel, channel: channel, of: layout.audioInputs))
        }
        for channel in 0..<layout.audioOutputs {
            ports.append(
                audioPort("Output", index: layout.firstOutput + channel, channel: channel, of: layout.audioOutputs))
        }
        for (offset, info) in layout.parameters.enumerated() {
            ports.append(controlPort(info, index: layout.firstControl + offset, definition: definition))
        }
        if let index = layout.midiIndex {
            ports.append(
                """
                a lv2:InputPort, atom:AtomPort ;
                        atom:bufferType atom:Sequence ;
                        atom:supports midi:MidiEvent ;
                        lv2:designation lv2:control ;
                        lv2:index \(index) ;
                        lv2:symbol "midi_in" ;
                        lv2:name "MIDI In"
                """)
        }
        if let index = layout.latencyIndex {
            ports.append(
                """
                a lv2:OutputPort, lv2:ControlPort ;
                        lv2:designation lv2:latency ;
                        lv2:portProperty lv2:reportsLatency, lv2:integer ;
                        units:unit units:frame ;
                        lv2:index \(index) ;
                        lv2:symbol "latency" ;
                        lv2:name "Latency"
                """)
        }
        let mapFeature = layout.hasMIDI ? "lv2:requiredFeature urid:map" : "lv2:optionalFeature urid:map"
        let category = definition.category == .plugin ? "" : ", lv2:\(definition.category.rawValue)"
        return prefixes + "\n" + """
            <\(definition.uri)>
                a lv2:Plugin\(category) ;
                doap:name "\(escaped(definition.name))" ;
                lv2:binary <\(binary)> ;
                \(mapFeature) ;
                lv2:optionalFeature lv2:hardRTCapable, opts:options ;
                opts:supportedOption bufsz:maxBlockLength, bufsz:nominalBlockLength ;
                lv2:extensionData state:interface ;
                lv2:port [
                    \(ports.joined(separator: "\n    ] , [\n        "))
                ] .

            """
    }

    private static func audioPort(_ direction: String, index: Int, channel: Int, of count: Int) -> String {
        let side = count == 2 ? (channel == 0 ? " Left" : " Right") : count == 1 ? "" : " \(channel + 1)"
        let prefix = direction == "Input" ? "in" : "out"
        return """
            a lv2:\(direction)Port, lv2:AudioPort ;
                    lv2:index \(index) ;
                    lv2:symbol "\(prefix)\(count == 1 ? "" : "_\(channel + 1)")" ;
                    lv2:name "\(direction == "Input" ? "In" : "Out")\(side)"
            """
    }

    private static func controlPort(_ info: ParameterInfo, index: Int, definition: LV2PluginDefinition) -> String {
        var lines = [
            "a lv2:InputPort, lv2:ControlPort",
            "lv2:index \(index)",
            "lv2:symbol \"\(symbol(info.identifier))\"",
            "lv2:name \"\(escaped(info.name))\"",
            "lv2:default \(number(info.defaultValue))",
            "lv2:minimum \(number(info.range.lowerBound))",
            "lv2:maximum \(number(info.range.upperBound))",
        ]
        if let unit = unit(info.unit) { lines.append("units:unit units:\(unit)") }
        if info.unit == .boolean { lines.append("lv2:portProperty lv2:toggled") }
        let designation =
            definition.designations[info.identifier] ?? LV2ParameterDesignation(rawValue: info.identifier)
        if let designation { lines.append("lv2:designation param:\(designation.rawValue)") }
        return lines.joined(separator: " ;\n        ")
    }

    private static func unit(_ unit: ParameterUnit) -> String? {
        switch unit {
        case .decibels: "db"
        case .hertz: "hz"
        case .seconds: "s"
        case .linearGain, .ratio: "coef"
        case .pan, .boolean, .q, .generic: nil
        }
    }

    /// An LV2 symbol: letters, digits and `_`, not starting with a digit.
    static func symbol(_ identifier: String) -> String {
        let characters = identifier.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
        let symbol = String(characters)
        return symbol.first.map { $0.isNumber } ?? true ? "_" + symbol : symbol
    }

    private static func number(_ value: Float) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func escaped(_ text: String) -> String {
        String(text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] })
    }
}
