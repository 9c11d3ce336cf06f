// swift-tools-version: 6.0
//
// Decibel: audio on Linux with one Swift API over JACK, PulseAudio and ALSA (and a Null device).
//
// Every module is its own library product, so an application can embed `DecibelCore` plus one backend
// and build without the other system libraries' headers installed. Folders are the map (README, "The map");
// arrows point down only:
//
//   Tools/ (decibel, decibel-scope) ─▶ Decibel/ (umbrella) ─▶ Backends/<ID>/, Formats/ ─▶ Core/ (DecibelGraph ─▶ DecibelCore)
//   Formats/ ─▶ Streams/ (adapted, bridged and push streams; libsoxr) ─▶ Core/
//   Tools/ ─▶ Plot/ ─▶ Analysis/, Formats/ (audiowaveform's 16-bit rules) ─▶ Core/
import PackageDescription

let package = Package(
    name: "Decibel",
    products: [
        .library(name: "DecibelCore", targets: ["DecibelCore"]),
        .library(name: "DecibelGraph", targets: ["DecibelGraph"]),
        .library(name: "DecibelPipeWire", targets: ["DecibelPipeWire"]),
        .library(name: "DecibelJACK", targets: ["DecibelJACK"]),
        .library(name: "DecibelPulse", targets: ["DecibelPulse"]),
        .library(name: "DecibelALSA", targets: ["DecibelALSA"]),
        .library(name: "DecibelNull", targets: ["DecibelNull"]),
        .library(name: "DecibelStreams", targets: ["DecibelStreams"]),
        .library(name: "DecibelFormats", targets: ["DecibelFormats"]),
        .library(name: "DecibelAnalysis", targets: ["DecibelAnalysis"]),
        .library(name: "DecibelPlugins", targets: ["DecibelPlugins"]),
        // Writing LV2 plugins: a Decibel node becomes a plugin that any LV2 host loads (`decibel plugin-bundle`).
        .library(name: "DecibelPluginAuthoring", targets: ["DecibelPluginAuthoring"]),
        .library(name: "DecibelPlot", targets: ["DecibelPlot"]),
        .library(name: "Decibel", targets: ["Decibel"]),
        // Plots as GTK 4 widgets; GTK is loaded at run time, so nothing else needs it.
        .library(name: "DecibelGTK", targets: ["DecibelGTK"]),
        // The tools' option parsing (times, colours, backends) and error printing, for programs that want the
        // same command-line forms; the fuzz targets (Fuzz/) drive it too.
        .library(name: "DecibelToolSupport", targets: ["DecibelToolSupport"]),
        .executable(name: "decibel", targets: ["decibel"]),
        .executable(name: "decibel-scope", targets: ["decibel-scope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` / `preview-documentation` (Scripts/docs); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // MARK: Core — formats, buffers, ring buffers, backend protocols, render path. No C audio library.
        .target(name: "DecibelCore", dependencies: ["CDecibelSIMD"], path: "Core/DecibelCore"),
        // Vector kernels of Decibel's own (C, AVX picked at run time): waveform summaries, ring copies; cache hints.
        .target(name: "CDecibelSIMD", path: "Core/CDecibelSIMD"),
        .target(name: "DecibelGraph", dependencies: ["DecibelCore", "CDecibelSIMD"], path: "Core/DecibelGraph"),

        // MARK: Backends — one folder each: a C shim target (module map + small header) and a Swift target.
        // Each loads its C library with dlopen() at run time: the headers are needed to build, not the library to run.
        // CPipeWire carries PipeWire's and SPA's headers (0.3.65, MIT): pkg-config would also link libpipewire.
        .target(name: "CPipeWire", path: "Backends/PipeWire/CPipeWire"),
        .target(
            name: "DecibelPipeWire", dependencies: ["DecibelCore", "CPipeWire"],
            path: "Backends/PipeWire/DecibelPipeWire"
        ),
        .target(name: "CJACK", path: "Backends/JACK/CJACK"),
        .target(name: "DecibelJACK", dependencies: ["DecibelCore", "CJACK"], path: "Backends/JACK/DecibelJACK"),
        .target(name: "CPulse", path: "Backends/Pulse/CPulse"),
        .target(name: "DecibelPulse", dependencies: ["DecibelCore", "CPulse"], path: "Backends/Pulse/DecibelPulse"),
        .target(name: "CALSA", path: "Backends/ALSA/CALSA"),
        .target(name: "DecibelALSA", dependencies: ["DecibelCore", "CALSA"], path: "Backends/ALSA/DecibelALSA"),
        .target(name: "DecibelNull", dependencies: ["DecibelCore"], path: "Backends/Null/DecibelNull"),

        // MARK: Streams — streams at the app's rate and block size over any backend's, clock bridges, push
        // sources, and the resamplers under them (Streams/): CSoxr + DecibelStreams. Links libsoxr normally;
        // Core and the backends never do.
        .systemLibrary(name: "CSoxr", path: "Streams/CSoxr", providers: [.apt(["libsoxr-dev"])]),
        .target(
            name: "DecibelStreams", dependencies: ["DecibelCore", "DecibelGraph", "CSoxr"],
            path: "Streams/DecibelStreams"),

        // MARK: Formats and Plot
        // Formats: CSndFile + DecibelFormats (Formats/). Links libsndfile normally.
        .systemLibrary(name: "CSndFile", path: "Formats/CSndFile", providers: [.apt(["libsndfile1-dev"])]),
        // libmpg123 quiet under libsndfile (it prints every damaged MP3 frame to stderr otherwise).
        .target(name: "CQuietMPG123", path: "Formats/CQuietMPG123", linkerSettings: [.linkedLibrary("dl")]),
        // FFmpeg's headers at build time (optional: without them M4A/AAC files say so); its libraries are
        // loaded at run time with Core's BackendLibrary, so programs start without them.
        .target(name: "CFFmpeg", path: "Formats/CFFmpeg"),
        .target(
            name: "DecibelFormats",
            dependencies: [
                "DecibelCore", "DecibelGraph", "DecibelStreams", "CSndFile", "CDecibelSIMD", "CQuietMPG123", "CFFmpeg",
            ],
            path: "Formats/DecibelFormats"),
        // Plugins (Plugins/): CLilv (lilv's and LV2's headers, liblilv dlopen'd) + DecibelPlugins (LV2 hosting).
        .target(name: "CLilv", path: "Plugins/CLilv", linkerSettings: [.linkedLibrary("pthread")]),
        .target(
            name: "DecibelPlugins", dependencies: ["DecibelCore", "DecibelGraph", "CLilv"],
            path: "Plugins/DecibelPlugins"),
        // CLV2 (LV2's plugin-side headers, from lv2-dev) + DecibelPluginAuthoring: Decibel nodes as LV2 plugins.
        // A plugin library links nothing but libc; lilv is for hosts.
        .target(name: "CLV2", path: "Plugins/CLV2"),
        .target(
            name: "DecibelPluginAuthoring", dependencies: ["DecibelCore", "DecibelGraph", "CLV2"],
            path: "Plugins/DecibelPluginAuthoring"),
        // Analysis (Analysis/): CDecibelFFT (power-of-two FFT) + CKissFFT (other sizes) + CDecibelTruePeak
        // (the true-peak interpolator's loop) + DecibelAnalysis.
        .systemLibrary(name: "CKissFFT", path: "Analysis/CKissFFT", providers: [.apt(["libkissfft-dev"])]),
        .target(name: "CDecibelFFT", path: "Analysis/CDecibelFFT"),
        .target(name: "CDecibelTruePeak", path: "Analysis/CDecibelTruePeak"),
        .target(
            name: "DecibelAnalysis",
            dependencies: ["DecibelCore", "DecibelGraph", "CKissFFT", "CDecibelFFT", "CDecibelTruePeak"],
            path: "Analysis/DecibelAnalysis"),
        // Plot (Plot/): CCairo + DecibelPlot. CCairo needs Cairo's, Xlib's, XRandR's and zlib's headers
        // (libcairo2-dev, libx11-dev, libxrandr-dev, zlib1g-dev); it loads the first three when Plot first uses
        // them and links zlib.
        .target(name: "CCairo", path: "Plot/CCairo"),
        .target(
            name: "DecibelPlot", dependencies: ["DecibelCore", "DecibelAnalysis", "DecibelFormats", "CCairo"],
            path: "Plot/DecibelPlot"),

        // GTK (GTK/): plots as GTK 4 widgets. CGTK declares the GTK functions it calls and DecibelGTK
        // dlopen()s libgtk-4.so.1, so building needs no GTK headers and only apps using the widgets need GTK.
        .target(name: "CGTK", path: "GTK/CGTK"),
        .target(
            name: "DecibelGTK", dependencies: ["Decibel", "DecibelPlot", "DecibelFormats", "CGTK"],
            path: "GTK/DecibelGTK"),

        // MARK: Umbrella and tools
        .target(
            name: "Decibel",
            dependencies: [
                "DecibelCore", "DecibelGraph", "DecibelPipeWire", "DecibelJACK", "DecibelPulse", "DecibelALSA",
                "DecibelNull", "DecibelStreams", "DecibelFormats",
            ],
            path: "Decibel"
        ),
        // What both tools share: the --backend/--device options and the one-line error printing.
        .target(
            name: "DecibelToolSupport",
            dependencies: ["Decibel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Tools/DecibelToolSupport"
        ),
        .executableTarget(
            name: "decibel",
            dependencies: [
                "Decibel", "DecibelToolSupport", "DecibelPlot", "DecibelAnalysis", "DecibelPlugins", "CLV2",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/decibel"
        ),
        .executableTarget(
            name: "decibel-scope",
            dependencies: [
                "Decibel", "DecibelToolSupport", "DecibelPlot", "CCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/decibel-scope"
        ),

        // MARK: Real-time proof — render paths run under clang's RealtimeSanitizer (DecibelCore.docc, "Real-time safety is tested").
        // Scripts/build-rtcheck links the sanitizer's runtime into it; a plain build is the checker, unarmed.
        .executableTarget(
            name: "decibel-rtcheck",
            dependencies: [
                "Decibel", "DecibelPipeWire", "DecibelJACK", "DecibelPulse", "DecibelALSA", "DecibelStreams",
                "DecibelFormats", "DecibelPlot", "DecibelAnalysis", "DecibelPlugins",
            ],
            path: "Tests/RealtimeCheck"
        ),

        // MARK: Tests
        .target(name: "DecibelTestSupport", dependencies: ["DecibelCore"], path: "Tests/Support"),
        .target(
            name: "DecibelPlotTestSupport", dependencies: ["DecibelPlot", "CCairo", "DecibelTestSupport"],
            path: "Tests/PlotSupport"),
        .testTarget(
            name: "DecibelCoreTests", dependencies: ["DecibelCore", "DecibelTestSupport"],
            path: "Tests/DecibelCoreTests"),
        .testTarget(
            name: "DecibelAnalysisTests",
            dependencies: ["DecibelAnalysis", "CDecibelFFT", "DecibelGraph", "DecibelTestSupport"],
            path: "Tests/DecibelAnalysisTests"),
        .testTarget(
            name: "DecibelNullTests", dependencies: ["DecibelNull", "DecibelTestSupport"],
            path: "Tests/DecibelNullTests"),
        .testTarget(
            name: "DecibelJACKTests", dependencies: ["DecibelJACK", "DecibelGraph", "DecibelTestSupport"],
            path: "Tests/DecibelJACKTests"),
        .testTarget(
            name: "DecibelALSATests", dependencies: ["DecibelALSA", "DecibelTestSupport"],
            path: "Tests/DecibelALSATests"),
        .testTarget(
            name: "DecibelPipeWireTests", dependencies: ["DecibelPipeWire", "DecibelTestSupport"],
            path: "Tests/DecibelPipeWireTests"),
        .testTarget(
            name: "DecibelPulseTests", dependencies: ["DecibelPulse", "Decibel", "DecibelTestSupport"],
            path: "Tests/DecibelPulseTests"),
        .testTarget(
            name: "DecibelGraphTests",
            dependencies: ["DecibelCore", "DecibelGraph", "DecibelNull", "DecibelTestSupport"],
            path: "Tests/DecibelGraphTests"),
        .testTarget(
            name: "DecibelPluginAuthoringTests", dependencies: ["DecibelPluginAuthoring", "DecibelGraph", "CLV2"],
            path: "Tests/DecibelPluginAuthoringTests"),
        .testTarget(
            name: "DecibelPluginsTests",
            dependencies: ["DecibelPlugins", "DecibelGraph", "DecibelFormats", "DecibelTestSupport", "decibel"],
            path: "Tests/DecibelPluginsTests"),
        .testTarget(name: "DecibelTests", dependencies: ["Decibel", "DecibelTestSupport"], path: "Tests/DecibelTests"),
        // One suite, every backend: the behaviour × backend table in the README comes from its results.
        .testTarget(
            name: "DecibelConformanceTests", dependencies: ["Decibel", "DecibelTestSupport"],
            path: "Tests/DecibelConformanceTests"),
        .executableTarget(name: "decibel-record-probe", dependencies: ["DecibelFormats"], path: "Tests/RecordProbe"),
        // Scripts/soak: JACK, PulseAudio and PipeWire streams playing the graph into recorders under load.
        .executableTarget(
            name: "decibel-soak",
            dependencies: [
                "DecibelCore", "DecibelGraph", "DecibelFormats", "DecibelJACK", "DecibelPulse", "DecibelPipeWire",
            ],
            path: "Tests/Soak"),
        .testTarget(
            name: "DecibelFormatsTests",
            dependencies: [
                "DecibelFormats", "DecibelNull", "CDecibelSIMD", "DecibelTestSupport", "decibel-record-probe",
            ],
            path: "Tests/DecibelFormatsTests"
        ),
        .testTarget(
            name: "DecibelStreamsTests", dependencies: ["DecibelStreams", "DecibelNull", "DecibelTestSupport"],
            path: "Tests/DecibelStreamsTests"),
        .testTarget(
            name: "DecibelPlotTests",
            dependencies: [
                "DecibelPlot", "DecibelAnalysis", "CCairo", "DecibelNull", "DecibelTestSupport",
                "DecibelPlotTestSupport",
            ], path: "Tests/DecibelPlotTests"),
        .testTarget(
            name: "ToolTests",
            dependencies: [
                "decibel", "decibel-scope", "DecibelToolSupport", "DecibelTestSupport", "DecibelPlotTestSupport",
            ],
            path: "Tests/ToolTests",
            exclude: ["audiowaveform_reference.py"]),
    ],
    swiftLanguageModes: [.v6]
)
