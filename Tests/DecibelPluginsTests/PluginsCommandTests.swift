import DecibelTestSupport
import Foundation
import Testing

/// `decibel plugins`, checked against lilv's own tools (`lv2ls`, `lv2info` from lilv-utils).
@Suite struct PluginsCommandTests {
    var decibel: String { TestEnvironment.productsDirectory.appendingPathComponent("decibel").path }

    /// The control ports `lv2info URI` prints: symbol → (minimum, maximum, default).
    static func lv2infoControls(_ uri: String) throws -> [String: [Float]] {
        let info = try run("lv2info", [uri])
        try #require(info.status == 0, "lv2info: \(info.standardError)")
        var controls: [String: [Float]] = [:]
        // A port's lines run from its "Port N:" line to the next (scale points put blank lines inside).
        var blocks: [[Substring]] = []
        for line in info.standardOutput.split(separator: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("Port ") { blocks.append([]) }
            if !blocks.isEmpty { blocks[blocks.count - 1].append(line) }
        }
        for block in blocks where block.contains(where: { $0.contains("#ControlPort") }) {
            var fields: [String: String] = [:]
            for line in block {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
            }
            guard let symbol = fields["Symbol"] else { continue }
            controls[symbol] = ["Minimum", "Maximum", "Default"].compactMap { fields[$0].flatMap(Float.init) }
        }
        return controls
    }

    @Test(
        "decibel plugins lists what lv2ls lists; --json gives each port's range and default as lv2info does",
        .requires(.program("lv2info"), .file(PluginNodeTests.swh), .file(PluginNodeTests.x42)))
    func listingMatchesLilvTools() throws {
        let listed = try run(decibel, ["plugins"])
        try #require(listed.status == 0, "\(listed.standardError)")
        let ours = listed.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        let lv2ls = try run("lv2ls", [])
        try #require(lv2ls.status == 0, "lv2ls: \(lv2ls.standardError)")
        let theirs = Set(lv2ls.standardOutput.split(separator: "\n").map(String.init))
        print("decibel plugins: \(ours.count) plugins, lv2ls \(theirs.count)")
        #expect(Set(ours) == theirs)
        #expect(ours.count == theirs.count, "a plugin listed twice")
        #expect(listed.standardError == "decibel: \(ours.count) LV2 plugins\n")

        let json = try run(decibel, ["plugins", "--json"])
        try #require(json.status == 0, "\(json.standardError)")
        let plugins = try #require(try JSONSerialization.jsonObject(with: json.standardOutputData) as? [[String: Any]])
        #expect(Set(plugins.compactMap { $0["uri"] as? String }) == theirs)
        for uri in [PluginNodeTests.amp, PluginNodeTests.equaliser] {
            let plugin = try #require(plugins.first { $0["uri"] as? String == uri })
            let ports = try #require(plugin["ports"] as? [[String: Any]])
            let expected = try Self.lv2infoControls(uri)
            var compared = 0
            for port in ports where (port["kind"] as? String)?.hasPrefix("control") == true {
                let symbol = try #require(port["symbol"] as? String)
                let range = ["minimum", "maximum", "defaultValue"].compactMap { (port[$0] as? NSNumber)?.floatValue }
                let theirs = expected[symbol] ?? []
                // lv2info prints six decimals.
                let same =
                    range.count == theirs.count
                    && zip(range, theirs).allSatisfy { abs($0 - $1) <= 1e-6 + 1e-6 * abs($1) }
                #expect(same, "\(uri) \(symbol): \(range), lv2info \(theirs)")
                compared += 1
            }
            #expect(compared == expected.count && compared > 0, "\(uri): \(compared) of \(expected.count) controls")
        }
    }

    @Test(
        "decibel plugins URI prints its ports; an unknown URI is one plain line on stderr and a non-zero exit",
        .requires(.file(PluginNodeTests.swh)))
    func onePlugin() throws {
        let shown = try run(decibel, ["plugins", PluginNodeTests.amp])
        try #require(shown.status == 0, "\(shown.standardError)")
        let lines = shown.standardOutput.split(separator: "\n").map(String.init)
        print(lines.joined(separator: "\n"))
        #expect(lines.count == 5 && lines[1] == PluginNodeTests.amp)
        #expect(lines.contains("  0 gain (controlInput) Amps gain (dB): -70.0 … 70.0, default 0.0"))
        #expect(lines.contains { $0.hasPrefix("  1 input (audioInput)") })

        let unknown = try run(decibel, ["plugins", "urn:decibel:none"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.split(separator: "\n").count == 1)
        #expect(
            unknown.standardError.contains("no LV2 plugin 'urn:decibel:none' is installed"), "\(unknown.standardError)")
    }

    @Test(
        "decibel plugin-bundle refuses what it cannot bundle in one plain line: no file, no lv2_descriptor, not Decibel's",
        .requires(.file(PluginNodeTests.swh)))
    func pluginBundleRefusals() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("decibel-bundle-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        for (library, expected) in [
            ("/nonexistent/libNone.so", "/nonexistent/libNone.so does not exist"),
            ("/etc/hostname", "cannot load /etc/hostname"),
            ("/usr/lib/x86_64-linux-gnu/libm.so.6", "libm.so.6 has no lv2_descriptor; it is not an LV2 plugin library"),
            (
                PluginNodeTests.swh + "/plugin-linux.so",
                "\(PluginNodeTests.amp) in plugin-linux.so was not written with"
            ),
        ] {
            let result = try run(decibel, ["plugin-bundle", "None", "--library", library, "--output", output])
            #expect(result.status == 1, "\(library): exit \(result.status)")
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(library): \(result.standardError)")
            #expect(result.standardError.contains(expected), "\(library): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: output + "/none.lv2"), "nothing written for \(library)")
        }
    }
}
