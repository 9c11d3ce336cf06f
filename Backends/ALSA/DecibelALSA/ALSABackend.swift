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
    /// How the backend finds its library and devices, and what its streams ask for unless told otherwise.
    public struct Options: Sendable, Hashable {
        /// The alsa-lib file to load.
        public var libraryPath: String
        /// The folder whose changes refresh the device list.
        public var deviceDirectory: String
        /// What `makeStream(_:)` opens streams with; `makeALSAStream(_:options:)` takes others per stream.
        public var streams: ALSAStreamOptions

        /// `libraryPath` nil means `DECIBEL_ALSA_LIBRARY` from `environment`, else `libasound.so.2`.
        public init(
            libraryPath: String? = nil, deviceDirectory: String = "/dev/snd",
            streams: ALSAStreamOptions = ALSAStreamOptions(),
            environment: [String: String] = BackendEnvironment.current()
        ) {
            self.libraryPath = ALSALibrary.description.resolvePath(libraryPath, environment: environment)
            self.deviceDirectory = deviceDirectory
            self.streams = streams
        }
    }

    public let id = "alsa"
    public let name = "ALSA"
    /// Any PCM name alsa-lib accepts works as a device id, listed or not.
    public let acceptsUnlistedDevices = true
    /// What this backend was created with.
    public let options: Options

    /// Nothing is loaded until the backend is first used.
    public init(options: Options = Options()) { self.options = options }

    /// alsa-lib, loaded on first use.
    func library() throws(AudioError) -> ALSALibrary {
        try ALSALibrary.load(path: options.libraryPath)
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
            let detail =
                prefix
                + "; the 'default' PCM does not open (\(error.codeDescription ?? error.message)), so name a PCM such as 'null' or 'pulse'"
            // A card means real hardware a user can name; with none and no working default, an automatic
            // pick of ALSA would play into nothing.
            return cards.isEmpty ? .availableOnRequest(detail: detail) : .available(detail: detail)
        }
    }

    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try makeALSAStream(configuration)
    }

    /// Opens a stream as an `ALSAStream` with `options` (`nil`: the backend's `Options.streams`), for what
    /// only ALSA offers (the sample layout asked for, the negotiated PCM parameters).
    /// - Throws: `AudioError` of kind `backendUnavailable` when alsa-lib is missing, `invalidArgument` when a
    ///   channel count, the rate or the buffer size is out of range, `deviceNotFound` when alsa-lib knows no PCM
    ///   by the device's name or its device is missing, `unsupportedConfiguration` when the PCM cannot run the
    ///   stream's direction, channel count, rate, a convertible format or the period, or the two sides of a
    ///   duplex stream settle on different periods, or `backendError` when the PCM is busy or fails to open
    ///   otherwise, or a parameter block, the wake-up descriptor or a thread cannot be created.
    public func makeALSAStream(
        _ configuration: StreamConfiguration, options streamOptions: ALSAStreamOptions? = nil
    ) throws(AudioError) -> ALSAStream {
        try ALSAStream(
            library: try library(), configuration: configuration, access: (streamOptions ?? options.streams).access)
    }
}
