/// Whether a backend can be used right now, and why.
public enum BackendAvailability: Hashable, Sendable, CustomStringConvertible {
    /// Usable; the detail says what answered (for example "server 'default' at 48000 Hz").
    case available(detail: String)
    /// Usable when asked for by name, but a poor automatic pick: ALSA on a machine with no sound card
    /// whose `default` PCM does not open still plays to `null` or a file PCM, yet picking it unasked
    /// would send sound nowhere. The registry passes over it unless it is named.
    case availableOnRequest(detail: String)
    /// Not usable; the reason says why in words a person can act on.
    case unavailable(reason: String)

    /// Whether the backend is usable (when named, at least).
    public var isAvailable: Bool { if case .unavailable = self { false } else { true } }

    /// Whether an automatic pick may choose it.
    public var isAutomaticChoice: Bool { if case .available = self { true } else { false } }

    /// The detail or the reason.
    public var explanation: String {
        switch self {
        case .available(let text), .availableOnRequest(let text), .unavailable(let text): text
        }
    }

    public var description: String {
        switch self {
        case .available(let detail): "available: \(detail)"
        case .availableOnRequest(let detail): "available when named: \(detail)"
        case .unavailable(let reason): "unavailable: \(reason)"
        }
    }
}

/// One audio system (PipeWire, JACK, PulseAudio, ALSA, the Null device): lists devices and opens streams.
///
/// Modelled on cpal's `Host` and libsoundio's backend vtable. Implementations are thread-safe; calls may
/// block briefly to talk to a server, so call them from a control thread, never from a render callback.
public protocol AudioBackend: AnyObject, Sendable {
    /// Stable lowercase identifier: `"pipewire"`, `"jack"`, `"pulse"`, `"alsa"`, `"null"`.
    var id: String { get }
    /// Human-readable name.
    var name: String { get }
    /// Checks now whether the backend can be used (its library loads and its server answers).
    var availability: BackendAvailability { get }
    /// The devices right now (never a cached list from an earlier call).
    /// - Throws: `AudioError` of kind `backendUnavailable` when the backend's library does not load or its server is
    ///   not running, `timedOut` when the server does not answer in time, or `backendError` when the library reports a
    ///   failure; each backend documents its own (the Null backend never throws).
    func devices() throws(AudioError) -> [AudioDevice]
    /// The system default device for `direction`, if there is one.
    /// - Throws: `AudioError` of the kinds `devices()` throws: `backendUnavailable` when the backend's library does not
    ///   load or its server is not running, `timedOut` when the server does not answer in time, or `backendError` when
    ///   the library reports a failure; each backend documents its own. Having no default device is not an error: the
    ///   result is `nil` then.
    func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice?
    /// Fills in what a device supports (channels, rates, encodings) when listing did not, which can be
    /// slow. Backends that list everything up front return the device unchanged.
    /// - Throws: `AudioError` of kind `deviceNotFound` when the device does not open, `unsupportedConfiguration` when
    ///   it offers no configuration, `backendUnavailable` when the backend's library does not load, or `backendError`
    ///   when the library reports a failure; each backend documents its own. The default implementation returns the
    ///   device unchanged and never throws.
    func probe(_ device: AudioDevice) throws(AudioError) -> AudioDevice
    /// Opens a stream; it does not run until `start()`.
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out of
    ///   range (see `StreamConfiguration.validate(backend:)`), `deviceNotFound` when a device id names no device,
    ///   `unsupportedConfiguration` when the device or server refuses the rate, channels or sample type,
    ///   `backendUnavailable` when the library does not load or no server runs, `timedOut` when the server does not
    ///   answer in time, or `backendError` when the library reports a failure; each backend documents its own.
    func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream
    /// Delivers device-list changes to `handler` on a control thread until the observation is cancelled.
    /// - Throws: `AudioError` of kind `backendUnavailable` when the backend's library does not load or its server is
    ///   not running, `timedOut` when the server does not answer in time, or `backendError` when the watch cannot be
    ///   set up (a library or inotify failure); each backend documents its own (the Null backend never throws).
    func observeDevices(_ handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) -> DeviceObservation
    /// Whether a stream may name a device `devices()` does not list (ALSA takes any PCM name alsa-lib
    /// understands, `aplay -D` style), so callers should pass unknown ids through instead of refusing them.
    var acceptsUnlistedDevices: Bool { get }
}

extension AudioBackend {
    /// Whether the backend can be used right now.
    public var isAvailable: Bool { availability.isAvailable }

    /// The default capture device, if any.
    /// - Throws: `AudioError` of the kinds `defaultDevice(for:)` throws: `backendUnavailable` when the backend's
    ///   library does not load or its server is not running, `timedOut` when the server does not answer in time, or
    ///   `backendError` when the library reports a failure.
    public var defaultInputDevice: AudioDevice? { get throws(AudioError) { try defaultDevice(for: .input) } }

    /// The default playback device, if any.
    /// - Throws: `AudioError` of the kinds `defaultDevice(for:)` throws: `backendUnavailable` when the backend's
    ///   library does not load or its server is not running, `timedOut` when the server does not answer in time, or
    ///   `backendError` when the library reports a failure.
    public var defaultOutputDevice: AudioDevice? { get throws(AudioError) { try defaultDevice(for: .output) } }

    /// The listed device marked default for `direction`: for `.input` the default device that captures,
    /// for `.output` the default device that plays, and for `.duplex` one device that is both defaults and
    /// does both, or `nil` where the defaults are two devices (PulseAudio's sink and source, PipeWire's
    /// nodes): a duplex stream opened with no device then uses the two. Every backend answers by this rule.
    /// - Throws: `AudioError` of the kinds `devices()` throws: `backendUnavailable`, `timedOut` or `backendError`.
    public func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? {
        let listed = try devices()
        return switch direction {
        case .input: listed.first { $0.isDefaultInput && $0.direction.hasInput }
        case .output: listed.first { $0.isDefaultOutput && $0.direction.hasOutput }
        case .duplex: listed.first { $0.isDefaultInput && $0.isDefaultOutput && $0.direction == .duplex }
        }
    }

    public func probe(_ device: AudioDevice) throws(AudioError) -> AudioDevice { device }

    public var acceptsUnlistedDevices: Bool { false }

    /// The listed device with this id, or `deviceNotFound` naming the ids there are.
    /// - Throws: `AudioError` of kind `deviceNotFound` when no listed device has `id` (the message lists the ids there
    ///   are), or what `devices()` throws: `backendUnavailable`, `timedOut` or `backendError` when the backend cannot
    ///   list its devices.
    public func device(id: String) throws(AudioError) -> AudioDevice {
        let all = try devices()
        if let match = all.first(where: { $0.id == id }) { return match }
        throw AudioError.deviceNotFound(id, backend: self.id, available: all.map(\.id))
    }
}
