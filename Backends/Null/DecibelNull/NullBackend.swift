import DecibelCore

/// A real audio device with no sound: a render thread paced by the monotonic clock at the configured
/// buffer size, or a manual clock for deterministic tests.
///
/// Devices: `null-out` (plays into nothing), `null-in` (captures `Options.inputSignal`), `null-silence`
/// and `null-noise` (capture those signals). It is always available and sorts last in the registry, so
/// programs run on machines with no sound system at all.
///
/// ```swift
/// let backend = NullBackend(options: .init(clock: .manual))
/// let stream = try backend.makeNullStream(StreamConfiguration { context in /* fill context.output */ })
/// try stream.start()
/// let block = try stream.render(frames: 256)   // one callback, on this thread
/// ```
public final class NullBackend: AudioBackend {
    /// How the device's streams are clocked.
    public enum Clock: Hashable, Sendable {
        /// A render thread calls back at real-time rate, paced by `CLOCK_MONOTONIC`.
        case realTime
        /// Nothing runs by itself: each `NullStream.render(frames:)` call is one callback.
        case manual
    }

    /// Settings of the device.
    public struct Options: Hashable, Sendable {
        /// Real-time or manual clocking.
        public var clock: Clock
        /// What `null-in` captures.
        public var inputSignal: TestSignal
        /// The rate streams run at unless the configuration asks for another.
        public var sampleRate: Double
        /// Frames per callback for `BufferSize.automatic`.
        public var defaultBufferSize: Int

        /// Creates options; defaults: real-time clock, a 440 Hz sine at half scale, 48 kHz, 256 frames.
        public init(
            clock: Clock = .realTime, inputSignal: TestSignal = .sine(frequency: 440, amplitude: 0.5),
            sampleRate: Double = 48_000, defaultBufferSize: Int = 256
        ) {
            self.clock = clock
            self.inputSignal = inputSignal
            self.sampleRate = sampleRate
            self.defaultBufferSize = defaultBufferSize
        }
    }

    public let id = "null"
    public let name = "Null device (no sound)"
    /// The device's settings.
    public let options: Options

    /// Default options: real-time clock, a 440 Hz input sine, 48 kHz, 256-frame callbacks.
    public init(options: Options = Options()) { self.options = options }

    public var availability: BackendAvailability {
        .available(
            detail:
                "always: a \(options.clock == .manual ? "manually" : "monotonic-clock") paced device that plays into nothing"
        )
    }

    static let supportedRates: [Double] = [
        8_000, 11_025, 16_000, 22_050, 32_000, 44_100, 48_000, 88_200, 96_000, 176_400, 192_000,
    ]

    public func devices() throws(AudioError) -> [AudioDevice] {
        func device(_ id: String, _ name: String, _ direction: AudioDirection, isDefault: Bool) -> AudioDevice {
            AudioDevice(
                id: id, name: name, backend: self.id, direction: direction,
                inputChannelCount: direction.hasInput ? 32 : 0, outputChannelCount: direction.hasOutput ? 32 : 0,
                sampleRates: Self.supportedRates, preferredSampleRate: options.sampleRate, sampleTypes: [.float32],
                isDefaultInput: isDefault && direction.hasInput, isDefaultOutput: isDefault && direction.hasOutput
            )
        }
        return [
            device("null-out", "Null output (discards audio)", .output, isDefault: true),
            device("null-in", "Null input (\(options.inputSignal))", .input, isDefault: true),
            device("null-silence", "Null input (silence)", .input, isDefault: false),
            device("null-noise", "Null input (white noise)", .input, isDefault: false),
        ]
    }

    public func makeStream(_ configuration: StreamConfiguration) throws(AudioError) -> any AudioStream {
        try makeNullStream(configuration)
    }

    /// Opens a stream with the Null device's own API (`render(frames:)` for manual clocking).
    /// - Throws: `AudioError` of kind `invalidArgument` when a channel count, the rate or the buffer size is out
    ///   of range, `deviceNotFound` when the output device is not `null-out` or the input device not `null-in`,
    ///   `null-silence` or `null-noise`, or `backendError` when the stream's event thread cannot start.
    public func makeNullStream(_ configuration: StreamConfiguration) throws(AudioError) -> NullStream {
        try configuration.validate(backend: id)
        let signal: TestSignal?
        if configuration.direction.hasInput {
            signal = try inputSignal(forDevice: configuration.inputDevice)
        } else {
            signal = nil
        }
        if configuration.direction.hasOutput, let device = configuration.outputDevice, device != "null-out" {
            throw AudioError.deviceNotFound(device, backend: id, available: ["null-out"])
        }
        let rate = configuration.sampleRate ?? options.sampleRate
        let bufferSize = configuration.bufferSize.frames(atSampleRate: rate) ?? options.defaultBufferSize
        let format = StreamFormat(
            sampleRate: rate,
            inputChannelCount: configuration.direction.hasInput ? configuration.inputChannelCount : 0,
            outputChannelCount: configuration.direction.hasOutput ? configuration.outputChannelCount : 0,
            bufferSize: bufferSize, maximumFrameCount: bufferSize
        )
        return try NullStream(
            configuration: configuration, format: format, clock: options.clock, inputSignal: signal ?? .silence)
    }

    private func inputSignal(forDevice device: String?) throws(AudioError) -> TestSignal {
        switch device {
        case nil, "null-in": options.inputSignal
        case "null-silence": .silence
        case "null-noise": .noise(amplitude: 0.5)
        case let other?:
            throw AudioError.deviceNotFound(other, backend: id, available: ["null-in", "null-silence", "null-noise"])
        }
    }

    /// The Null device list never changes, so the observation never fires.
    /// - Throws: Never. The signature is `AudioBackend`'s; with no library or server to watch, neither
    ///   `backendUnavailable` nor `backendError` (what other backends throw here) can occur.
    public func observeDevices(
        _ handler: @escaping @Sendable (DeviceEvent) -> Void
    ) throws(AudioError) -> DeviceObservation {
        DeviceObservation {}
    }
}
