// swift-tools-version: 6.0
//
// Eight small programs that use Decibel as any application would: a package of their own that depends on
// Decibel, built in Swift 6 mode with warnings as errors. `Scripts/check-examples` builds them and runs
// them against the Null device and the real servers.
//
//   swift run play-sine [seconds] [hertz]        a sine whose state is a struct the stream owns
//   swift run microphone-peaks [device]          the peak of 10 microphone buffers, with for await
//   swift run device-events [count] [seconds]    device changes as they happen, with for await
//   swift run play-to-end FILE                   plays a file and awaits its end
//   swift run karaoke BACKING OUTPUT --duration SECONDS [--backend ID] [--input DEVICE] [--output DEVICE]
//                                                microphone + backing track heard and recorded together
//   swift run passthrough-with-effects [SECONDS] [--backend ID]
//                                                the microphone through a high-pass and an echo
//   swift run player FILE [--backend ID]         a GTK 4 window: overview with playhead, spectrum, meter
//   swift run recorder OUTPUT [--backend ID] [--device ID]
//                                                a GTK 4 window: live waveform, record/stop, the take's overview
//
// Every program uses the runtime-picked backend; set DECIBEL_BACKEND=null|pipewire|jack|pulse|alsa to choose.
import PackageDescription

let strict: [SwiftSetting] = [.unsafeFlags(["-warnings-as-errors"])]

let plugin: [Target.Dependency] = [
    .product(name: "DecibelGraph", package: "Decibel"), .product(name: "DecibelPluginAuthoring", package: "Decibel"),
]

let package = Package(
    name: "DecibelExamples",
    products: [
        .executable(name: "play-sine", targets: ["PlaySine"]),
        .executable(name: "microphone-peaks", targets: ["MicrophonePeaks"]),
        .executable(name: "device-events", targets: ["DeviceEvents"]),
        .executable(name: "play-to-end", targets: ["PlayToEnd"]),
        .executable(name: "karaoke", targets: ["Karaoke"]),
        .executable(name: "passthrough-with-effects", targets: ["PassthroughWithEffects"]),
        .executable(name: "player", targets: ["Player"]),
        .executable(name: "recorder", targets: ["Recorder"]),
        // LV2 plugins written in Swift (`decibel plugin-bundle`, Scripts/plugins): a gain, a delay, an instrument.
        .library(name: "DecibelGainLV2", type: .dynamic, targets: ["GainPlugin"]),
        .library(name: "DecibelDelayLV2", type: .dynamic, targets: ["DelayPlugin"]),
        .library(name: "DecibelSynthLV2", type: .dynamic, targets: ["SynthPlugin"]),
    ],
    dependencies: [.package(name: "Decibel", path: "..")],
    targets: [
        .executableTarget(
            name: "PlaySine", dependencies: [.product(name: "Decibel", package: "Decibel")], swiftSettings: strict),
        .executableTarget(
            name: "MicrophonePeaks", dependencies: [.product(name: "Decibel", package: "Decibel")],
            swiftSettings: strict),
        .executableTarget(
            name: "DeviceEvents", dependencies: [.product(name: "Decibel", package: "Decibel")], swiftSettings: strict),
        .executableTarget(
            name: "PlayToEnd", dependencies: [.product(name: "Decibel", package: "Decibel")], swiftSettings: strict),
        .executableTarget(
            name: "Karaoke", dependencies: [.product(name: "Decibel", package: "Decibel")], swiftSettings: strict),
        .executableTarget(
            name: "PassthroughWithEffects", dependencies: [.product(name: "Decibel", package: "Decibel")],
            swiftSettings: strict),
        .executableTarget(
            name: "Player",
            dependencies: [
                .product(name: "Decibel", package: "Decibel"), .product(name: "DecibelGTK", package: "Decibel"),
            ], swiftSettings: strict),
        .executableTarget(
            name: "Recorder",
            dependencies: [
                .product(name: "Decibel", package: "Decibel"), .product(name: "DecibelGTK", package: "Decibel"),
            ], swiftSettings: strict),
        // The plugins' nodes and definitions (the DSP), then one entry point per plugin library.
        .target(name: "ExamplePlugins", dependencies: plugin, swiftSettings: strict),
        .target(name: "GainPlugin", dependencies: plugin + ["ExamplePlugins"], swiftSettings: strict),
        .target(name: "DelayPlugin", dependencies: plugin + ["ExamplePlugins"], swiftSettings: strict),
        .target(name: "SynthPlugin", dependencies: plugin + ["ExamplePlugins"], swiftSettings: strict),
        // The example plugins against their nodes: lv2apply offline, Decibel's PluginNode hosting them.
        .testTarget(
            name: "ExamplePluginsTests",
            dependencies: [
                "ExamplePlugins", .product(name: "DecibelPlugins", package: "Decibel"),
                .product(name: "DecibelPluginAuthoring", package: "Decibel"),
                .product(name: "DecibelFormats", package: "Decibel"),
            ], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
