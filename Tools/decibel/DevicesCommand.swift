import ArgumentParser
import Decibel
import DecibelToolSupport

/// `decibel devices`: the devices of one backend.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the devices of the picked backend (or --backend ID).",
        discussion:
            "Ids are stable: pass them to --device.\n\nExamples:\n  decibel devices\n  decibel devices --backend jack"
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Backend id: pipewire, jack, pulse, alsa or null (default: first available).", valueName: "id"))
    var backend: String?

    @Flag(
        name: .long,
        help: "Probe each device for channels and rates where the backend does not list them (can be slow).")
    var probe = false

    func run() throws {
        let backend = try BackendRegistry.default.select(preferring: backend).backend
        var devices = try backend.devices()
        if probe { devices = devices.map { (try? backend.probe($0)) ?? $0 } }
        // Ids are never cut (they are what --device takes): PulseAudio's run to 50 characters and more.
        let idWidth = max(28, devices.map(\.id.count).max() ?? 0)
        print(
            "\(column("ID", idWidth)) \(column("DIR", 6)) \(column("IN", 3)) \(column("OUT", 3)) \(column("RATE", 6)) \(column("DEF", 3)) NAME"
        )
        for device in devices {
            let rate = device.preferredSampleRate.map { String(Int($0)) } ?? "-"
            let isDefault = device.isDefaultInput || device.isDefaultOutput ? "*" : ""
            let monitor = device.isMonitor ? " [monitor]" : ""
            print(
                "\(column(device.id, idWidth)) \(column(device.direction.rawValue, 6)) \(column(String(device.inputChannelCount), 3)) \(column(String(device.outputChannelCount), 3)) \(column(rate, 6)) \(column(isDefault, 3)) \(device.name)\(monitor)"
            )
        }
        if devices.isEmpty { printError("decibel: \(backend.id) lists no devices") }
    }
}
