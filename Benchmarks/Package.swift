// swift-tools-version: 6.0
// Benchmarks live in their own package so the main build stays light. Build and run in release:
//   swift run -c release --package-path Benchmarks ring-bench
//   swift run -c release --package-path Benchmarks formats-bench
//   swift run -c release --package-path Benchmarks plot-bench
//   swift run -c release --package-path Benchmarks graph-bench [seconds]
//   swift run -c release --package-path Benchmarks pipewire-bench [seconds per client]
//   swift run -c release --package-path Benchmarks analysis-bench
//   swift run -c release --package-path Benchmarks adapter-bench
//   swift run -c release --package-path Benchmarks plugins-bench
//   swift run -c release --package-path Benchmarks play-bench
// (formats-bench and play-bench run `decibel` through bench-launch: build everything, as Scripts/bench does)
import PackageDescription

let package = Package(
    name: "DecibelBenchmarks",
    dependencies: [.package(name: "Decibel", path: "..")],
    targets: [
        // The summary rows every benchmark prints for Scripts/bench.
        .target(name: "BenchSummary", path: "BenchSummary"),
        // A malloc counter (wraps glibc's allocator for the whole process): allocations per render block.
        .target(name: "CMallocCount", path: "CMallocCount"),
        // jack_ringbuffer driven from C, the peer the ring buffer is compared with.
        .target(
            name: "CJackRingBench", path: "CJackRingBench",
            linkerSettings: [.linkedLibrary("jack"), .linkedLibrary("pthread")]),
        .executableTarget(
            name: "ring-bench",
            dependencies: ["BenchSummary", .product(name: "DecibelCore", package: "Decibel"), "CJackRingBench"],
            path: "Ring"
        ),
        // libsndfile's sf_readf_float loop and libsamplerate in plain C: the peers DecibelFormats is measured against.
        .target(
            name: "CSndFileBench", path: "CSndFileBench",
            linkerSettings: [.linkedLibrary("sndfile"), .linkedLibrary("samplerate"), .linkedLibrary("m")]
        ),
        .executableTarget(
            name: "formats-bench",
            dependencies: [
                "BenchSummary",
                .product(name: "DecibelCore", package: "Decibel"), .product(name: "DecibelFormats", package: "Decibel"),
                .product(name: "DecibelStreams", package: "Decibel"), "CSndFileBench",
            ],
            path: "Formats"
        ),
        // An LV2 plugin run from plain C through lilv (linked here; Decibel itself dlopens it): PluginNode's peer.
        .target(name: "CLV2Bench", path: "CLV2Bench", linkerSettings: [.linkedLibrary("lilv-0"), .linkedLibrary("m")]),
        .executableTarget(
            name: "plugins-bench",
            dependencies: [
                "BenchSummary", "CLV2Bench",
                .product(name: "DecibelCore", package: "Decibel"), .product(name: "DecibelGraph", package: "Decibel"),
                .product(name: "DecibelPlugins", package: "Decibel"),
            ],
            path: "Plugins"
        ),
        // libsoxr driven from plain C the way Decibel's stream adapters drive it: their peer.
        .target(name: "CSoxrBench", path: "CSoxrBench", linkerSettings: [.linkedLibrary("soxr"), .linkedLibrary("m")]),
        .executableTarget(
            name: "adapter-bench",
            dependencies: [
                "BenchSummary", "CSoxrBench",
                .product(name: "DecibelCore", package: "Decibel"), .product(name: "DecibelStreams", package: "Decibel"),
            ],
            path: "Adapter"
        ),
        // Plain C doing the same mixing as the graph scenarios: the floor the render graph is measured against.
        .target(name: "GraphBenchFloor", path: "GraphFloor", cSettings: [.unsafeFlags(["-O3"])]),
        .executableTarget(
            name: "graph-bench",
            dependencies: [
                "CMallocCount",
                "BenchSummary",
                .product(name: "DecibelCore", package: "Decibel"), .product(name: "DecibelGraph", package: "Decibel"),
                "GraphBenchFloor",
            ],
            path: "Graph"
        ),
        // FFTW (GPL, the speed to match) and KissFFT from C: the peers of RealFFT.
        .target(
            name: "CFFTCompare", path: "CFFTCompare",
            linkerSettings: [.linkedLibrary("fftw3f"), .linkedLibrary("kissfft-float"), .linkedLibrary("m")]),
        // Plot: file overview PNG vs ffmpeg showwavespic, live plot frame rate, FFT time.
        //   swift run -c release --package-path Benchmarks plot-bench
        .executableTarget(
            name: "plot-bench",
            dependencies: [
                "BenchSummary",
                .product(name: "DecibelPlot", package: "Decibel"),
                .product(name: "DecibelAnalysis", package: "Decibel"),
                .product(name: "DecibelCore", package: "Decibel"),
                .product(name: "DecibelGTK", package: "Decibel"),
                "CFFTCompare",
            ],
            path: "Plot"
        ),
        // The small parent through which formats-bench and play-bench measure a program (see its main.c).
        .executableTarget(name: "bench-launch", path: "BenchLaunch"),
        // `decibel play` against paplay: CPU of client and server, peak memory (runs the decibel binary).
        .executableTarget(name: "play-bench", dependencies: ["BenchSummary"], path: "Play"),
        // A 64-frame stream through DecibelPipeWire, pipewire-pulse and pw-cat, timed by pw-profiler.
        .executableTarget(
            name: "pipewire-bench",
            dependencies: [
                .product(name: "DecibelCore", package: "Decibel"),
                .product(name: "DecibelPipeWire", package: "Decibel"),
                .product(name: "DecibelPulse", package: "Decibel"), "BenchSummary",
            ],
            path: "PipeWireJitter"
        ),
        // aubio's pitch detector from C and ffmpeg's ebur128: the peers DecibelAnalysis is measured against.
        .target(
            name: "CAubioBench", path: "CAubioBench", linkerSettings: [.linkedLibrary("aubio")]),
        .executableTarget(
            name: "analysis-bench",
            dependencies: [
                "BenchSummary",
                .product(name: "DecibelCore", package: "Decibel"),
                .product(name: "DecibelAnalysis", package: "Decibel"),
                .product(name: "DecibelFormats", package: "Decibel"),
                "CAubioBench",
            ],
            path: "Analysis"
        ),
    ],
    swiftLanguageModes: [.v6]
)
