// swift-tools-version: 6.0
// Coverage-guided fuzz targets (libFuzzer with AddressSanitizer) for every parser of untrusted input. They
// live in their own package because they are built with `--sanitize=fuzzer`, which gives each executable
// libFuzzer's `main`. Run one with `Scripts/fuzz TARGET SECONDS` (it builds, makes the seed corpus with
// sox and ffmpeg, and fails on a crash, a leak or a hang).
import PackageDescription

let package = Package(
    name: "DecibelFuzz",
    dependencies: [.package(name: "Decibel", path: "..")],
    targets: [
        // Bytes as an audio file: DecibelFormats' own header checks, then libsndfile, then reading it all.
        .executableTarget(
            name: "fuzz-audio-file", dependencies: [.product(name: "DecibelFormats", package: "Decibel")],
            path: "AudioFile"),
        // Bytes as audiowaveform `.dat` and `.json` waveform data.
        .executableTarget(
            name: "fuzz-waveform-data", dependencies: [.product(name: "DecibelFormats", package: "Decibel")],
            path: "WaveformData"),
        // Bytes as the strings the command line parses: times, colours and colour lists.
        .executableTarget(
            name: "fuzz-command-line",
            dependencies: [
                .product(name: "DecibelToolSupport", package: "Decibel"),
                .product(name: "DecibelPlot", package: "Decibel"),
            ],
            path: "CommandLineStrings"),
    ],
    swiftLanguageModes: [.v6]
)
