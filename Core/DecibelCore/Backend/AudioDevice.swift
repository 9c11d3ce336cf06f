/// A place audio can come from or go to, as a backend lists it.
///
/// `id` is stable across runs (a PCM name, a sink name, a JACK client name — never an index or a process
/// id), so it can be saved in settings and passed back in `StreamConfiguration`.
public struct AudioDevice: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Stable identifier within its backend.
    public var id: String
    /// Human-readable name.
    public var name: String
    /// The backend that lists it (`"jack"`, `"pulse"`, `"alsa"`, `"null"`).
    public var backend: String
    /// Whether it captures, plays or both.
    public var direction: AudioDirection
    /// Capture channels (0 for an output-only device; 0 with `direction.hasInput` means not probed).
    public var inputChannelCount: Int
    /// Playback channels (0 for an input-only device; 0 with `direction.hasOutput` means not probed).
    public var outputChannelCount: Int
    /// Sample rates it accepts; empty when unknown (not probed yet).
    public var sampleRates: [Double]
    /// The rate it runs at by default (the server's rate for JACK and PulseAudio).
    public var preferredSampleRate: Double?
    /// Encodings it accepts natively, the one it runs in first where the backend knows it (PulseAudio); empty
    /// when unknown.
    public var sampleTypes: [SampleType]
    /// Whether it is the system's default capture device.
    public var isDefaultInput: Bool
    /// Whether it is the system's default playback device.
    public var isDefaultOutput: Bool
    /// Whether it captures what another device plays (a PulseAudio monitor source).
    public var isMonitor: Bool

    /// Backends describe their devices with this; tests and custom backends may too.
    public init(
        id: String, name: String, backend: String, direction: AudioDirection,
        inputChannelCount: Int = 0, outputChannelCount: Int = 0,
        sampleRates: [Double] = [], preferredSampleRate: Double? = nil, sampleTypes: [SampleType] = [],
        isDefaultInput: Bool = false, isDefaultOutput: Bool = false, isMonitor: Bool = false
    ) {
        self.id = id
        self.name = name
        self.backend = backend
        self.direction = direction
        self.inputChannelCount = inputChannelCount
        self.outputChannelCount = outputChannelCount
        self.sampleRates = sampleRates
        self.preferredSampleRate = preferredSampleRate
        self.sampleTypes = sampleTypes
        self.isDefaultInput = isDefaultInput
        self.isDefaultOutput = isDefaultOutput
        self.isMonitor = isMonitor
    }

    /// Whether it is the default for `direction` (for `.duplex`, default for either way).
    public func isDefault(for direction: AudioDirection) -> Bool {
        switch direction {
        case .input: isDefaultInput
        case .output: isDefaultOutput
        case .duplex: isDefaultInput || isDefaultOutput
        }
    }

    public var description: String { "\(backend):\(id) (\(name))" }
}
