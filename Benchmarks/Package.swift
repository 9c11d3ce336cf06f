// swift-tools-version: 6.0
// Benchmarks live in their own package so the main build stays light. Build and run in release:
//   swift run -c release --package-path Benchmarks ring-bench
//   swift run -c release --package-path Benchmarks formats-bench
import PackageDescription

let package = Package(
    name: "DecibelBenchmarks",
    dependencies: [.package(name: "Decibel", path: "..")],
    targets: [
        // jack_ringbuffer driven from C, the peer the ring buffer is compared with.
        .target(name: "CJackRingBench", path: "CJackRingBench", linkerSettings: [.linkedLibrary("jack"), .linkedLibrary("pthread")]),
        .executableTarget(
            name: "ring-bench",
            dependencies: [.product(name: "DecibelCore", package: "Decibel"), "CJackRingBench"],
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
                .product(name: "DecibelCore", package: "Decibel"), .product(name: "DecibelFormats", package: "Decibel"), "CSndFileBench",
            ],
            path: "Formats"
        ),
    ],
    swiftLanguageModes: [.v6]
)
