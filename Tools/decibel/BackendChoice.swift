import ArgumentParser
import Decibel

/// The `--backend` and `--device` options every audio command shares.
struct BackendChoice: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Backend id: jack, pulse, alsa or null (default: first available; DECIBEL_BACKEND overrides).", valueName: "id"))
    var backend: String?

    @Option(name: .long, help: ArgumentHelp("Device id as `decibel devices` lists it (default: the backend's default device).", valueName: "id"))
    var device: String?

    /// Picks the backend and says which and why on stderr when `verbose`.
    func select(verbose: Bool = false) throws -> AudioBackend {
        let selection = try BackendRegistry.default.select(preferring: backend)
        if verbose { printError("decibel: using \(selection.backend.id) — \(selection.reason)") }
        return selection.backend
    }

    /// Checks that `--device`, if given, names a device of `backend` with `direction`; devices the
    /// backend does not list (an ALSA PCM name, say) are passed through for the backend to judge.
    func checkedDevice(on backend: AudioBackend, direction: AudioDirection) throws -> String? {
        guard let device else { return nil }
        let listed = (try? backend.devices()) ?? []
        if listed.isEmpty || listed.contains(where: { $0.id == device }) || backend.id == "alsa" { return device }
        let matching = listed.filter { direction == .duplex || $0.direction == direction || $0.direction == .duplex }
        throw AudioError.deviceNotFound(device, backend: backend.id, available: matching.map(\.id))
    }
}
