import CALSA
import DecibelCore
#if canImport(Glibc)
import Glibc
#endif

/// The ALSA backend: alsa-lib's PCMs (hardware cards, `default`, plugins such as `null`, `pulse`, `file`).
///
/// alsa-lib is loaded at run time (`libasound.so.2`, or the file `DECIBEL_ALSA_LIBRARY` names), so a
/// program linking this backend starts where the library is missing and `availability` says why.
/// Any PCM name alsa-lib accepts (what `aplay -D` takes) works as a device id, listed or not.
public final class ALSABackend: AudioBackend {
    /// `"alsa"`.
    public let id = "alsa"
    /// `"ALSA"`.
    public let name = "ALSA"
    /// The library file to load; nil means `DECIBEL_ALSA_LIBRARY` or `libasound.so.2`.
    public let libraryPath: String?
    /// Which sample layout streams ask PCMs for first.
    public let access: ALSAAccess
    /// The directory whose changes refresh the device list (`/dev/snd`).
    let deviceDirectory: String

    /// Creates the backend; nothing is loaded until it is first used.
    public init(libraryPath: String? = nil, access: ALSAAccess = .interleavedFirst) {
        self.libraryPath = libraryPath
        self.access = access
        deviceDirectory = "/dev/snd"
    }

    init(libraryPath: String? = nil, access: ALSAAccess = .interleavedFirst, deviceDirectory: String) {
        self.libraryPath = libraryPath
        self.access = access
        self.deviceDirectory = deviceDirectory
    }

    /// alsa-lib, loaded on first use.
    func library() throws(AudioError) -> ALSALibrary {
        try ALSALibrary.load(path: libraryPath).get()
    }

    /// Available whenever alsa-lib loads: its plugin PCMs (`null`, `pulse`, `file`, anything in the
    /// configuration) work without a sound card. The detail says how many cards there are and whether
    /// the `default` PCM opens, so a machine with neither is visible at a glance.
    public var availability: BackendAvailability {
        let library: ALSALibrary
        do { library = try self.library() } catch { return .unavailable(reason: error.messageWithCode) }
        let cards = Self.cardNumbers(library)
        let prefix = "alsa-lib \(library.version), \(cards.count) sound card(s)"
        do {
            _ = try ALSAPCM(library: library, name: "default", direction: .output)
            return .available(detail: prefix + "; the 'default' PCM opens")
        } catch {
            let detail = prefix + "; the 'default' PCM does not open (\(error.codeDescription ?? error.message)), so name a PCM such as 'null' or 'pulse'"
            // A card means real hardware a user can name; with none and no working default, an automatic
            // pick of ALSA would play into nothing.
            return cards.isEmpty ? .availableOnRequest(detail: detail) : .available(detail: detail)
        }
    }

    public func devices() throws(AudioError) -> [AudioDevice] {
        Self.listDevices(try library())
    }

    public func defaultDevice(for direction: AudioDirection) throws(AudioError) -> AudioDevice? {
        try devices().first { $0.isDefault(for: direction) && ($0.direction == direction || $0.direction == .duplex) }
    }

    public func probe(_ device: AudioDevice) throws(AudioError) -> AudioDevice {
        try Self.probe(device, library: try library())
    }

    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try ALSAStream(library: try library(), configuration: configuration, access: access)
    }

    /// Watches `/dev/snd` (and `/dev`, for the folder itself appearing) with inotify; each change is
    /// reported as the devices added and removed since the last list, or `listChanged` when the list
    /// looks the same (a card's nodes changed but its PCMs did not).
    public func observeDevices(_ handler: @escaping @Sendable (DeviceEvent) -> Void) throws(AudioError) -> DeviceObservation {
        let library = try library()
        let watcher = try ALSADeviceWatcher(directory: deviceDirectory, initial: Self.listDevices(library), list: { Self.listDevices(library) }, handler: handler)
        return DeviceObservation { watcher.cancel() }
    }
}
