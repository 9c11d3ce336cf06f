// swift-tools-version: 6.0
//
// Decibel's benchmarks, kept out of the main package so `swift build` there never compiles them.
// Build and run with `swift build -c release` then `.build/release/graph-bench` (from this folder).
import PackageDescription
import Foundation

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

let package = Package(
    name: "DecibelBenchmarks",
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        // Plain C doing the same work as the graph scenarios: the floor the graph is measured against.
        .target(name: "GraphBenchFloor", path: "GraphFloor", cSettings: [.unsafeFlags(["-O3"])]),
        .executableTarget(
            name: "graph-bench",
            dependencies: [.product(name: "DecibelCore", package: rootIdentity), "GraphBenchFloor"],
            path: "Graph"
        ),
    ],
    swiftLanguageModes: [.v6]
)
