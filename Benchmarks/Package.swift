// swift-tools-version: 6.0
// Benchmarks live in their own package so the main build stays light. Build and run in release:
//   swift run -c release --package-path Benchmarks ring-bench
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
    ],
    swiftLanguageModes: [.v6]
)
