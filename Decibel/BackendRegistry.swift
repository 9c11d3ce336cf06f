#if canImport(Glibc)
import Glibc
#endif

/// The compiled-in backends in priority order, and the runtime pick among them.
///
/// The order is PipeWire (if its daemon answers), JACK (if a real jackd runs; PipeWire's own libjack is
/// left to the native backend), PulseAudio (if a server answers), ALSA, then the Null device, which is
/// always available. The pick moves past a backend only when it is unavailable (or usable only
/// when named, like ALSA with no card and no working `default` PCM), and says why about each one. `DECIBEL_BACKEND=<id>` or an explicit id (a `--backend` flag) overrides the order;
/// an overridden backend that is unavailable is an error, never a silent fallback.
///
/// ```swift
/// let selection = try BackendRegistry.default.select()
/// print("using \(selection.backend.id): \(selection.reason)")
/// ```
public struct BackendRegistry: Sendable {
    /// The backends, highest priority first.
    public let backends: [any AudioBackend]

    /// Creates a registry over `backends`, highest priority first.
    public init(backends: [any AudioBackend]) { self.backends = backends }

    /// Every backend compiled into this build, in priority order.
    public static var compiledIn: [any AudioBackend] {
        [PipeWireBackend(), JACKBackend(), PulseBackend(), ALSABackend(), NullBackend()]
    }

    /// The registry of every compiled-in backend.
    public static var `default`: BackendRegistry { BackendRegistry(backends: compiledIn) }

    /// The ids of the backends, in priority order.
    public var ids: [String] { backends.map(\.id) }

    /// The backend with `id`, or `unknownBackend` listing the ids there are.
    /// - Throws: `AudioError` of kind `unknownBackend` when no backend has `id` (compared in lowercase); the message
    ///   lists the ids there are.
    public func backend(id: String) throws(AudioError) -> any AudioBackend {
        let wanted = id.lowercased()
        if let backend = backends.first(where: { $0.id == wanted }) { return backend }
        throw AudioError(.unknownBackend, "no backend '\(id)'; choose one of: \(ids.joined(separator: ", "))")
    }

    /// Checks every backend and says which would be picked and why (what `decibel backends` prints).
    public func report(
        preferring explicitID: String? = nil, environment: [String: String] = BackendRegistry.currentEnvironment()
    ) -> [BackendReport] {
        let override = Self.override(explicitID: explicitID, environment: environment)
        var chosenYet = false
        return backends.map { backend in
            let availability = backend.availability
            var chosen = false
            if let override {
                chosen = backend.id == override.id.lowercased() && availability.isAvailable
            } else if !chosenYet && availability.isAutomaticChoice {
                chosen = true
            }
            chosenYet = chosenYet || chosen
            return BackendReport(id: backend.id, name: backend.name, availability: availability, isChosen: chosen)
        }
    }

    /// Picks the backend to use: the override if one is given, else the first available in priority
    /// order. Backends after the chosen one are not checked.
    /// - Throws: `AudioError` of kind `unknownBackend` when `explicitID` (or else `DECIBEL_BACKEND`) names no
    ///   backend, or `backendUnavailable` when the backend it names is unavailable or, with no override, no backend
    ///   is available for an automatic pick (the message gives each one's reason).
    public func select(
        preferring explicitID: String? = nil, environment: [String: String] = BackendRegistry.currentEnvironment()
    ) throws(AudioError) -> BackendSelection {
        if let override = Self.override(explicitID: explicitID, environment: environment) {
            let backend = try backend(id: override.id)
            let availability = backend.availability
            guard availability.isAvailable else {
                throw AudioError(
                    .backendUnavailable, "\(override.source) asks for '\(backend.id)', which is \(availability)",
                    backend: backend.id)
            }
            return BackendSelection(
                backend: backend, reason: "\(override.source) asks for it; \(availability.explanation)", skipped: [])
        }
        var skipped: [BackendReport] = []
        for backend in backends {
            let availability = backend.availability
            if availability.isAutomaticChoice {
                let detail = availability.explanation
                let passed =
                    skipped.isEmpty
                    ? "" : " (" + skipped.map { "\($0.id) \($0.availability)" }.joined(separator: "; ") + ")"
                return BackendSelection(
                    backend: backend, reason: "first available in priority order: \(detail)\(passed)", skipped: skipped)
            }
            skipped.append(
                BackendReport(id: backend.id, name: backend.name, availability: availability, isChosen: false))
        }
        let reasons = skipped.map { "\($0.id): \($0.availability)" }.joined(separator: "; ")
        throw AudioError(.backendUnavailable, "no backend is available (\(reasons))")
    }

    private static func override(explicitID: String?, environment: [String: String]) -> (id: String, source: String)? {
        if let id = explicitID, !id.isEmpty { return (id, "--backend") }
        if let id = environment["DECIBEL_BACKEND"], !id.isEmpty { return (id, "DECIBEL_BACKEND") }
        return nil
    }

    /// The process environment (the default for `select` and `report`).
    public static func currentEnvironment() -> [String: String] { BackendEnvironment.current() }
}

/// One backend's line in a registry report.
public struct BackendReport: Sendable, Hashable {
    /// The backend's id.
    public var id: String
    /// The backend's human-readable name.
    public var name: String
    /// Whether it can be used, and why.
    public var availability: BackendAvailability
    /// Whether the registry picks it.
    public var isChosen: Bool
}

/// The outcome of `BackendRegistry.select`: the backend and why it was picked.
public struct BackendSelection: Sendable {
    /// The backend to use.
    public var backend: any AudioBackend
    /// Why it was picked, including why higher-priority backends were passed over.
    public var reason: String
    /// The higher-priority backends passed over because they were unavailable.
    public var skipped: [BackendReport]
}
