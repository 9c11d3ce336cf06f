import ArgumentParser
import Decibel

/// The `--backend` and `--device` options every audio command shares.
public struct BackendChoice: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Backend id: \(Self.backendIDs) (default: first available; DECIBEL_BACKEND overrides).",
            valueName: "id"))
    public var backend: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Device id as `decibel devices` lists it (default: the backend's default device).", valueName: "id"))
    public var device: String?

    public init() {}

    /// The ids the help lists, made once: ArgumentParser creates this type several times while it parses, and
    /// creating the registry's backends each time (each reads the environment) cost `decibel play` ~1 ms.
    private static let backendIDs = BackendRegistry.default.ids.joined(separator: ", ")

    /// Picks the backend and, when `verbose`, says on stderr which and why, prefixed with `tool`.
    /// - Throws: `AudioError` of kind `unknownBackend` when `--backend` (or else `DECIBEL_BACKEND`) names no
    ///   backend, or `backendUnavailable` when the backend it names is unavailable.
    public func select(verbose: Bool = false, tool: String = "decibel") throws -> AudioBackend {
        let selection = try BackendRegistry.default.select(preferring: backend)
        if verbose { printError("\(tool): using \(selection.backend.id) — \(selection.reason)") }
        return selection.backend
    }

    /// Checks that `--device`, if given, names a device of `backend` with `direction`; devices the
    /// backend does not list (an ALSA PCM name, say) are passed through for the backend to judge.
    /// - Throws: `AudioError` of kind `deviceNotFound` when `--device` is not among the devices `backend` lists
    ///   (the message lists those for `direction`); a backend that lists none, or fails to list, is not checked.
    public func checkedDevice(on backend: AudioBackend, direction: AudioDirection) throws -> String? {
        guard let device else { return nil }
        if backend.acceptsUnlistedDevices { return device }
        let listed = (try? backend.devices()) ?? []
        if listed.isEmpty || listed.contains(where: { $0.id == device }) { return device }
        let matching = listed.filter { direction == .duplex || $0.direction == direction || $0.direction == .duplex }
        throw AudioError.deviceNotFound(device, backend: backend.id, available: matching.map(\.id))
    }
}
