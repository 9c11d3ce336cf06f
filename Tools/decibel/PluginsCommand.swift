import ArgumentParser
import Decibel
import DecibelPlugins
import DecibelToolSupport
import FoundationEssentials

/// `decibel plugins`: the LV2 plugins installed on this machine.
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the installed LV2 plugins, or one plugin's ports with their ranges.",
        discussion:
            "Plugins are found where lilv looks (LV2_PATH, ~/.lv2, /usr/local/lib/lv2, /usr/lib/lv2).\n\nExamples:\n  decibel plugins\n  decibel plugins --json\n  decibel plugins http://plugin.org.uk/swh-plugins/amp"
    )

    @Argument(help: "A plugin URI: show its ports.")
    var uri: String?

    @Flag(name: .long, help: "Print JSON (every plugin with its ports).")
    var json = false

    func run() throws {
        let plugins = try uri.map { [try PluginCatalog.plugin(uri: $0)] } ?? PluginCatalog.plugins()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(
                String(
                    decoding: try encoder.encode(uri == nil ? AnyEncodable(plugins) : AnyEncodable(plugins[0])),
                    as: UTF8.self))
            return
        }
        if let plugin = plugins.first, uri != nil {
            print("\(plugin.name) (\(plugin.className)\(plugin.author.map { ", \($0)" } ?? ""))\n\(plugin.uri)")
            if !plugin.missingFeatures.isEmpty {
                print("cannot be hosted: needs \(plugin.missingFeatures.joined(separator: ", "))")
            }
            for port in plugin.ports { print("  " + Self.describe(port)) }
            return
        }
        for plugin in plugins {
            let shape =
                "\(plugin.audioInputCount) in, \(plugin.audioOutputCount) out\(plugin.acceptsMIDI ? ", MIDI" : "")"
            print("\(plugin.uri)\t\(plugin.name)\t\(plugin.className)\t\(shape)")
        }
        printError("decibel: \(plugins.count) LV2 plugins")
    }

    static func describe(_ port: PluginPort) -> String {
        var line = "\(port.index) \(port.symbol) (\(port.kind.rawValue)) \(port.name)"
        if let low = port.minimum, let high = port.maximum {
            line +=
                ": \(low) … \(high)" + (port.unit.map { " \($0)" } ?? "")
                + (port.defaultValue.map { ", default \($0)" } ?? "")
        }
        if port.acceptsMIDI { line += ", MIDI" }
        return line
    }
}

/// A type-erased `Encodable` (one plugin or the list).
private struct AnyEncodable: Encodable {
    let encodeValue: (Encoder) throws -> Void
    init(_ value: some Encodable) { encodeValue = value.encode }
    func encode(to encoder: Encoder) throws { try encodeValue(encoder) }
}
