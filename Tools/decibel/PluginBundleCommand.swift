import ArgumentParser
import CLV2
import Decibel
import DecibelToolSupport
import FoundationEssentials
import Glibc

/// `decibel plugin-bundle`: builds a plugin library written with DecibelPluginAuthoring and writes its LV2 bundle.
struct PluginBundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-bundle",
        abstract:
            "Build an LV2 plugin written in Swift and write its bundle (manifest.ttl, the plugin's .ttl, the .so).",
        discussion:
            "PRODUCT is a dynamic library product whose target defines lv2_descriptor with DecibelPluginAuthoring. It is built in release with the Swift runtime linked in (hosts need no Swift installed), only lv2_descriptor exported (two Decibel plugins load side by side) and the symbol table stripped; the Turtle comes from the library itself.\n\nExamples:\n  decibel plugin-bundle DecibelGainLV2 --package-path Examples\n  LV2_PATH=Examples/.build/lv2 lv2ls\n  decibel plugin-bundle MyPlugins --library .build-lv2/release/libMyPlugins.so --output ~/.lv2"
    )

    @Argument(help: "The library product to build (e.g. DecibelGainLV2).")
    var product: String

    @Option(name: .long, help: "The package that has PRODUCT (default: the current directory).")
    var packagePath = "."

    @Option(name: .long, help: "Where to write the bundle (default: PACKAGE/.build/lv2).")
    var output: String?

    @Option(name: .long, help: "The bundle's name (default: from PRODUCT, DecibelGainLV2 → decibel-gain.lv2).")
    var bundle: String?

    @Option(name: .long, help: "Bundle this already built library instead of building PRODUCT.")
    var library: String?

    @Flag(name: .long, help: "Keep the symbol table (for debugging a plugin in a host; 13 MB instead of 7.6 MB).")
    var keepSymbols = false

    func run() throws {
        let package = URL(fileURLWithPath: packagePath).standardizedFileURL
        let libraryURL = try library.map { URL(fileURLWithPath: $0) } ?? build(package: package)
        let directory = URL(fileURLWithPath: output ?? package.appendingPathComponent(".build/lv2").path)
            .appendingPathComponent(bundle ?? Self.bundleName(for: product))
        let written = try PluginBundleWriter.write(library: libraryURL, into: directory)
        print(directory.path)
        printError("decibel: \(written.joined(separator: ", ")) in \(directory.lastPathComponent)")
    }

    /// DecibelGainLV2 → decibel-gain.lv2.
    static func bundleName(for product: String) -> String {
        var name = product.hasSuffix("LV2") ? String(product.dropLast(3)) : product
        if name.isEmpty { name = product }
        var words = ""
        for (index, character) in name.enumerated() {
            if character.isUppercase, index > 0 { words += "-" }
            words += character.lowercased()
        }
        return words + ".lv2"
    }

    /// `swift build -c release --product PRODUCT`, statically linked, exporting `lv2_descriptor` only.
    private func build(package: URL) throws -> URL {
        let scratch = package.appendingPathComponent(".build-lv2")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let exports = scratch.appendingPathComponent("lv2-exports.map")
        try "{ global: lv2_descriptor; local: *; };\n".write(to: exports, atomically: true, encoding: .utf8)
        // Its output goes to stderr: stdout says only where the bundle is.
        let status = try SystemCalls.run(
            [
                "swift", "build", "-c", "release", "--package-path", package.path, "--scratch-path", scratch.path,
                "--product", product, "-Xswiftc", "-static-stdlib", "-Xlinker", "--version-script=\(exports.path)",
            ] + (keepSymbols ? [] : ["-Xlinker", "--strip-all"]))
        guard status == 0 else {
            throw AudioError(.invalidArgument, "swift build of \(product) failed (exit \(status)); its output is above")
        }
        return scratch.appendingPathComponent("release/lib\(product).so")
    }
}

/// Writes a bundle from a built library: the library asks itself for each plugin's Turtle.
enum PluginBundleWriter {
    /// Copies `library` into `directory` with `manifest.ttl` and one `.ttl` per plugin; returns the plugins' URIs.
    static func write(library: URL, into directory: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: library.path) else {
            throw AudioError(.fileNotFound, "\(library.path) does not exist; build it, or leave out --library")
        }
        guard let handle = dlopen(library.path, RTLD_NOW | RTLD_LOCAL) else {
            throw AudioError(
                .invalidFile,
                "cannot load \(library.path) (\(String(cString: dlerror()))); a plugin is a shared object built here")
        }
        defer { dlclose(handle) }
        guard let symbol = dlsym(handle, "lv2_descriptor") else {
            throw AudioError(
                .invalidFile, "\(library.lastPathComponent) has no lv2_descriptor; it is not an LV2 plugin library")
        }
        typealias DescriptorFunction = @convention(c) (UInt32) -> UnsafePointer<LV2_Descriptor>?
        let descriptorAt = unsafeBitCast(symbol, to: DescriptorFunction.self)
        let binary = library.lastPathComponent
        var entries: [(uri: String, file: String, turtle: String)] = []
        var index: UInt32 = 0
        while let descriptor = descriptorAt(index) {
            let uri = String(cString: descriptor.pointee.URI)
            guard let interface = descriptor.pointee.extension_data?(DECIBEL_LV2_TURTLE_URI),
                let text = interface.assumingMemoryBound(to: decibel_lv2_turtle_interface.self).pointee
                    .turtle?(descriptor, binary)
            else {
                throw AudioError(
                    .unsupportedFormat,
                    "\(uri) in \(binary) was not written with DecibelPluginAuthoring; only those describe themselves")
            }
            defer { free(text) }
            let name = uri.split(whereSeparator: { ":/#".contains($0) }).last.map(String.init) ?? "plugin\(index)"
            entries.append((uri, "\(name).ttl", String(cString: text)))
            index += 1
        }
        guard !entries.isEmpty else {
            throw AudioError(.invalidFile, "\(binary) describes no plugin; its lv2_descriptor(0) returns NULL")
        }
        let files = FileManager.default
        try? files.removeItem(at: directory)
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        try files.copyItem(at: library, to: directory.appendingPathComponent(binary))
        for entry in entries {
            try entry.turtle.write(to: directory.appendingPathComponent(entry.file), atomically: true, encoding: .utf8)
        }
        try manifest(entries.map { ($0.uri, $0.file) }, binary: binary)
            .write(to: directory.appendingPathComponent("manifest.ttl"), atomically: true, encoding: .utf8)
        return entries.map(\.uri)
    }

    private static func manifest(_ entries: [(uri: String, file: String)], binary: String) -> String {
        "@prefix lv2: <http://lv2plug.in/ns/lv2core#> .\n@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n\n"
            + entries.map {
                "<\($0.uri)>\n    a lv2:Plugin ;\n    lv2:binary <\(binary)> ;\n    rdfs:seeAlso <\($0.file)> .\n"
            }.joined(separator: "\n")
    }
}
